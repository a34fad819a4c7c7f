// Answers a test holds back (fake-discord/rest/response-holds.ts): a released answer goes out once, and a
// hold made after the release catches only the answers that come after it.
import { describe, expect, it } from "vitest";
import { ResponseHolds } from "../../fake-discord/rest/response-holds.js";

describe("response holds", () => {
  it("lets a released answer go, and a hold made right after catches only the next answer", async () => {
    const holds = new ResponseHolds();
    const path = /^\/channels\/1\/messages$/;
    const first = holds.hold("POST", path);
    let firstAnswered = false;
    const firstAnswer = holds.pass("POST", "/channels/1/messages").then(() => (firstAnswered = true));
    await first.waitForCaught(1, 1000);
    expect(firstAnswered).toBe(false);

    // As a test does: let the caught answer go, and hold the next one at once.
    first.release();
    const second = holds.hold("POST", path);
    await firstAnswer;
    expect(second.caught).toBe(0);

    let secondAnswered = false;
    const secondAnswer = holds.pass("POST", "/channels/1/messages").then(() => (secondAnswered = true));
    await second.waitForCaught(1, 1000);
    expect(secondAnswered).toBe(false);
    second.release();
    await secondAnswer;
    expect(secondAnswered).toBe(true);
  });

  it("holds only answers of its method and path", async () => {
    const holds = new ResponseHolds();
    const hold = holds.hold("POST", /^\/channels\/1\/messages$/);
    await holds.pass("PATCH", "/channels/1/messages");
    await holds.pass("POST", "/channels/2/messages");
    expect(hold.caught).toBe(0);
    hold.release();
  });
});
