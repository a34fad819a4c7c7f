import {
  type IShardingStrategy,
  managerToFetchingStrategyOptions,
  SimpleContextFetchingStrategy,
  SimpleShardingStrategy,
  type WebSocketManager,
  WebSocketShard,
  type WebSocketShardDestroyOptions,
  WebSocketShardEvents,
} from "@discordjs/ws";
import type { GatewaySendPayload } from "discord-api-types/v10";

/**
 * A shard that stays closed once ended. @discordjs/ws 1.2's destroy aborts a wait for HELLO or READY under way,
 * whose handler then destroys the shard again to reconnect: that second destroy drops the first one's wait for
 * the close (it never resolves) and opens a new session 500 ms later. Once ended, those destroys do nothing.
 * A shard that lost its connection pauses 500 ms idle before it connects again; ended in that pause, it does not
 * connect when the pause is over.
 */
class StoppableShard extends WebSocketShard {
  #ended = false;

  constructor(...args: ConstructorParameters<typeof WebSocketShard>) {
    super(...args);
    // Private in @discordjs/ws's types, so wrapped here rather than overridden: the reconnect after the pause
    // calls it, and so does connect().
    const shard = this as unknown as Partial<Reconnecting>;
    if (typeof shard.internalConnect !== "function") {
      throw new TypeError(
        "@discordjs/ws's WebSocketShard has no internalConnect: StoppableShard needs updating",
      );
    }
    const internalConnect = shard.internalConnect.bind(this);
    shard.internalConnect = async () => {
      if (this.#ended) return;
      await internalConnect();
    };
  }

  /** Closes the connection (code 1000 unless told) for good. */
  async end(options: Omit<WebSocketShardDestroyOptions, "recover">): Promise<void> {
    this.#ended = true;
    await super.destroy(options);
  }

  override async destroy(options?: WebSocketShardDestroyOptions): Promise<void> {
    if (this.#ended) return;
    await super.destroy(options);
  }
}

/** The method @discordjs/ws 1.2's shard opens a connection with (its types mark it private). */
interface Reconnecting {
  internalConnect: () => Promise<void>;
}

/** What the manager relays: every shard event, with the shard's id added. */
type Relay = (event: WebSocketShardEvents, payload: object) => void;

/**
 * SimpleShardingStrategy's work (every shard in this process), with shards that a stop during the login ends
 * rather than reconnects (StoppableShard).
 */
export class StoppableShardingStrategy implements IShardingStrategy {
  private readonly shards = new Map<number, StoppableShard>();

  constructor(private readonly manager: WebSocketManager) {}

  async spawn(shardIds: number[]): Promise<void> {
    const options = await managerToFetchingStrategyOptions(this.manager);
    const relay: Relay = (event, payload) => {
      this.manager.emit(event, payload as never);
    };
    for (const shardId of shardIds) {
      const shard = new StoppableShard(new SimpleContextFetchingStrategy(this.manager, options), shardId);
      for (const event of Object.values(WebSocketShardEvents)) {
        shard.on(event, (payload: object) => {
          relay(event, { ...payload, shardId });
        });
      }
      this.shards.set(shardId, shard);
    }
  }

  async connect(): Promise<void> {
    await Promise.all([...this.shards.values()].map((shard) => shard.connect()));
  }

  async destroy(options: Omit<WebSocketShardDestroyOptions, "recover"> = {}): Promise<void> {
    await Promise.all([...this.shards.values()].map((shard) => shard.end(options)));
    this.shards.clear();
  }

  async send(shardId: number, payload: GatewaySendPayload): Promise<void> {
    const shard = this.shards.get(shardId);
    if (shard === undefined) throw new RangeError(`Shard ${shardId} not found`);
    await shard.send(payload);
  }

  /** The statuses in the kind of Collection SimpleShardingStrategy returns (an empty one's, filled). */
  async fetchStatus(): ReturnType<SimpleShardingStrategy["fetchStatus"]> {
    const statuses = await new SimpleShardingStrategy(this.manager).fetchStatus();
    for (const [id, shard] of this.shards) statuses.set(id, shard.status);
    return statuses;
  }
}
