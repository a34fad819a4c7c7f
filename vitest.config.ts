import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: "forks",
    // Every core: vitest leaves one free by default, which on a 2-core machine runs the files one at a time.
    // The suite's tests wait on sockets and child processes for much of their time, so two at once fit.
    maxWorkers: availableParallelism(),
  },
});
