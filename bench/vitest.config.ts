import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    testTimeout: 180_000,
    // Test files share the worker's modules: importing @rapport/api and the store once per file was a third of
    // the files' processor time. No test mocks modules or stubs globals.
    isolate: false,
  },
});
