// One delivery attempt: a real HTTP POST of the signed payload, judged by the platform's rule
// (2xx within the deadline is delivered; any other answer, a time-out or a network fault is a failure).
import { signPayload, type SignatureForm } from "./signature.js";

export interface AttemptOutcome {
  delivered: boolean;
  /** The HTTP status, or 0 when no answer came (time-out, refused connection). */
  responseCode: number;
  /** Real milliseconds from sending to the answer. */
  responseTime: number;
  error: string | undefined;
}

export async function sendDelivery(request: {
  url: string;
  payload: string;
  secret: string;
  signatureForm: SignatureForm;
  eventKind: string;
  deliveryId: string;
  timeoutMs: number;
  signal: AbortSignal;
}): Promise<AttemptOutcome> {
  const started = performance.now();
  const elapsed = (): number => Math.round(performance.now() - started);
  try {
    const response = await fetch(request.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": "platform-sandbox-webhooks/1",
        "x-service-signature": signPayload(request.payload, request.secret, request.signatureForm),
        "x-service-event": request.eventKind,
        "x-service-delivery": request.deliveryId,
      },
      body: request.payload,
      redirect: "manual",
      signal: AbortSignal.any([request.signal, AbortSignal.timeout(request.timeoutMs)]),
    });
    await response.body?.cancel();
    const delivered = response.status >= 200 && response.status < 300;
    return {
      delivered,
      responseCode: response.status,
      responseTime: elapsed(),
      error: delivered ? undefined : `endpoint answered HTTP ${response.status}`,
    };
  } catch (error) {
    const message = request.signal.aborted ? "the sandbox shut down" : describeFailure(error);
    return { delivered: false, responseCode: 0, responseTime: elapsed(), error: message };
  }
}

function describeFailure(error: unknown): string {
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
    return "no answer within the 10 second deadline";
  }
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return typeof cause?.code === "string" ? `connection failed: ${cause.code}` : "connection failed";
}
