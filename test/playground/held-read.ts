// A channel's read held back from the page, so the page hears the live stream's changes before a read that
// has none of them lands (playground/web/public/live-list.js): what the page tests of that race share.
import { Routes } from "discord-api-types/v10";
import type { Page } from "playwright-core";
import type { RunningWebPlayground } from "../../playground/web/run-web-playground.js";
import { memberSteps } from "./playground-page.js";

export interface HeldRead {
  /** Resolves once the server has answered the read (the page does not have it yet). */
  readonly made: Promise<void>;
  /** Hands the answer to the page. */
  land(): void;
  /** Lands the read, if not yet, and stops holding reads of its path. */
  done(): Promise<void>;
}

export function heldReads(page: Page, running: RunningWebPlayground) {
  const { playground } = running;

  /** Holds the page's reads of `path`: the server answers at once (`made`), the page gets it at `land()`. */
  async function holdRead(path: string): Promise<HeldRead> {
    let readMade!: () => void;
    const made = new Promise<void>((resolve) => (readMade = resolve));
    let land!: () => void;
    const landed = new Promise<void>((resolve) => (land = resolve));
    const matches = (url: URL) => url.pathname === path;
    await page.route(matches, async (route) => {
      const response = await route.fetch();
      readMade();
      await landed;
      await route.fulfill({ response });
    });
    const done = async () => {
      land();
      await page.unroute(matches);
    };
    return { made, land, done };
  }

  return {
    /** Opens #general from #announcements with its read held, once the server has answered it. */
    async openGeneralWithReadHeld(): Promise<HeldRead> {
      const general = playground.channels.get("general") ?? "";
      const { openChannel } = memberSteps(page);
      await openChannel("announcements");
      const read = await holdRead(`/api/channels/${general}/messages`);
      try {
        await openChannel("general");
        await read.made;
        return read;
      } catch (error) {
        await read.done();
        throw error;
      }
    },

    /**
     * Waits until the page has heard all the live stream sent so far: the stream is one ordered connection,
     * so once a post made now in #announcements (not the channel open) is marked new, all before it was heard.
     */
    async waitUntilPageHeardAll(): Promise<void> {
      const announcements = playground.channels.get("announcements") ?? "";
      await playground.bot.deps.rest.post(Routes.channelMessages(announcements), {
        body: { content: "Meanwhile" },
      });
      await page
        .getByRole("button", { name: /^# announcements/ })
        .filter({ hasText: "new" })
        .waitFor();
    },
  };
}
