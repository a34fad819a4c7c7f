// The page's lists drawn from a read and kept current by the live stream (playground/web/public/live-list.js),
// run here without a browser: what is heard while a read is on its way is applied over it once it lands, also
// when a later read overtook it, and also when the read failed.
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

  it("hands what an overtaken read heard to the read that overtook it, which draws it over its own", async () => {
    const drawn: string[] = [];
    const list = createLiveList((change: string) => drawn.push(change));
    const first = heldRead<string>();
    const second = heldRead<string>();
    const firstDrawing = list.drawRead(first.read, (value: string) => drawn.push(`read ${value}`));
    list.changed("archived");
    const secondDrawing = list.drawRead(second.read, (value: string) => drawn.push(`read ${value}`));
    list.changed("posted");
    first.answer("old");
    expect(await firstDrawing).toBe(false);
    expect(drawn).toEqual([]);
    second.answer("new");
    expect(await secondDrawing).toBe(true);
    expect(drawn).toEqual(["read new", "archived", "posted"]);
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
