// One world per test: a migrated database, a fake Discord on 127.0.0.1 with a guild, a REST client talking
// to it, a manual clock, and captured logs. Rows are enqueued as the webhook receiver does (inbox first).
// Workers render with the test renderer, and react to failures as the bot's own sources do.
import { reactToThreadFailure } from "../../../src/announcements/message-thread-source.js";
import { reactToClosedChannel } from "../../../src/announcements/index.js";
import { createReminderSource } from "../../../src/reminders/reminder-source.js";
import { reminderSource } from "../../../src/store/tournament-reminders.js";
import { adminNoticeSource } from "../../../src/store/admin-notices.js";
import { REST, type RESTOptions } from "@discordjs/rest";
import { afterEach, beforeEach } from "vitest";
import { ManualClock } from "../../../src/clock.js";
import {
  createFakeDiscord,
  type FakeChannel,
  type FakeDiscord,
  type FakeDiscordOptions,
  type FakeGuild,
} from "../../../fake-discord/index.js";
import { createLogger, type Logger } from "../../../src/logger.js";
import {
  createAdminNoticeSource,
  createOutboxWorker,
  type OutboxSources,
  type OutboxWorker,
  type OutboxWorkerOptions,
  type RenderOutboxEntry,
  type RenderOutboxSummary,
} from "../../../src/outbox/index.js";
import { insertInboxEvent, operatorSource } from "../../../src/store/inbox.js";
import { enqueueOutbox, findOutboxEntry, type OutboxEntry } from "../../../src/store/outbox.js";
import { createSubscription } from "../../../src/store/subscriptions.js";
import { saveAdminChannel } from "../../../src/store/guild-settings.js";
import {
  testDatabases,
  useMigratedStore,
  type MigratedStore,
  type TestDatabase,
} from "../../store/databases.js";
import { renderTestAnnouncement, type TestEvent } from "./test-renderer.js";

export interface SubscribedChannel {
  readonly channel: FakeChannel;
  readonly channelId: string;
  readonly subscriptionId: string;
}

export interface LogLine {
  readonly level: number;
  readonly msg: string;
  readonly [field: string]: unknown;
}

export interface OutboxWorldOptions {
  readonly fake?: FakeDiscordOptions;
  readonly rest?: Partial<RESTOptions>;
}

/** A worker's options, with the renderers its sources use in place of the sources themselves. */
export type WorkerOverrides = Partial<Omit<OutboxWorkerOptions, "sources">> & {
  /** Renders every row; the test renderer by default. */
  readonly render?: RenderOutboxEntry;
  /** Summarises a contest's rows; without it they are posted like any other. */
  readonly renderSummary?: RenderOutboxSummary;
};

export const sqliteInMemory = testDatabases()[0] as TestDatabase;

export class OutboxWorld {
  readonly clock = new ManualClock(Date.UTC(2026, 10, 21, 12));
  readonly logs: LogLine[] = [];
  readonly logger: Logger = createLogger(
    { level: "debug" },
    { write: (line: string) => this.logs.push(JSON.parse(line) as LogLine) },
  );
  private currentFake: FakeDiscord | undefined;
  private currentGuild: FakeGuild | undefined;
  private readonly rests: REST[] = [];
  private eventCount = 0;

  constructor(
    private readonly store: MigratedStore,
    private readonly options: OutboxWorldOptions,
  ) {}

  async setUp(): Promise<void> {
    this.logs.length = 0;
    this.currentFake = await createFakeDiscord(this.options.fake);
    this.currentGuild = this.currentFake.createGuild({ name: "Arena" });
  }

  async tearDown(): Promise<void> {
    for (const rest of this.rests.splice(0)) {
      rest.clearHashSweeper();
      rest.clearHandlerSweeper();
    }
    await this.currentFake?.close();
  }

  get db() {
    return this.store.db;
  }

  /** The database's URL, for a second connection (another bot process). */
  get storeUrl(): string {
    return this.store.url;
  }

  get fake(): FakeDiscord {
    if (this.currentFake === undefined) throw new Error("the fake Discord starts in beforeEach");
    return this.currentFake;
  }

  get guild(): FakeGuild {
    if (this.currentGuild === undefined) throw new Error("the guild is made in beforeEach");
    return this.currentGuild;
  }

  /** A REST client for the fake, logged in with the bot's token unless told otherwise. */
  createRest(restOptions: Partial<RESTOptions> = {}, token = this.fake.botToken): REST {
    const rest = new REST({ api: this.fake.apiUrl, ...this.options.rest, ...restOptions }).setToken(token);
    this.rests.push(rest);
    return rest;
  }

  createWorker(overrides: WorkerOverrides = {}): OutboxWorker {
    const { render = renderTestAnnouncement(this.db), renderSummary, ...options } = overrides;
    return createOutboxWorker({
      db: this.db,
      rest: options.rest ?? this.createRest(),
      sources: this.registerSources(render, renderSummary),
      clock: this.clock,
      logger: this.logger,
      owner: "worker-1",
      ...options,
    });
  }

  /** The bot's sources (src/bot/register-outbox-sources.ts), rendering with `render` and `renderSummary`. */
  registerSources(
    render: RenderOutboxEntry = renderTestAnnouncement(this.db),
    renderSummary?: RenderOutboxSummary,
  ): OutboxSources {
    return {
      fallback: {
        render,
        ...(renderSummary === undefined ? {} : { renderSummary }),
        onFailure: reactToClosedChannel({ logger: this.logger }),
      },
      named: {
        [adminNoticeSource]: createAdminNoticeSource({ db: this.db, logger: this.logger }),
        [reminderSource]: createReminderSource({
          db: this.db,
          clock: this.clock,
          render,
          threadFailures: reactToThreadFailure,
        }),
      },
    };
  }

  /** The server's admin channel (`/setup admin-channel`), where notices go. */
  async createAdminChannel(): Promise<FakeChannel> {
    const admin = this.fake.createChannel(this.guild.id, { name: "bot-admin" });
    await saveAdminChannel(this.db, {
      guildId: this.guild.id,
      adminChannelId: admin.id,
      now: this.clock.now(),
    });
    return admin;
  }

  async subscribeChannel(name: string): Promise<SubscribedChannel> {
    const channel = this.fake.createChannel(this.guild.id, { name });
    const subscription = await createSubscription(this.db, {
      guildId: this.guild.id,
      channelId: channel.id,
      eventKinds: ["battle.completed"],
      filters: {},
      createdBy: "100000000000000009",
      now: this.clock.now(),
    });
    return { channel, channelId: channel.id, subscriptionId: subscription.id };
  }

  /** Receives an event (inbox) and queues a post of it to the channel; returns the outbox id. */
  async enqueuePost(target: SubscribedChannel, event: TestEvent = {}): Promise<string> {
    const eventId = await this.receiveEvent(event);
    const { channelId, subscriptionId } = target;
    return this.enqueue({ eventId, channelId, subscriptionId, action: "post", targetMessageId: null });
  }

  /**
   * Queues a rating change of `contest` as ingest does: due once the summary window (`windowMs`) has passed.
   * The clock then moves on a millisecond, so changes queued in turn keep their order.
   */
  async enqueueChange(
    target: SubscribedChannel,
    contest: string,
    title: string,
    windowMs = 3000,
  ): Promise<string> {
    const eventId = await this.receiveEvent({ title, asEmbed: true });
    const now = this.clock.now();
    this.clock.advance(1);
    const id = await enqueueOutbox(this.db, {
      source: operatorSource,
      eventId,
      guildId: this.guild.id,
      channelId: target.channelId,
      subscriptionId: target.subscriptionId,
      action: "post",
      targetMessageId: null,
      now,
      summaryKey: contest,
      dueAt: now + windowMs,
    });
    if (id === undefined) throw new Error("expected a new outbox row");
    return id;
  }

  /** A tournament reminder's post: no subscription asked for it, and its source is the reminder worker's. */
  async enqueueReminderPost(channelId: string, event: TestEvent = {}): Promise<string> {
    const eventId = await this.receiveEvent(event, reminderSource);
    return this.enqueue(
      { eventId, channelId, subscriptionId: null, action: "post", targetMessageId: null },
      reminderSource,
    );
  }

  async enqueueEdit(channelId: string, targetMessageId: string, event: TestEvent = {}): Promise<string> {
    const eventId = await this.receiveEvent(event);
    return this.enqueue({ eventId, channelId, subscriptionId: null, action: "edit", targetMessageId });
  }

  async receiveEvent(event: TestEvent, source: string = operatorSource): Promise<string> {
    this.eventCount += 1;
    const eventId = `evt_${this.eventCount}`;
    await insertInboxEvent(this.db, {
      eventId,
      kind: "battle.completed",
      source,
      status: "accepted",
      payload: { title: `Battle ${this.eventCount} finished`, ...event },
      receivedAt: this.clock.now(),
    });
    return eventId;
  }

  async entry(id: string): Promise<OutboxEntry> {
    const entry = await findOutboxEntry(this.db, id);
    if (entry === undefined) throw new Error(`no outbox row ${id}`);
    return entry;
  }

  /** What members see in a channel, as text. */
  contents(channelId: string): string[] {
    return this.fake.messages(channelId).map((message) => message.content);
  }

  private async enqueue(
    row: {
      eventId: string;
      channelId: string;
      subscriptionId: string | null;
      action: "post" | "edit";
      targetMessageId: string | null;
    },
    source: string = operatorSource,
  ): Promise<string> {
    const id = await enqueueOutbox(this.db, {
      ...row,
      source,
      guildId: this.guild.id,
      now: this.clock.now(),
    });
    if (id === undefined) throw new Error("expected a new outbox row");
    return id;
  }
}

/** A world for each test of the enclosing describe block, on `database` (SQLite in memory by default). */
export function useOutboxWorld(
  database: TestDatabase = sqliteInMemory,
  options: OutboxWorldOptions = {},
): OutboxWorld {
  const world = new OutboxWorld(useMigratedStore(database), options);
  beforeEach(() => world.setUp());
  afterEach(() => world.tearDown());
  return world;
}
