import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    globalSetup: ["./vitest.global-setup.ts"],
    setupFiles: ["./vitest.setup.ts"],
    // The heaviest properties take 14 s on a 2-core machine half as fast as another, running beside the other
    // packages' suites (turbo): the limit catches a hang, not a slow run.
    testTimeout: 60_000,
    // A file's shared set-up (beforeAll) builds tenants of a hundred records and more: the same limit, or under load
    // it stops at vitest's 10 s while its writes go on into the next tests.
    hookTimeout: 60_000,
    // Test files share each worker's modules: importing the package took a third of the suite's time,
    // once per file. No test mocks modules or stubs globals; one that changes process-wide state restores it.
    isolate: false,
    // Vitest leaves a core free by default: one worker on a 2-core machine. This suite outlasts the other
    // packages' (turbo runs them side by side), so its last minutes would use one core of two.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
