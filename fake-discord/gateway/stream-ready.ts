import type { FakeDiscordState } from "../fake-discord-state.js";
import { renderGuildCreate } from "../world/render-guild.js";
import { renderUser } from "../world/render-world.js";
import { intentBits } from "./gateway-protocol.js";
import type { GatewaySession } from "./gateway-session.js";

/** Wait for the socket to flush after this many GUILD_CREATEs, so 10,000 guilds never pile up in memory. */
const guildsPerFlush = 50;

/**
 * READY with the shard's guilds as unavailable, then one GUILD_CREATE per guild (docs: Gateway, Ready
 * Event). Payloads are rendered one at a time and the socket is drained as it goes.
 */
export async function streamReady(
  state: FakeDiscordState,
  session: GatewaySession,
  resumeUrl: string,
): Promise<void> {
  const guildIds = [...state.world.guilds.keys()].filter((guildId) => session.covers(guildId));
  void session.dispatch("READY", {
    v: 10,
    user: { ...renderUser(state.world.botUser), verified: true, mfa_enabled: false, flags: 0 },
    guilds: guildIds.map((id) => ({ id, unavailable: true })),
    session_id: session.id,
    resume_gateway_url: resumeUrl,
    shard: [session.shardId, session.shardCount],
    application: { id: state.applicationId, flags: 0 },
    private_channels: [],
    presences: [],
    guild_join_requests: [],
    relationships: [],
    _trace: ["fake-discord"],
  });
  if ((session.intents & intentBits.guilds) === 0) return;
  let sinceFlush = 0;
  for (const guildId of guildIds) {
    const guild = state.world.guilds.get(guildId);
    if (guild === undefined) continue;
    if (session.socket === null) return;
    sinceFlush += 1;
    const flush = sinceFlush >= guildsPerFlush;
    if (flush) sinceFlush = 0;
    // A guild down in an outage stays unavailable: "Guilds unavailable due to an outage will send a Guild
    // Delete event" (docs: Gateway Events, Guild Create).
    await (state.world.unavailableGuilds.has(guildId)
      ? session.dispatch("GUILD_DELETE", { id: guildId, unavailable: true }, flush)
      : session.dispatch(
          "GUILD_CREATE",
          renderGuildCreate(guild, state.world.users, state.world.botUser.id),
          flush,
        ));
  }
}
