// GET /channels/{id}/messages in the fake Discord (fake-discord/README.md, "Channel messages"): newest first,
// `limit` 1–100 refused outside it, and one page anchor of `around`, `before` and `after`.
import { REST } from "@discordjs/rest";
import { Routes } from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFakeDiscord, type FakeDiscord } from "../../fake-discord/index.js";
import { failureOf } from "./failure-of.js";

describe("pages of a channel's messages on the fake Discord", () => {
  let fake: FakeDiscord;
  let rest: REST;
  let channelId: string;
  /** The ids of messages m1…m5, oldest first. */
  let ids: string[];
  const list = async (query: Record<string, string>): Promise<string[]> => {
    const page = (await rest.get(Routes.channelMessages(channelId), {
      query: new URLSearchParams(query),
    })) as { id: string }[];
    return page.map((message) => message.id);
  };
  /** Message ids by their number, m1 the oldest. */
  const m = (...numbers: number[]) => numbers.map((number) => ids[number - 1] ?? "");

  beforeAll(async () => {
    fake = await createFakeDiscord();
    rest = new REST({ api: fake.apiUrl, retries: 0 }).setToken(fake.botToken);
    const guildId = fake.createGuild({ name: "Arena" }).id;
    channelId = fake.createChannel(guildId, { name: "battles" }).id;
    ids = [];
    for (const number of [1, 2, 3, 4, 5]) {
      const sent = (await rest.post(Routes.channelMessages(channelId), {
        body: { content: `m${String(number)}` },
      })) as { id: string };
      ids.push(sent.id);
    }
  });

  afterAll(async () => {
    await fake.close();
  });

  it("refuses a limit outside 1–100 with 400 50035 instead of clamping it", async () => {
    for (const [limit, code] of [
      ["0", "NUMBER_TYPE_MIN"],
      ["101", "NUMBER_TYPE_MAX"],
      ["ten", "NUMBER_TYPE_COERCE"],
    ] as const) {
      const failure = await failureOf(list({ limit }));
      expect([failure.status, failure.code]).toEqual([400, 50035]);
      expect(failure.rawError).toMatchObject({ errors: { limit: { _errors: [{ code }] } } });
    }
    expect(await list({ limit: "1" })).toEqual(m(5));
    expect(await list({ limit: "100" })).toEqual(m(5, 4, 3, 2, 1));
  });

  it("answers the messages just before, just after or around an id, newest first", async () => {
    expect(await list({ before: m(4)[0] ?? "", limit: "2" })).toEqual(m(3, 2));
    expect(await list({ after: m(2)[0] ?? "", limit: "2" })).toEqual(m(4, 3));
    expect(await list({ around: m(3)[0] ?? "", limit: "3" })).toEqual(m(4, 3, 2));
  });

  it("uses one anchor when several are sent, never the range between them", async () => {
    expect(await list({ after: m(1)[0] ?? "", before: m(5)[0] ?? "", limit: "2" })).toEqual(m(3, 2));
    expect(await list({ around: m(3)[0] ?? "", before: m(2)[0] ?? "", limit: "3" })).toEqual(m(4, 3, 2));
  });

  it("refuses an anchor that is not a snowflake with 400 50035", async () => {
    const failure = await failureOf(list({ around: "latest" }));
    expect([failure.status, failure.code]).toEqual([400, 50035]);
    expect(failure.rawError).toMatchObject({
      errors: { around: { _errors: [{ code: "NUMBER_TYPE_COERCE" }] } },
    });
  });
});
