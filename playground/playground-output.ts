// Where the playground writes. On a terminal, a spinner line shows that the bot is working and is wiped
// before anything else is printed; in a script or a pipe there are no control characters, only plain lines.
import type { Writable } from "node:stream";

export interface PlaygroundOutput {
  /** A block of text: a reply, a post, a message of the playground's own. */
  print(text: string): void;
  /** What the bot is doing, on the spinner line; nothing when not on a terminal. */
  showActivity(text: string): void;
  /** A state worth a plain line in a script too (Discord's "thinking…"); the spinner's text on a terminal. */
  showState(text: string): void;
  /** The bot is done: the spinner line goes away. */
  clearActivity(): void;
}

const frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];
const frameIntervalMs = 80;
const clearLine = "\r\u001b[2K";

export function createPlaygroundOutput(stream: Writable, terminal: boolean): PlaygroundOutput {
  return terminal ? new SpinnerOutput(stream) : new PlainOutput(stream);
}

class PlainOutput implements PlaygroundOutput {
  #lastState: string | undefined;

  constructor(private readonly stream: Writable) {}

  print(text: string): void {
    this.stream.write(`${text}\n`);
  }

  showActivity(): void {
    // A script's output stays free of progress noise: it is read (and tested) line by line.
  }

  showState(text: string): void {
    if (text === this.#lastState) return;
    this.#lastState = text;
    this.print(text);
  }

  clearActivity(): void {
    this.#lastState = undefined;
  }
}

class SpinnerOutput implements PlaygroundOutput {
  #text: string | undefined;
  #frame = 0;
  #timer: NodeJS.Timeout | undefined;

  constructor(private readonly stream: Writable) {}

  print(text: string): void {
    if (this.#text === undefined) {
      this.stream.write(`${text}\n`);
      return;
    }
    this.stream.write(`${clearLine}${text}\n`);
    this.draw();
  }

  showActivity(text: string): void {
    this.#text = text;
    this.#timer ??= setInterval(() => {
      this.#frame = (this.#frame + 1) % frames.length;
      this.draw();
    }, frameIntervalMs);
    this.draw();
  }

  showState(text: string): void {
    this.showActivity(text);
  }

  clearActivity(): void {
    if (this.#timer !== undefined) clearInterval(this.#timer);
    this.#timer = undefined;
    if (this.#text !== undefined) this.stream.write(clearLine);
    this.#text = undefined;
  }

  private draw(): void {
    if (this.#text === undefined) return;
    // One line only: a long first line would wrap and leave a copy behind on every frame.
    const columns = (this.stream as { columns?: number }).columns ?? 80;
    const line = `${frames[this.#frame] ?? ""} ${this.#text}`.slice(0, Math.max(10, columns - 1));
    this.stream.write(`${clearLine}${line}`);
  }
}
