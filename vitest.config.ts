import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: [
      "test/support/postgres-schemas.ts",
      "test/support/built-sources.ts",
      "test/support/shared-chromium.ts",
    ],
    // A bound for a test that hangs, not a speed check (speed is `npm run bench`'s): the CPU-heavy tests (the
    // fuzzers, a start through tsx) take 2 to 3 times their quiet time while the machine is busy, which brought
    // some within a few seconds of a 20 s bound, and one past it on a loaded CI machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    // One more than the cores: vitest leaves one free by default, which on a 2-core machine runs the files one
    // at a time. The suite's tests wait on sockets, rate limits, leases and child processes for much of their
    // time: on 2 cores the whole suite used 1.2 of them with two files at once (375 s), 1.4 with three (324 s),
    // and no more with four (334 s, its extra worker's imports eating the gain).
    maxWorkers: availableParallelism() + 1,
    // A worker keeps the modules it imported for the next file: importing the bot's module graph into every
    // file afresh took more than half of the suite's time (126 s of imports against 19 s). The code keeps no
    // module-level state a test could leak (the clock, stores and servers are built by each test).
    isolate: false,
    // expect.poll waits 1 s by default, which a test waiting on a worker or a child process can miss while the
    // machine is busy (a playground reminder read did, in a fresh-clone run beside other work): a bound for a
    // signal that never comes, not a speed check.
    expect: { poll: { timeout: 15_000 } },
  },
});
