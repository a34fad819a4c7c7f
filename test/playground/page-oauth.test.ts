// Linking through the platform's sign-in page from the playground, in a real browser (Debian's Chromium,
// headless): /link's "Link account" opens the bot's sign-in link in a new tab, which sets the browser's
// cookie and goes through the sandbox (approving at once) back to the bot's confirm page; "Link account"
// there links, and the /link reply in the page says so (docs/architecture.md, "Linking").
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumPath, memberSteps, noteWhenSkipped, usePlaygroundPage } from "./playground-page.js";

noteWhenSkipped("the playground's OAuth sign-in test");

describe.skipIf(chromiumPath === undefined)("linking through the sign-in page from the playground", () => {
  let page: Page;

  const opened = usePlaygroundPage((open) => {
    page = open.page;
  });

  it("opens the sign-in link in a new tab, confirms there, and the /link reply says it is linked", async () => {
    const steps = memberSteps(page);
    await steps.openChannel("general");
    await steps.send("/link");
    const prompt = page.locator(".message.ephemeral", { hasText: "Link your platform account" }).last();
    const signInLink = prompt.getByRole("link", { name: /^Link account/ });
    expect(await signInLink.getAttribute("href")).toMatch(/\/oauth\/start\/[A-Za-z0-9_-]{43}$/);

    const [tab] = await Promise.all([page.context().waitForEvent("page"), signInLink.click()]);
    await tab.getByRole("heading", { name: "Link your platform account?" }).waitFor();
    expect(new URL(tab.url()).pathname).toBe("/oauth/callback");
    const cookies = await page.context().cookies(tab.url());
    expect(cookies.find((cookie) => cookie.name === "arena_oauth_browser")).toMatchObject({
      httpOnly: true,
      sameSite: "Lax",
      path: "/oauth",
    });

    // The same callback URL in another browser (a context of its own, with no cookies) links nothing.
    const stranger = await page.context().browser()?.newContext();
    if (stranger === undefined) throw new Error("the page has no browser to open another context in");
    const strangerTab = await stranger.newPage();
    await strangerTab.goto(tab.url());
    expect(await strangerTab.locator("main p").textContent()).toContain("not started in this browser");
    await stranger.close();

    await tab.getByRole("button", { name: "Link account" }).click();
    await tab.getByRole("heading", { name: "Linked" }).waitFor();
    expect(await tab.locator("main p").textContent()).toMatch(/^Linked alice to alice in /);
    await page.locator(".message.ephemeral", { hasText: "Linked as" }).last().waitFor();
  });

  it("signs each member in as their own platform account, a member added from the page too", async () => {
    const steps = memberSteps(page);
    await page.getByLabel("Add a member").fill("dana");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    // Added, the page switches to dana; choosing bob before then would be undone by that switch.
    await expect.poll(() => page.getByLabel("Member", { exact: true }).inputValue()).toBe("dana");
    for (const member of ["bob", "dana"]) {
      await steps.actAs(member);
      await steps.send("/link");
      const prompt = page.locator(".message.ephemeral", { hasText: "Link your platform account" }).last();
      const [tab] = await Promise.all([
        page.context().waitForEvent("page"),
        prompt.getByRole("link", { name: /^Link account/ }).click(),
      ]);
      await tab.getByRole("heading", { name: "Link your platform account?" }).waitFor();
      expect(await tab.locator("main p").first().textContent()).toContain(
        `links the platform account ${member}, which you just signed in with, to ${member} in`,
      );
      await tab.getByRole("button", { name: "Link account" }).click();
      await tab.getByRole("heading", { name: "Linked" }).waitFor();
      await tab.close();
      await page
        .locator(".message.ephemeral", { hasText: `Linked as ${member}` })
        .last()
        .waitFor();
    }
  });

  it("verifies Linked Roles from the chosen member's card as that member, signed in to Discord and the platform", async () => {
    await page.getByLabel("Add a member").fill("quinn");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect.poll(() => page.getByLabel("Member", { exact: true }).inputValue()).toBe("quinn");
    // Nothing sent as quinn yet: choosing her in "You are" is what signs her in.
    await page.locator("button.member-name", { hasText: "quinn" }).click();
    const card = page.getByRole("dialog", { name: "quinn" });
    const [tab] = await Promise.all([
      page.context().waitForEvent("page"),
      card.getByRole("button", { name: "Verify Linked Roles" }).click(),
    ]);
    const signedIn = tab.getByLabel("Signed in as");
    await signedIn.waitFor();
    expect(
      await signedIn.evaluate((select) => (select as unknown as SelectShape).selectedOptions[0]?.text),
    ).toBe("quinn");
    await tab.getByRole("button", { name: "Authorize" }).click();
    await tab.getByRole("heading", { name: "Link your platform account?" }).waitFor();
    expect(await tab.locator("main p").first().textContent()).toContain(
      "links the platform account quinn, which you just signed in with, to quinn as their personal link",
    );
    await tab.close();
    await page.keyboard.press("Escape");
  });

  it("links the member of the tab that follows the link, while another tab acts as another member", async () => {
    const steps = memberSteps(page);
    await steps.actAs("admin");
    await steps.send("/link");
    const prompt = page.locator(".message.ephemeral", { hasText: "Link your platform account" }).last();
    // A second tab, acting as bob: the playground's sign-in (one for every tab) is now his.
    const otherContext = await opened.browser.newContext();
    const other = await otherContext.newPage();
    await other.goto(opened.running.web.url);
    await other.locator("body[data-ready=true]").waitFor();
    await memberSteps(other).actAs("bob");
    await memberSteps(other).send("/whoami");

    const [tab] = await Promise.all([
      page.context().waitForEvent("page"),
      prompt.getByRole("link", { name: /^Link account/ }).click(),
    ]);
    await tab.getByRole("heading", { name: "Link your platform account?" }).waitFor();
    expect(await tab.locator("main p").first().textContent()).toContain(
      "links the platform account carol, which you just signed in with, to admin in",
    );
    await tab.close();
    await otherContext.close();
  });
});

// The select's shape the check reads (the tests compile without the DOM's types).
interface SelectShape {
  selectedOptions: ArrayLike<{ text: string }>;
}
