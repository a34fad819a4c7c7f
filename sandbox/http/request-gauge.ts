// How many platform API requests (`/v1`, `/api/v1`) the sandbox is answering at once, and the most at once
// since the last reset: what a test reads to see how many requests a client keeps open together. A request
// counts from its arrival until its answer is handed to the connection (onSend, after any hold of
// answer-holds.ts), so a client that waits for one answer before sending its next request is never counted
// twice.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AnswerHolds } from "./answer-holds.js";

export class RequestGauge {
  #current = 0;
  #peak = 0;
  #total = 0;

  /** Requests being answered now. */
  get current(): number {
    return this.#current;
  }

  /** The most answered at once since the sandbox started or `resetPeak()`. */
  get peak(): number {
    return this.#peak;
  }

  /** Every API request since the sandbox started: what a test reads to see how many a client made. */
  get total(): number {
    return this.#total;
  }

  /** Starts a new peak from the requests being answered now. */
  resetPeak(): void {
    this.#peak = this.#current;
  }

  enter(): void {
    this.#total += 1;
    this.#current += 1;
    this.#peak = Math.max(this.#peak, this.#current);
  }

  leave(): void {
    this.#current -= 1;
  }
}

/**
 * Counts every API request in `gauge`, holding its answer while `holds` say so; one that is aborted before
 * its answer leaves the gauge too.
 */
export function installRequestGauge(app: FastifyInstance, gauge: RequestGauge, holds: AnswerHolds): void {
  const counted = new WeakSet<FastifyRequest>();
  const leave = (request: FastifyRequest): void => {
    if (!counted.delete(request)) return;
    gauge.leave();
  };
  app.addHook("onRequest", (request, _reply, done) => {
    if (/^\/(api\/)?v1(\/|$)/.test(request.url)) {
      counted.add(request);
      gauge.enter();
    }
    done();
  });
  app.addHook("onSend", async (request, _reply, payload) => {
    if (counted.has(request)) await holds.pass(request.method, request.url);
    leave(request);
    return payload;
  });
  app.addHook("onRequestAbort", (request, done) => {
    leave(request);
    done();
  });
}
