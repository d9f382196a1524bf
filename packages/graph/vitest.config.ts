import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 20_000,
    // Test files share each worker's modules: importing the package took a third of the suite's time,
    // once per file. No test mocks modules or stubs globals; one that changes process-wide state restores it.
    isolate: false,
  },
});
