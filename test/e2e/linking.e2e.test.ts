import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findMemberLink } from "../../src/store/member-links.js";
import { startEndToEnd, type EndToEnd } from "./harness.js";
import { expectEveryInteractionAnswered, interactionsModes } from "./interactions-modes.js";
import { buttons } from "./support/message-parts.js";
import { readConfirmFields } from "../http/support/confirm-form.js";
import { createHandBrowser } from "../http/support/hand-browser.js";

describe.each(interactionsModes)("linking, end to end, interactions over %s", (interactionsMode) => {
  let world: EndToEnd;
  beforeAll(async () => {
    world = await startEndToEnd({ interactionsMode });
  });
  afterAll(async () => {
    await world.close();
  });

  const at = () => ({ guildId: world.guildId, channelId: world.channelId });
  /** The sign-in cookie the OAuth test's browser was given: never stored or logged as it is. */
  let browserKey = "";

  it("prompts an unlinked member with a Link button", async () => {
    const handle = world.discord.runCommand({ ...at(), userId: world.members.bob.id, name: "whoami" });
    const reply = await handle.waitForFinal();
    expect(reply.content).toMatch(/haven't linked/);
    expect(buttons(reply).map((button) => button.custom_id)).toContain("link:start");
  });

  it("links through OAuth: sign-in link, authorize page, redirect to the callback, confirm page, and the /link reply is updated", async () => {
    const handle = world.discord.runCommand({ ...at(), userId: world.members.alice.id, name: "link" });
    const prompt = await handle.waitForFinal();
    const signInLink = buttons(prompt).find((button) => button.label === "Link account")?.url ?? "";
    expect(signInLink).toMatch(new RegExp(`^${world.publicUrl}/oauth/start/[A-Za-z0-9_-]{43}$`));

    // The bot's start sets the browser's cookie and sends it to the platform's authorize page.
    const browser = createHandBrowser();
    const started = await browser.get(signInLink);
    expect(started.status).toBe(303);
    browserKey = browser.cookie("arena_oauth_browser") ?? "";
    expect(browserKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(started.headers.get("location")).toMatch(/\/oauth\/authorize\?/);
    // The sandbox auto-approves and redirects the browser to the bot's callback.
    const authorize = await browser.get(started.headers.get("location") ?? "");
    expect(authorize.status).toBe(302);
    const callbackUrl = authorize.headers.get("location") ?? "";
    expect(callbackUrl.startsWith(`${world.publicUrl}/oauth/callback?`)).toBe(true);

    // Another browser holding the callback URL is refused, and uses nothing up.
    const elsewhere = await createHandBrowser().get(callbackUrl);
    expect(elsewhere.status).toBe(400);
    expect(await elsewhere.text()).toMatch(/not started in this browser/);

    // The callback stores no link: it asks the browser that started to confirm the member and the server…
    const page = await browser.get(callbackUrl);
    expect(page.status).toBe(200);
    const confirmPage = await page.text();
    expect(confirmPage).toMatch(/<bdi>alice<\/bdi><\/strong> in\s+<strong><bdi>Arena<\/bdi>/);
    // …and names the platform account the sign-in belongs to (the sandbox approves as alice).
    expect(confirmPage).toMatch(
      /the platform account <strong><bdi>alice<\/bdi><\/strong>, which you just signed in with,/,
    );
    expect(handle.original()?.components).not.toEqual([]);
    const fields = readConfirmFields(confirmPage);
    const confirm = () => browser.postForm(new URL("confirm", callbackUrl), { ...fields, action: "link" });
    const linked = await confirm();
    expect(linked.status).toBe(200);
    expect(await linked.text()).toMatch(/Linked \w+ to alice in Arena\./);

    // The confirmation edits the member's ephemeral /link reply before it answers the browser.
    expect(handle.original()?.content).toMatch(/^Linked as \*\*\w+\*\*/);
    expect(handle.original()?.components).toEqual([]);

    // The same confirmation cannot be replayed.
    const replay = await confirm();
    expect(replay.status).toBe(400);
    expect(await replay.text()).toMatch(/unknown or was already used/);

    const whoami = await world.discord
      .runCommand({ ...at(), userId: world.members.alice.id, name: "whoami" })
      .waitForFinal();
    expect(whoami.embeds[0]?.title).toMatch(/^Linked as /);
    expect(JSON.stringify(whoami.embeds[0]?.fields)).toContain("OAuth");
  });

  it("says on the /link reply that the sign-in was cancelled, and takes its Link button away", async () => {
    const handle = world.discord.runCommand({ ...at(), userId: world.members.admin.id, name: "link" });
    const prompt = await handle.waitForFinal();
    const signInLink = buttons(prompt).find((button) => button.label === "Link account")?.url ?? "";
    const browser = createHandBrowser();
    const started = await browser.get(signInLink);
    const authorize = await browser.get(started.headers.get("location") ?? "");
    const callbackUrl = authorize.headers.get("location") ?? "";
    const fields = readConfirmFields(await (await browser.get(callbackUrl)).text());
    const cancelled = await browser.postForm(new URL("confirm", callbackUrl), {
      ...fields,
      action: "cancel",
    });
    expect(cancelled.status).toBe(200);
    expect(await cancelled.text()).toContain("Nothing was linked");
    // The edit is made before the browser is answered.
    expect(handle.original()?.content).toMatch(/cancelled on the confirmation page, so nothing was linked/);
    expect(handle.original()?.components).toEqual([]);
  });

  it("links with an API key through the button and modal, and refuses a bad key", async () => {
    const key = world.sandbox.keys.find((seeded) => seeded.level === "write");
    if (key === undefined) throw new Error("no write key seeded");
    const prompt = await world.discord
      .runCommand({ ...at(), userId: world.members.bob.id, name: "link" })
      .waitForFinal();
    const press = world.discord.pressButton({
      message: prompt,
      customId: "link:api-key",
      userId: world.members.bob.id,
    });
    await press.modal();
    const refused = await world.discord
      .submitModal({ from: press, customId: "link-key", fields: { key: "not-a-real-key-123" } })
      .waitForFinal();
    expect(refused.content).toMatch(/did not accept that key/);

    const press2 = world.discord.pressButton({
      message: prompt,
      customId: "link:api-key",
      userId: world.members.bob.id,
    });
    await press2.modal();
    const linked = await world.discord.submitModal({ from: press2, fields: { key: key.key } }).waitForFinal();
    expect(linked.content).toContain(`Linked as **${key.username}**`);
  });

  it("unlinks and forgets the credentials", async () => {
    const reply = await world.discord
      .runCommand({ ...at(), userId: world.members.bob.id, name: "unlink" })
      .waitForFinal();
    expect(reply.content).toMatch(/^Unlinked/);
    const again = await world.discord
      .runCommand({ ...at(), userId: world.members.bob.id, name: "unlink" })
      .waitForFinal();
    expect(again.content).toMatch(/no platform account linked/);
  });

  it("keeps tokens, keys and the client secret out of the database file, the logs and Discord", async () => {
    const aliceLink = await findMemberLink(world.bot.deps.db, world.bot.deps.secretBox, {
      guildId: world.guildId,
      userId: world.members.alice.id,
    });
    const secrets = [
      ...world.sandbox.keys.map((seeded) => seeded.key),
      world.sandbox.oauthClient?.clientSecret ?? "",
      aliceLink?.credential.accessToken ?? "",
      aliceLink?.credential.refreshToken ?? "",
      browserKey,
    ].filter((secret) => secret.length > 0);
    expect(secrets.length).toBeGreaterThanOrEqual(6);
    const database = (await readFile(world.databaseFile)).toString("latin1");
    const wal = await readFile(`${world.databaseFile}-wal`).then(
      (bytes) => bytes.toString("latin1"),
      () => "",
    );
    // What the bot sent to Discord: its callbacks, replies and follow-ups, and channel messages. (What a member
    // types into the API-key modal reaches Discord from the member, not from the bot.)
    const sentByBot = world.discord
      .interactions()
      .flatMap((record) => [
        record.callback,
        ...[record.originalMessageId, ...record.followUpIds].map((id) =>
          id === null ? undefined : world.discord.message(id),
        ),
      ]);
    const discordSaw = JSON.stringify(sentByBot) + JSON.stringify(world.discord.messages(world.channelId));
    for (const secret of secrets) {
      expect(database).not.toContain(secret);
      expect(wal).not.toContain(secret);
      expect(world.logs()).not.toContain(secret);
      expect(discordSaw).not.toContain(secret);
    }
  });

  // Last: it stops the platform.
  it("tells a linked member when the platform cannot be reached", async () => {
    await world.sandbox.close();
    const reply = await world.discord
      .runCommand({ ...at(), userId: world.members.alice.id, name: "whoami" })
      .waitForFinal();
    expect(reply.content).toMatch(/can't be reached/);
    expect(reply.flags & 64).toBe(64);
  });

  it("answered every interaction in a way Discord accepts", () => {
    expectEveryInteractionAnswered(world, interactionsMode);
  });
});
