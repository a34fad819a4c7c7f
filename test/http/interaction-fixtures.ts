// Shared by the /interactions route tests: an application key pair, signing as Discord does, a dispatcher
// with a few test commands, and interaction payloads.
import { generateKeyPairSync, sign, type KeyObject } from "node:crypto";
import { REST } from "@discordjs/rest";
import { ApplicationCommandType, InteractionType } from "discord-api-types/v10";
import { systemClock } from "../../src/clock.js";
import { createInteractionDispatcher } from "../../src/discord/interaction-dispatcher.js";
import { defineCommand, type SlashCommand } from "../../src/discord/interaction-handlers.js";
import type { UserFacingError } from "../../src/discord/user-facing-error.js";
import type { Logger } from "../../src/logger.js";

export const pngBytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

/** An application's Ed25519 key pair, the public half in hex as the developer portal shows it. */
export function createApplicationKeys(): { publicKeyHex: string; privateKey: KeyObject } {
  const { publicKey, privateKey } = generateKeyPairSync("ed25519");
  // The raw key ends the SPKI DER; a JWK export can deadlock Node 20 (fake-discord/interactions/http-delivery.ts).
  const raw = publicKey.export({ type: "spki", format: "der" }).subarray(-32);
  return { publicKeyHex: raw.toString("hex"), privateKey };
}

export function signInteraction(privateKey: KeyObject, timestamp: string, body: string): string {
  return sign(null, Buffer.from(timestamp + body), privateKey).toString("hex");
}

/** A gate a test opens when it wants a slow handler to go on. */
export function createGate(): { opened: Promise<void>; open(): void } {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

const command = (name: string) => ({ name, description: name, type: 1 }) as const;

export interface TestCommands {
  readonly commands: readonly SlashCommand<object>[];
  /** `slow` defers, waits for this gate, then finishes without another call to Discord. */
  readonly slowGate: ReturnType<typeof createGate>;
  readonly finished: string[];
}

export function createTestCommands(): TestCommands {
  const slowGate = createGate();
  const finished: string[] = [];
  const commands = [
    defineCommand<object, ReturnType<typeof command>>({
      data: command("echo"),
      acknowledge: "none",
      async run(_deps, { responder, actor }) {
        await responder.reply({ content: `hello, ${actor.username}` });
      },
    }),
    // Reads the nickname, a field the route's schema does not name.
    defineCommand<object, ReturnType<typeof command>>({
      data: command("whoami"),
      acknowledge: "none",
      async run(_deps, { responder, actor }) {
        await responder.reply({ content: `you are ${actor.displayName}` });
      },
    }),
    defineCommand<object, ReturnType<typeof command>>({
      data: command("chart"),
      acknowledge: "none",
      async run(_deps, { responder }) {
        await responder.reply({
          content: "your chart",
          files: [{ name: "rating.png", data: pngBytes, contentType: "image/png" }],
        });
      },
    }),
    // A handler with a bug: it neither answers nor throws.
    defineCommand<object, ReturnType<typeof command>>({
      data: command("silent"),
      acknowledge: "none",
      run: () => Promise.resolve(),
    }),
    defineCommand<object, ReturnType<typeof command>>({
      data: command("slow"),
      acknowledge: "ephemeral",
      async run() {
        await slowGate.opened;
        finished.push("slow");
      },
    }),
  ];
  return { commands, slowGate, finished };
}

export function createTestDispatcher(
  commands: readonly SlashCommand<object>[],
  logger: Logger,
  // By default never reached: a test whose first responses all go back as the HTTP answer.
  rest: REST = new REST(),
  describeError?: (error: unknown) => UserFacingError | undefined,
) {
  return createInteractionDispatcher<object>({
    deps: {},
    commands,
    components: [],
    modals: [],
    rest,
    logger,
    clock: systemClock,
    ...(describeError === undefined ? {} : { describeError }),
  });
}

/** A slash command as Discord POSTs it, run by "alice" in a guild. */
export function commandInteraction(name: string, commandType = ApplicationCommandType.ChatInput) {
  return {
    id: "1300000000000000001",
    application_id: "1300000000000000000",
    type: InteractionType.ApplicationCommand,
    token: "interaction-token",
    version: 1,
    guild_id: "1300000000000000002",
    channel: { id: "1300000000000000003", type: 0 },
    channel_id: "1300000000000000003",
    member: {
      user: {
        id: "1300000000000000004",
        username: "alice",
        discriminator: "0",
        global_name: null,
        avatar: null,
      },
      roles: [],
      permissions: "0",
      joined_at: "2024-01-01T00:00:00.000Z",
      deaf: false,
      mute: false,
      flags: 0,
    },
    locale: "en-US",
    data: { id: "1300000000000000005", name, type: commandType },
  };
}

export const pingInteraction = {
  id: "1300000000000000009",
  application_id: "1300000000000000000",
  type: InteractionType.Ping,
  token: "ping-token",
  version: 1,
};
