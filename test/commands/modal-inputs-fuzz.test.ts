// Property-based fuzzing of every modal (docs/architecture.md, "Testing"): the API-key link, /profile edit and a
// battle's code form, submitted as genuine signed MODAL_SUBMIT interactions to the real bot in HTTP interactions
// mode, with the platform sandbox behind it. Whatever the custom id and the inputs, the answer is private and
// never a 5xx, Discord hears only about that interaction, and nothing is stored the inputs did not ask for.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBattle, joinBattle } from "../../src/api/index.js";
import { buildSandbox, type Sandbox } from "../../sandbox/sandbox.js";
import { applicationId, startFuzzBot, type FuzzBot } from "../http/support/fuzz-bot.js";

const guildId = "1300000000000000002";
const otherGuildId = "1300000000000000012";
const alice = "1300000000000000004";
const bob = "1300000000000000014";
const ephemeral = 64;

/** Web addresses, and ones of other schemes (fc.webUrl takes seconds to build, so a simpler one). */
const webAddress = fc
  .tuple(
    fc.constantFrom("https://", "http://", "ftp://", "javascript:", ""),
    fc.domain(),
    fc.string({ maxLength: 20 }),
  )
  .map(([scheme, host, path]) => `${scheme}${host}/${path}`);

/** The text inputs of each modal, with the longest value the bot lets Discord take and values that fit. */
const forms = {
  "link-key": { key: { limit: 512, fitting: fc.string({ minLength: 8, maxLength: 80 }) } },
  "profile-edit": {
    displayName: { limit: 50, fitting: fc.string({ minLength: 1, maxLength: 50 }) },
    bio: { limit: 500, fitting: fc.string({ minLength: 1, maxLength: 500 }) },
    location: { limit: 100, fitting: fc.string({ minLength: 1, maxLength: 100 }) },
    website: { limit: 200, fitting: webAddress },
  },
  "battle-code": {
    language: { limit: 20, fitting: fc.constantFrom("python", "javascript", "java", "cpp", " Python ") },
    code: { limit: 4000, fitting: fc.constantFrom("PASS", "FAIL", "print(1)", "int main() {}") },
  },
} as const;

/** Values of every kind: empty, blank, unicode, control characters, the limit, one more, huge. */
function anyValue(limit: number) {
  return fc.oneof(
    fc.constantFrom("", " ", "\n\t"),
    fc.string({ maxLength: 60 }),
    fc.string({ unit: "binary", maxLength: 60 }),
    fc.string({
      unit: fc.integer({ min: 0, max: 31 }).map((code) => String.fromCharCode(code)),
      maxLength: 20,
    }),
    // Huge: far past Discord's 4,000 characters, yet seven such inputs of 4-byte emoji stay under the 1 MiB a
    // request body may have (past it the answer is 413 before any handler runs, which no modal reaches).
    fc
      .constantFrom(limit, limit + 1, 30_000)
      .chain((length) => fc.constantFrom("x", "é", "🙂", " ", "\u0000").map((unit) => unit.repeat(length))),
  );
}

/** One text input, in an action row or in a label as newer modals send it. */
function textInputRow([id, value, inLabel]: readonly [string, string, boolean]) {
  const input = { type: 4, custom_id: id, value };
  return inLabel ? { type: 18, id: 1, component: input } : { type: 1, components: [input] };
}

/** Inputs the modals do not have; built once, as building a unicode string arbitrary is not cheap. */
const madeUpInputs = fc.array(
  fc.tuple(fc.string({ maxLength: 10 }), anyValue(100), fc.boolean()).map(textInputRow),
  { maxLength: 2 },
);

/** A form's inputs, each left out now and then, with a value that fits or any value, and a made-up input or two. */
function formInputs(fields: Readonly<Record<string, { limit: number; fitting: fc.Arbitrary<string> }>>) {
  const known = Object.entries(fields).map(([id, { limit, fitting }]) =>
    fc.option(fc.tuple(fc.constant(id), fc.oneof(fitting, anyValue(limit)), fc.boolean()).map(textInputRow), {
      freq: 6,
      nil: undefined,
    }),
  );
  return fc
    .tuple(fc.tuple(...known), madeUpInputs)
    .map(([rows, extra]) => [...rows.filter((row) => row !== undefined), ...extra]);
}

/** A modal's custom id, right or with something after it, or one this bot never makes. */
const customIdOf = (id: string) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constant(id) },
    fc.string({ maxLength: 40 }).map((rest) => `${id.split(":")[0] ?? ""}:${rest}`),
  );
const garbageId = fc.oneof(
  fc.constantFrom("battle-code", "battle-code:", "battle-code: ", "battle", "link", "", ":", "page:x"),
  fc.string({ maxLength: 100 }),
);

function modalSubmission(battleId: string) {
  return fc.oneof(
    fc.record({ customId: customIdOf("link-key"), rows: formInputs(forms["link-key"]) }),
    fc.record({ customId: customIdOf("profile-edit"), rows: formInputs(forms["profile-edit"]) }),
    fc.record({ customId: customIdOf(`battle-code:${battleId}`), rows: formInputs(forms["battle-code"]) }),
    fc.record({
      customId: garbageId,
      rows: fc.oneof(
        formInputs(forms["link-key"]),
        formInputs(forms["profile-edit"]),
        formInputs(forms["battle-code"]),
      ),
    }),
  );
}

type TextInput = { readonly custom_id: string; readonly value: string };
type ModalRow = { readonly components: readonly TextInput[] } | { readonly component: TextInput };

function carriesKey(rows: readonly ModalRow[], keys: ReadonlySet<string>): boolean {
  return rows.some((row) =>
    ("components" in row ? row.components : [row.component]).some(
      (input) => input.custom_id === "key" && keys.has(input.value.trim()),
    ),
  );
}

function modalSubmit(input: {
  id: string;
  customId: string;
  components: readonly unknown[];
  userId: string;
  guildId: string;
}) {
  return {
    id: input.id,
    application_id: applicationId,
    type: 5,
    token: `modal-token-${input.id}`,
    version: 1,
    guild_id: input.guildId,
    channel: { id: "1300000000000000003", type: 0 },
    member: {
      user: { id: input.userId, username: "member", discriminator: "0" },
      roles: [],
      permissions: "0",
    },
    locale: "en-US",
    data: { custom_id: input.customId, components: input.components },
  };
}

/**
 * A thousand submissions, each through the bot's whole interaction path: about 6 s on a quiet 2-core machine
 * and 13 s while other tests load it; a slower machine as loaded could pass the suite's 60 s.
 */
const cpuBoundTimeoutMs = 90_000;

describe("fuzzing the modals", () => {
  let sandbox: Sandbox;
  let fuzz: FuzzBot;
  let nextId = 1_500_000_000_000_000_000n;
  let battleId = "";

  const submit = async (
    customId: string,
    components: readonly unknown[],
    userId = alice,
    guild = guildId,
  ) => {
    const id = String(nextId++);
    const body = JSON.stringify(modalSubmit({ id, customId, components, userId, guildId: guild }));
    const requestsBefore = fuzz.discord.requests.length;
    const response = await fuzz.postSigned(Buffer.from(body));
    if (response.statusCode === 200) await fuzz.finished(id);
    return { id, response, sent: fuzz.discord.requests.slice(requestsBefore) };
  };
  const keyInput = (key: string) => [{ type: 1, components: [{ type: 4, custom_id: "key", value: key }] }];

  beforeAll(async () => {
    sandbox = await buildSandbox({ rateLimits: { limit: 1_000_000 } });
    await sandbox.listen(0, "127.0.0.1");
    fuzz = await startFuzzBot(`${sandbox.url}/v1`);
    const aliceKey = sandbox.keys[0]?.key ?? "";
    // Alice links through the modal itself: the one input here that legitimately stores something.
    const linked = await submit("link-key", keyInput(aliceKey));
    expect(linked.sent.map((request) => request.body)).toEqual([
      expect.objectContaining({ content: expect.stringMatching(/^Linked as/) as unknown }),
    ]);
    const credential = { token: aliceKey };
    const battle = await createBattle(fuzz.bot.deps.platform, credential, {
      type: "practice",
      difficulty: "easy",
      language: "python",
      timeLimit: 3600,
      participants: 2,
    });
    await joinBattle(fuzz.bot.deps.platform, credential, battle.id);
    battleId = battle.id;
  });
  afterAll(async () => {
    await fuzz.close();
    await sandbox.close();
  });

  it(
    "answers every modal privately, tells Discord only about that interaction and stores nothing new",
    { timeout: cpuBoundTimeoutMs },
    async () => {
      const rowsBefore = await fuzz.countRows();
      const linkBefore = await fuzz.bot.deps.db.selectFrom("member_links").selectAll().execute();
      const seededKeys = new Set(sandbox.keys.map((seeded) => seeded.key));
      const reachedPlatform = { submissions: 0, profileUpdates: 0 };
      let runs = 0;
      await fc.assert(
        fc.asyncProperty(
          modalSubmission(battleId),
          fc.constantFrom([alice, guildId], [alice, guildId], [bob, guildId], [alice, otherGuildId]),
          async ({ customId, rows: components }, [userId, guild]) => {
            // Only a key the platform does not know: a known one links, which is what it is for.
            fc.pre(!carriesKey(components, seededKeys));
            runs += 1;
            const { response, sent } = await submit(customId, components, userId, guild);
            expect(response.statusCode).toBe(200);
            const answer = response.json<{ type: number; data: { flags?: number } }>();
            expect([4, 5]).toContain(answer.type);
            expect((answer.data.flags ?? 0) & ephemeral).toBe(ephemeral);
            expect(response.body).not.toContain("Something went wrong on our side");
            // After a private first answer, edits of "@original" stay private; follow-ups must say so themselves.
            for (const request of sent) {
              expect(request.path.startsWith(`/api/v10/webhooks/${applicationId}/modal-token-`)).toBe(true);
              if (request.method === "POST") {
                expect(((request.body as { flags?: number }).flags ?? 0) & ephemeral).toBe(ephemeral);
              } else expect(request.method).toBe("PATCH");
              const text = JSON.stringify(request.body);
              // A refusal says what was wrong; the generic answer to an unexpected error would be a bug.
              expect(text).not.toContain("Something went wrong on our side");
              if (text.includes("Submission ")) reachedPlatform.submissions += 1;
              if (text.includes("Profile updated")) reachedPlatform.profileUpdates += 1;
            }
          },
        ),
        { numRuns: 1000 },
      );
      expect(await fuzz.countRows()).toEqual({
        ...rowsBefore,
        seen_interactions: rowsBefore.seen_interactions + runs,
      });
      expect(await fuzz.bot.deps.db.selectFrom("member_links").selectAll().execute()).toEqual(linkBefore);
      // Valid inputs reached the platform, so the refusals above are not all the fuzzing saw.
      expect(reachedPlatform.submissions).toBeGreaterThan(0);
      expect(reachedPlatform.profileUpdates).toBeGreaterThan(0);
    },
  );
});
