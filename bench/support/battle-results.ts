// Signed battle.completed deliveries for the posting benchmarks (bench/post-latency.ts, bench/post-burst.ts),
// as the platform sends them, and how to read back which events a posted message announces.
import { createHmac } from "node:crypto";
import type { StoredMessage } from "../../fake-discord/index.js";

export const benchWebhookSecret = "bench-operator-webhook-secret-0123456789";

/** A battle.completed in the standard form; `tournamentId` routes it to the channel filtered on it. */
export function battleResultBody(eventId: string, tournamentId?: string): string {
  return JSON.stringify({
    id: eventId,
    event: "battle.completed",
    created: new Date().toISOString(),
    data: {
      object: "battle",
      id: `bat_${eventId}`,
      mode: "realtime",
      difficulty: "medium",
      ...(tournamentId === undefined ? {} : { tournament_id: tournamentId }),
      problem: { id: "prb_1", title: "Two Sum", difficulty: "medium" },
      participants: [
        { user_id: "usr_ada", username: "ada", score: 100, submission_time: 420, rank: 1 },
        { user_id: "usr_bob", username: "bob", score: 60, submission_time: 610, rank: 2 },
      ],
      winner: "usr_ada",
      duration: 900,
    },
  });
}

/** Sends a delivery signed as the platform signs it (X-Service-Signature, HMAC-SHA256 of the body). */
export async function deliverSigned(url: string, body: string): Promise<number> {
  const signature = createHmac("sha256", benchWebhookSecret).update(body).digest("hex");
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", "x-service-signature": `sha256=${signature}` },
    body,
  });
  await response.arrayBuffer();
  return response.status;
}

const eventIdInFooter = /event (ev_[\w-]+)/;

/** The events a message's embeds announce, as each footer names its event (one per embed). */
export function readAnnouncedEvents(message: StoredMessage): string[] {
  return message.embeds.flatMap((embed) => eventIdInFooter.exec(embed.footer?.text ?? "")?.[1] ?? []);
}
