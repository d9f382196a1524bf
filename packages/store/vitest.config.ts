import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // The heaviest properties take 14 s on a 2-core machine half as fast as another, running beside the other
    // packages' suites (turbo): the limit catches a hang, not a slow run.
    testTimeout: 60_000,
    // Test files share each worker's modules: importing the package took a third of the suite's time,
    // once per file. Only two tests mock a module (`node:fs`: backup-without-hard-links, restore durability) and
    // import what they test afresh; none stubs globals; one that changes process-wide state restores it.
    isolate: false,
  },
});
