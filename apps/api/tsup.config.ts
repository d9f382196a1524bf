import { fileURLToPath } from "node:url";
import { defineConfig } from "tsup";
import { buildCommit } from "./src/build/build-commit.js";

// The commit is read once per build, here: the built code never runs git.
const commit = buildCommit({ folder: fileURLToPath(new URL(".", import.meta.url)), given: process.env.RAPPORT_BUILD_COMMIT });

export default defineConfig({
  entry: ["src/index.ts", "src/cli.ts"],
  format: ["esm"],
  dts: { entry: "src/index.ts" },
  clean: true,
  sourcemap: true,
  target: "node20",
  define: { __RAPPORT_BUILD_COMMIT__: JSON.stringify(commit) },
});
