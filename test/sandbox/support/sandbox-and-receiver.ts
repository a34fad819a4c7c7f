// A fresh sandbox and a fresh webhook receiver for each test of the calling file, both closed after it.
import { afterEach, beforeEach } from "vitest";
import type { SandboxOptions } from "../../../sandbox/sandbox.js";
import { startReceiver, type Receiver } from "./receiver.js";
import { startTestSandbox, type TestSandbox } from "./sandbox.js";

export interface SandboxAndReceiver {
  readonly test: TestSandbox;
  readonly receiver: Receiver;
  /** Closes this test's sandbox and starts another with `options`, keeping the receiver. */
  restartSandbox(options: SandboxOptions): Promise<void>;
}

/** Read `test` and `receiver` through the returned object: each test gets new ones. */
export function useSandboxAndReceiver(): SandboxAndReceiver {
  let test: TestSandbox | undefined;
  let receiver: Receiver | undefined;
  beforeEach(async () => {
    test = await startTestSandbox();
    receiver = await startReceiver();
  });
  afterEach(async () => {
    await test?.close();
    await receiver?.close();
  });
  return {
    get test() {
      return started(test);
    },
    get receiver() {
      return started(receiver);
    },
    async restartSandbox(options) {
      await started(test).close();
      test = await startTestSandbox(options);
    },
  };
}

function started<T>(value: T | undefined): T {
  if (value === undefined) throw new Error("the sandbox and receiver start in beforeEach");
  return value;
}
