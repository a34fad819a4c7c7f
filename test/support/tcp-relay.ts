// A TCP relay on 127.0.0.1 a test puts between the bot and a server (PostgreSQL) to fail the network for real:
// `cut` ends every connection at once, as a failover or a broken link does, and `refuse` resets every new one
// as it arrives, as a server that is down does, until it is told to stop; `stall` stops relaying every connection
// while leaving it open, as a host that vanished does (a failover that moved the address elsewhere).
import net from "node:net";

export interface TcpRelay {
  readonly port: number;
  /** Connections reset on arrival while refusing, since the relay started. */
  readonly refused: number;
  /** Ends every connection through the relay at once; new ones are still relayed unless refusing. */
  cut(): void;
  /**
   * Relays nothing more on every connection through the relay, and never closes them: what is sent on one
   * gets no answer and no error, as from a host gone without a word. New connections are still relayed.
   */
  stall(): void;
  /** While on, each new connection is reset as it arrives; off relays them again. */
  refuse(on: boolean): void;
  close(): Promise<void>;
}

export async function startTcpRelay(target: {
  readonly host: string;
  readonly port: number;
}): Promise<TcpRelay> {
  const sockets = new Set<net.Socket>();
  const pairs = new Set<readonly [net.Socket, net.Socket]>();
  let refusing = false;
  let refused = 0;
  const server = net.createServer((client) => {
    if (refusing) {
      refused += 1;
      client.on("error", () => {
        // The reset is the point.
      });
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => {
        // A cut socket's error is the point of the test.
      });
    }
    client.pipe(upstream).pipe(client);
    const pair = [client, upstream] as const;
    pairs.add(pair);
    client.on("close", () => pairs.delete(pair));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const cut = () => {
    for (const socket of sockets) socket.destroy();
  };
  return {
    port: (server.address() as net.AddressInfo).port,
    get refused() {
      return refused;
    },
    cut,
    stall: () => {
      for (const [client, upstream] of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
      pairs.clear();
    },
    refuse: (on) => {
      refusing = on;
    },
    close: () =>
      new Promise((resolve) => {
        cut();
        server.close(() => {
          resolve();
        });
      }),
  };
}

/** `url` with its host and port replaced by the relay's. */
export function throughRelay(url: string, relay: TcpRelay): string {
  const through = new URL(url);
  through.hostname = "127.0.0.1";
  through.port = String(relay.port);
  return through.toString();
}
