// What a server's admins hear when Discord refuses a battle card's thread (docs/architecture.md, "Posting"):
// which permission to grant, in which channel. Threads need their own permissions (docs: Topics, Threads —
// Permissions): Create Public Threads to start one, Send Messages in Threads to post in it.
import type { AdminNotice, FailedRows } from "../outbox/index.js";

export function describeRefusedThread(failed: FailedRows): AdminNotice {
  const starting = failed.rows.some((row) => row.action === "start-thread");
  const permission = starting ? "Create Public Threads" : "Send Messages in Threads";
  return {
    guildId: failed.guildId,
    content:
      `I could not ${starting ? "start a thread for a battle card" : "post in a battle's thread"} in ` +
      `<#${failed.channelId}> (${failed.reason}). Give me **${permission}** there; meanwhile battle ` +
      "updates are posted in the channel.",
    what: "a battle thread was refused",
    logFields: { channelId: failed.channelId, reason: failed.reason, permission },
  };
}
