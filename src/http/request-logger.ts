// Each request's logger (`request.log`), made on its first line (docs/performance.md):
// pino's child logger serialises its bindings through the redaction paths as it is made, about a tenth of the
// bot's own thread's time for a webhook as measured, and nearly every request logs nothing.
import type { FastifyBaseLogger, FastifyServerOptions } from "fastify";

type ChildLoggerFactory = NonNullable<FastifyServerOptions["childLoggerFactory"]>;

type Bindings = Parameters<FastifyBaseLogger["child"]>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger["child"]>[1]>;

/** Fastify's `childLoggerFactory`: the request's child of `logger`, made when the request first logs. */
export const lazyRequestLogger: ChildLoggerFactory = (logger, bindings, options) =>
  new LazyChildLogger(logger, bindings, options);

/** What a log method takes: an object or a message first, as pino's `LogFn` accepts. */
type LogArguments = [objectOrMessage: unknown, message?: string, ...values: unknown[]];

class LazyChildLogger implements FastifyBaseLogger {
  #made: FastifyBaseLogger | undefined;
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  #logger(): FastifyBaseLogger {
    return (this.#made ??= this.#parent.child(this.#bindings, this.#options));
  }

  get level(): string {
    return this.#made?.level ?? this.#options.level ?? this.#parent.level;
  }

  set level(level: string) {
    this.#logger().level = level;
  }

  fatal(...values: LogArguments): void {
    this.#logger().fatal(...values);
  }

  error(...values: LogArguments): void {
    this.#logger().error(...values);
  }

  warn(...values: LogArguments): void {
    this.#logger().warn(...values);
  }

  info(...values: LogArguments): void {
    this.#logger().info(...values);
  }

  debug(...values: LogArguments): void {
    this.#logger().debug(...values);
  }

  trace(...values: LogArguments): void {
    this.#logger().trace(...values);
  }

  silent(...values: LogArguments): void {
    this.#logger().silent(...values);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#logger().child(bindings, options);
  }
}
