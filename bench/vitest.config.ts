import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    globalSetup: ["./vitest.global-setup.ts"],
    // The limit catches a hang, not a slow run: the S smoke run (about 70 s on a quiet 2-core machine) took over
    // 180 s beside the other packages' suites on a machine at load 12-17, failing CI twice on 2026-12-06.
    testTimeout: 600_000,
    // Test files share the worker's modules: importing @rapport/api and the store once per file was a third of
    // the files' processor time. No test mocks modules or stubs globals.
    isolate: false,
    // Two workers on a 2-core machine (vitest leaves a core free by default): the S smoke runs (run-benchmark and
    // run-benchmark-only, each a file) wait on their child processes and servers much of the time, and one worker
    // ran the files one after another, the suite's wall time their sum.
    maxWorkers: 2,
  },
});
