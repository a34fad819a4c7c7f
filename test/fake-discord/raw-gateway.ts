import { WebSocket } from "ws";

export interface Frame {
  op: number;
  t?: string;
  s?: number;
  d: unknown;
}

/** A raw gateway connection that records frames and how it was closed. */
export class RawGateway {
  readonly frames: Frame[] = [];
  closeCode: number | null = null;
  private readonly socket: WebSocket;
  private readonly waiters: (() => void)[] = [];

  constructor(url: string) {
    this.socket = new WebSocket(url);
    this.socket.on("message", (raw: Buffer) => {
      this.frames.push(JSON.parse(raw.toString("utf8")) as Frame);
      this.wake();
    });
    this.socket.on("close", (code) => {
      this.closeCode = code;
      this.wake();
    });
  }

  send(payload: unknown): void {
    this.socket.send(JSON.stringify(payload));
  }

  async next(matches: (frame: Frame) => boolean): Promise<Frame> {
    for (;;) {
      const found = this.frames.find(matches);
      if (found !== undefined) return found;
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  async closed(): Promise<number> {
    while (this.closeCode === null) await new Promise<void>((resolve) => this.waiters.push(resolve));
    return this.closeCode;
  }

  close(): void {
    this.socket.close(1000);
  }

  private wake(): void {
    for (const waiter of this.waiters.splice(0)) waiter();
  }
}
