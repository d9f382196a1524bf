import { defineConfig } from "tsup";

export default defineConfig({
  // stamp-build: run after each build (the `stamp` task) to write the checkout's commit beside the built code.
  entry: { index: "src/index.ts", cli: "src/cli.ts", "stamp-build": "src/build/stamp-build.ts" },
  format: ["esm"],
  // The declarations are written by `typecheck` (scripts/check-types.mjs): a build leaves them in place.
  clean: ["!**/*.d.ts"],
  sourcemap: true,
  target: "node20",
});
