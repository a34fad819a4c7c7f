// The page's lists drawn from a read and kept current by the live stream (live-list.js in the page's
// scripts), run here without a browser: what is heard while a read is on its way is applied over it once it
// lands, what carries over when a later read overtook it, and what was heard when the read failed.
import { describe, expect, it } from "vitest";
import { createLiveList } from "../../playground/web/public/live-list.js";

/** A read the test answers when it chooses. */
function heldRead<T>() {
  let answer!: (value: T) => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<T>((resolve, reject) => {
    answer = resolve;
    fail = reject;
  });
  return { read: () => promise, answer, fail };
}

describe("a live list", () => {
  it("applies a change heard while the read was on its way after the read is drawn", async () => {
    const drawn: string[] = [];
    const list = createLiveList((change: string) => drawn.push(change));
    const read = heldRead<string>();
    const drawing = list.drawRead(read.read, (value: string) => drawn.push(`read ${value}`));
    list.changed("archived");
    expect(drawn).toEqual([]);
    read.answer("v1");
    expect(await drawing).toBe(true);
    expect(drawn).toEqual(["read v1", "archived"]);
    list.changed("posted");
    expect(drawn).toEqual(["read v1", "archived", "posted"]);
  });

  it("hands an overtaken read's changes to the read that overtook it only when they carry over", async () => {
    const drawn: string[] = [];
    const list = createLiveList((change: string, item: string) => drawn.push(`${change} ${item}`), {
      carriesOver: (change: string) => change === "thread",
    });
    const first = heldRead<string>();
    const second = heldRead<string>();
    const firstDrawing = list.drawRead(first.read, (value: string) => drawn.push(`read ${value}`));
    // Heard during the first read: a post (the second read, perhaps of another channel, has it or must not
    // show it) and a thread's archive (which acts outside the list too).
    list.changed("created", "post 1");
    list.changed("thread", "archived");
    const secondDrawing = list.drawRead(second.read, (value: string) => drawn.push(`read ${value}`));
    list.changed("created", "post 2");
    first.answer("old");
    expect(await firstDrawing).toBe(false);
    expect(drawn).toEqual([]);
    second.answer("new");
    expect(await secondDrawing).toBe(true);
    expect(drawn).toEqual(["read new", "thread archived", "created post 2"]);
  });

  it("carries nothing over by default", async () => {
    const drawn: string[] = [];
    const list = createLiveList((change: string) => drawn.push(change));
    const first = heldRead<string>();
    const second = heldRead<string>();
    void list.drawRead(first.read, (value: string) => drawn.push(`read ${value}`));
    list.changed("created");
    const secondDrawing = list.drawRead(second.read, (value: string) => drawn.push(`read ${value}`));
    second.answer("new");
    expect(await secondDrawing).toBe(true);
    first.answer("old");
    expect(drawn).toEqual(["read new"]);
  });

  it("applies what it heard on the list as drawn when the read fails, and keeps following", async () => {
    const drawn: string[] = [];
    const list = createLiveList((change: string) => drawn.push(change));
    const read = heldRead<string>();
    const drawing = list.drawRead(read.read, (value: string) => drawn.push(`read ${value}`));
    list.changed("archived");
    read.fail(new Error("the read failed"));
    await expect(drawing).rejects.toThrow("the read failed");
    list.changed("posted");
    expect(drawn).toEqual(["archived", "posted"]);
  });
});
