import { generateKeyPairSync, sign, type KeyObject } from "node:crypto";
import type { Logger } from "pino";
import { DiscordHttpError } from "../discord-errors.js";
import type { FakeDiscordState } from "../fake-discord-state.js";
import { parseMultipart } from "../rest/request-body.js";
import { assertSpecBody, interactionCallbackRoute } from "../validation/spec-bodies.js";
import { acceptCallback } from "./accept-callback.js";
import { interactionType, type InteractionRecord } from "./interaction-record.js";

/** Bytes of an Ed25519 public key, which its SPKI DER ends with. */
const ed25519KeyLength = 32;

/**
 * Interactions over HTTP (docs: Receiving and Responding — Receiving an Interaction): POSTed to the
 * bot's URL, signed with Ed25519 over timestamp + body; the HTTP answer is the initial response.
 */
export class HttpInteractionDelivery {
  /** The application's public key, hex, as the developer portal shows it (DISCORD_PUBLIC_KEY). */
  readonly publicKey: string;
  /** Deliveries the bot answered badly (non-2xx, unreadable, or a callback Discord would refuse). */
  readonly failures: { interactionId: string; reason: string }[] = [];
  /** The bot's Interactions Endpoint URL; null while interactions go over the gateway. */
  url: string | null = null;
  private readonly privateKey: KeyObject;

  constructor(
    private readonly state: FakeDiscordState,
    private readonly deadlineMs: number,
    private readonly logger?: Logger,
  ) {
    const { publicKey, privateKey } = generateKeyPairSync("ed25519");
    this.privateKey = privateKey;
    // The raw key is the end of its SPKI DER. Exported as a JWK instead, Node 20 can deadlock: it holds the
    // key's lock while making the JWK's object, and a garbage collection then may free another key object
    // that waits for the same lock (seen as a test file that never ended).
    this.publicKey = publicKey
      .export({ type: "spki", format: "der" })
      .subarray(-ed25519KeyLength)
      .toString("hex");
  }

  deliver(record: InteractionRecord): void {
    record.delivery = "http";
    void this.post(JSON.stringify(record.payload), true).then(
      async (response) => {
        await this.readCallback(record, response);
      },
      (error: unknown) => {
        this.fail(record.id, describeDeliveryError(error));
      },
    );
  }

  /**
   * What Discord does when the URL is saved: a PING signed properly must get `{"type":1}`, and one
   * with a bad signature must get 401. Returns the status of the answer.
   */
  async ping(signature: "valid" | "invalid"): Promise<{ status: number; body: string }> {
    const body = JSON.stringify({
      id: this.state.nextId(),
      application_id: this.state.applicationId,
      type: interactionType.ping,
      token: "ping",
      version: 1,
    });
    const response = await this.post(body, signature === "valid");
    return { status: response.status, body: await response.text() };
  }

  private async post(body: string, validSignature: boolean): Promise<Response> {
    if (this.url === null) throw new Error("No interactions endpoint URL is set");
    const timestamp = String(Math.floor(this.state.clock.now() / 1000));
    const signed = validSignature ? timestamp + body : `${timestamp}${body} `;
    return fetch(this.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": "Discord-Interactions/1.0 (+https://discord.com)",
        "x-signature-ed25519": sign(null, Buffer.from(signed), this.privateKey).toString("hex"),
        "x-signature-timestamp": timestamp,
      },
      body,
      signal: AbortSignal.timeout(this.deadlineMs),
    });
  }

  private async readCallback(record: InteractionRecord, response: Response): Promise<void> {
    if (!response.ok) {
      this.fail(record.id, `the bot answered HTTP ${response.status}`);
      return;
    }
    const contentType = response.headers.get("content-type") ?? "";
    const raw = Buffer.from(await response.arrayBuffer());
    try {
      const { json, files } = contentType.startsWith("multipart/form-data")
        ? await parseMultipart(contentType, raw)
        : { json: JSON.parse(raw.toString("utf8")) as unknown, files: [] };
      // The answer is the callback a bot would POST over REST, held to the same spec.
      assertSpecBody(interactionCallbackRoute, json);
      acceptCallback(this.state, {
        interactionId: record.id,
        token: record.token,
        body: json,
        files,
        overHttp: true,
      });
    } catch (error) {
      this.fail(record.id, describeDeliveryError(error));
    }
  }

  private fail(interactionId: string, reason: string): void {
    this.failures.push({ interactionId, reason });
    const record = this.state.interactions.byId(interactionId);
    if (record !== undefined) record.deliveryFailure = reason;
    this.logger?.warn({ interactionId, reason }, "fake Discord: HTTP interaction delivery failed");
    this.state.signal.notify();
  }
}

/** Why an answer was refused, as the test waiting on it reads it: Discord's error body when it is one. */
function describeDeliveryError(error: unknown): string {
  if (error instanceof DiscordHttpError) return JSON.stringify(error.toBody());
  return error instanceof Error ? error.message : String(error);
}
