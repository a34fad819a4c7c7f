import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { systemClock } from "./clock.js";
import { FakeDiscordDriver } from "./driver/fake-discord-driver.js";
import { MemberActions, type DeliverInteraction } from "./driver/member-actions.js";
import { createFakeDiscordState, type FakeDiscordState } from "./fake-discord-state.js";
import type { FakeDiscordOptions } from "./fake-discord-options.js";
import { dispatchMessageChanges } from "./gateway/dispatch-message-changes.js";
import { dispatchWorldChanges } from "./gateway/dispatch-world-changes.js";
import { GatewayServer } from "./gateway/gateway-server.js";
import { HttpInteractionDelivery } from "./interactions/http-delivery.js";
import { RateLimiter } from "./rate-limits/rate-limiter.js";
import { buildRestApp } from "./rest/build-rest-app.js";

export type { FakeDiscordOptions } from "./fake-discord-options.js";

/** The fake Discord, listening on 127.0.0.1: REST at `apiUrl`, the JSON gateway at `gatewayUrl`. */
export class FakeDiscord extends FakeDiscordDriver {
  constructor(
    state: FakeDiscordState,
    actions: MemberActions,
    readonly gateway: GatewayServer,
    private readonly app: FastifyInstance,
    readonly origin: string,
    private readonly httpDelivery: HttpInteractionDelivery,
  ) {
    super(state, actions);
  }

  /** For discord.js `rest: { api }` / REST `api`: the base without `/v10` (@discordjs/rest appends it). */
  get apiUrl(): string {
    return `${this.origin}/api`;
  }

  get gatewayUrl(): string {
    return `${this.origin.replace(/^http/, "ws")}/gateway`;
  }

  /** The application's Ed25519 public key (hex), what the bot reads as DISCORD_PUBLIC_KEY. */
  get publicKey(): string {
    return this.httpDelivery.publicKey;
  }

  /** HTTP interactions mode: deliveries the bot answered badly. */
  get httpDeliveryFailures(): readonly { interactionId: string; reason: string }[] {
    return this.httpDelivery.failures;
  }

  /**
   * Sets the Interactions Endpoint URL, after Discord's check: a signed PING must get `{"type":1}` and
   * a badly signed one a 401, or the URL is refused (throws). `null` goes back to the gateway.
   */
  async setInteractionsEndpoint(url: string | null): Promise<void> {
    const previous = this.httpDelivery.url;
    this.httpDelivery.url = url;
    if (url === null) return;
    try {
      const valid = await this.httpDelivery.ping("valid");
      const invalid = await this.httpDelivery.ping("invalid");
      const pong = valid.status === 200 && (JSON.parse(valid.body) as { type?: unknown }).type === 1;
      if (!pong || invalid.status !== 401) {
        throw new Error(
          `Interactions endpoint check failed: PING answered ${valid.status}, bad signature answered ${invalid.status}`,
        );
      }
    } catch (error) {
      this.httpDelivery.url = previous;
      throw error;
    }
  }

  /** Sends one PING to the endpoint, signed properly or not, and returns the bot's answer. */
  pingInteractionsEndpoint(
    signature: "valid" | "invalid" = "valid",
  ): Promise<{ status: number; body: string }> {
    return this.httpDelivery.ping(signature);
  }

  async close(): Promise<void> {
    this.state.interactions.close();
    await this.gateway.close();
    await this.app.close();
  }
}

/** Builds the fake and starts it on 127.0.0.1 on a free port. */
export async function createFakeDiscord(options: FakeDiscordOptions = {}): Promise<FakeDiscord> {
  let origin = "";
  const state = createFakeDiscordState(options, () => origin);
  const gatewayUrl = () => `${origin.replace(/^http/, "ws")}/gateway`;
  const gateway = new GatewayServer(
    state,
    {
      path: "/gateway",
      heartbeatIntervalMs: options.heartbeatIntervalMs ?? 10_000,
      maxGuildsPerSession: options.maxGuildsPerSession ?? 2500,
      privilegedIntents: options.privilegedIntents ?? ["GuildMembers", "GuildPresences", "MessageContent"],
      ...(options.logger === undefined ? {} : { logger: options.logger }),
    },
    gatewayUrl,
  );
  state.world.listen(dispatchWorldChanges(state, gateway));
  state.messages.onChange(dispatchMessageChanges(state, gateway));
  const rateLimiter = new RateLimiter(options.rateLimitClock ?? systemClock, {
    ...(options.globalRateLimit === undefined ? {} : { globalPerSecond: options.globalRateLimit.perSecond }),
    ...(options.routeLimits === undefined ? {} : { routes: options.routeLimits }),
    ...(options.defaultRouteLimit === undefined ? {} : { defaultBucket: options.defaultRouteLimit }),
  });
  const app = buildRestApp({
    state,
    rateLimiter,
    readGatewayInfo: () => ({
      url: gatewayUrl(),
      recommendedShards: options.recommendedShards ?? Math.max(1, Math.ceil(state.world.guilds.size / 1000)),
      maxConcurrency: options.maxConcurrency ?? 16,
    }),
    ...(options.logger === undefined ? {} : { logger: options.logger }),
  });
  gateway.attach(app.server);
  await app.listen({ host: "127.0.0.1", port: 0 });
  origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const httpDelivery = new HttpInteractionDelivery(state, state.interactions.deadlineMs, options.logger);
  const deliver: DeliverInteraction = (record) => {
    if (httpDelivery.url !== null) {
      httpDelivery.deliver(record);
      return;
    }
    // DMs reach shard 0 only (docs: Gateway, Sharding); guild id 0 lands there by the same formula.
    const shardKey = record.guildId ?? "0";
    record.delivery = gateway.dispatchToGuild(shardKey, "INTERACTION_CREATE", () => record.payload)
      ? "gateway"
      : "undelivered";
  };
  const actions = new MemberActions(state, deliver, options.waitTimeoutMs ?? 5000);
  return new FakeDiscord(state, actions, gateway, app, origin, httpDelivery);
}
