// The bot's HTTP app (buildApp, in HTTP interactions mode) on a real listener, with the real dispatcher and the
// given commands, registered with a fake Discord that signs each interaction and reads the HTTP answer as Discord
// does; edits go to the fake too.
import type { AddressInfo } from "node:net";
import type { Kysely } from "kysely";
import { REST } from "@discordjs/rest";
import { createInFlightInteractions } from "../../src/discord/in-flight-interactions.js";
import type { SlashCommand } from "../../src/discord/interaction-handlers.js";
import { createFakeDiscord, type FakeDiscord } from "../../fake-discord/index.js";
import { readInteractionPublicKey } from "../../src/http/interaction-signature.js";
import type { UserFacingError } from "../../src/discord/user-facing-error.js";
import type { Database } from "../../src/store/database.js";
import { createLogger, type Logger } from "../../src/logger.js";
import { createTestDispatcher } from "./interaction-fixtures.js";
import { buildTestApp } from "./support/test-app.js";

export interface RouteOverFakeDiscord {
  readonly fake: FakeDiscord;
  /** Where "alice" runs the commands. */
  readonly at: { readonly guildId: string; readonly channelId: string; readonly userId: string };
  close(): Promise<void>;
}

export async function startRouteOverFakeDiscord(
  commands: readonly SlashCommand<object>[],
  options: {
    readonly logger?: Logger;
    /** The dispatcher's known errors; none by default. */
    readonly describeError?: (error: unknown) => UserFacingError | undefined;
    /** The app's store; a fresh SQLite database in memory by default. */
    readonly db?: Kysely<Database>;
  } = {},
): Promise<RouteOverFakeDiscord> {
  const logger = options.logger ?? createLogger({ level: "silent" });
  const fake = await createFakeDiscord();
  const rest = new REST({ api: fake.apiUrl });
  const app = await buildTestApp({
    ...(options.db === undefined ? {} : { db: options.db }),
    logger,
    interactions: {
      publicKey: readInteractionPublicKey(fake.publicKey),
      dispatch: createTestDispatcher(commands, logger, rest, options.describeError),
      inFlight: createInFlightInteractions(logger),
    },
  });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const port = (app.server.address() as AddressInfo).port;
  await fake.setInteractionsEndpoint(`http://127.0.0.1:${String(port)}/interactions`);
  await fetch(`${fake.apiUrl}/v10/applications/${fake.applicationId}/commands`, {
    method: "PUT",
    headers: { authorization: `Bot ${fake.botToken}`, "content-type": "application/json" },
    body: JSON.stringify(commands.map((command) => command.data)),
  });
  const guildId = fake.createGuild({ name: "Arena" }).id;
  const at = {
    guildId,
    channelId: fake.createChannel(guildId, { name: "general" }).id,
    userId: fake.createMember(guildId, { username: "alice" }).id,
  };
  return {
    fake,
    at,
    async close() {
      await app.close();
      await fake.close();
    },
  };
}
