import { defineConfig } from "tsup";

export default defineConfig({
  entry: ["src/index.ts", "src/vocabulary.ts"],
  format: ["esm"],
  // The declarations are written by `typecheck` (scripts/check-types.mjs): a build leaves them in place.
  clean: ["!**/*.d.ts"],
  sourcemap: true,
  target: "node20",
  // Kysely is the store's alone (no package of the workspace, and nothing the store exports, hands its objects across),
  // and as 262 module files its import took about 0.15 s of the store's 0.37 s of CPU at every start of a `rapport`
  // command: bundled, it loads as one file. Its types stay imported from the package, which stays a dependency.
  noExternal: ["kysely"],
});
