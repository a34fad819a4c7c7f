// A baseline of bench/interaction-response.ts in its own process, as the bot is: a bare discord.js Client, or a
// bare HTTP endpoint. Started with the request as JSON in argv; tells the bench over IPC once it answers.
import { startBareClient, startBareEndpoint } from "./bare-responders.js";

export type BareResponderRequest =
  | { readonly kind: "client"; readonly apiUrl: string; readonly token: string }
  | { readonly kind: "endpoint"; readonly publicKey: string };

/** `url` is the endpoint's address (for the fake's Interactions Endpoint URL); the client has none. */
export interface BareResponderReady {
  readonly url?: string;
}

const request = JSON.parse(process.argv[2] ?? "{}") as BareResponderRequest;
// The bench stops children with SIGTERM; exiting normally lets `--cpu-prof` write its profile.
process.on("SIGTERM", () => process.exit(0));
let ready: BareResponderReady;
if (request.kind === "client") {
  await startBareClient(request.apiUrl, request.token);
  ready = {};
} else {
  const endpoint = await startBareEndpoint(request.publicKey);
  ready = { url: endpoint.url };
}
process.send?.(ready);
