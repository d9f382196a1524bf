import { defineConfig } from "tsup";

export default defineConfig({
  entry: ["src/index.ts"],
  format: ["esm"],
  // The declarations are written by `typecheck` (scripts/check-types.mjs): a build leaves them in place.
  clean: ["!**/*.d.ts"],
  sourcemap: true,
  target: "node20",
});
