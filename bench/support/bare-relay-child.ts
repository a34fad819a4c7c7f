// The baseline of bench/post-latency.ts in its own process, as the bot is: a bare Fastify route that answers
// a delivery at once and posts one embed for it through @discordjs/rest, with no signature check, database or
// rendering. Started with the request as JSON in argv; tells the bench its address over IPC.
import { REST } from "@discordjs/rest";
import { Routes } from "discord-api-types/v10";
import Fastify from "fastify";

export interface BareRelayRequest {
  readonly apiUrl: string;
  readonly token: string;
  /** Tournament id → the channel its results go to, as the bot's subscriptions route them. */
  readonly channels: Readonly<Record<string, string>>;
}

export interface BareRelayReady {
  readonly url: string;
}

interface Delivery {
  readonly id: string;
  readonly data: { readonly tournament_id?: string };
}

const request = JSON.parse(process.argv[2] ?? "{}") as BareRelayRequest;
process.on("SIGTERM", () => process.exit(0));
const rest = new REST({ api: request.apiUrl }).setToken(request.token);
const app = Fastify();
app.post("/webhooks/platform", (incoming, reply) => {
  const delivery = incoming.body as Delivery;
  const channelId = request.channels[delivery.data.tournament_id ?? ""];
  void reply.send({ status: "accepted", eventId: delivery.id });
  if (channelId === undefined) return;
  const body = { embeds: [{ title: "Battle finished", footer: { text: `event ${delivery.id}` } }] };
  rest.post(Routes.channelMessages(channelId), { body }).catch((error: unknown) => {
    console.error(error);
  });
});
const url = await app.listen({ host: "127.0.0.1", port: 0 });
process.send?.({ url } satisfies BareRelayReady);
