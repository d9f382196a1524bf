import { defineConfig } from "tsup";

export default defineConfig({
  // stamp-build: run after each build (the `stamp` task) to write the checkout's commit beside the built code.
  entry: { index: "src/index.ts", cli: "src/cli.ts", "stamp-build": "src/build/stamp-build.ts" },
  format: ["esm"],
  dts: { entry: "src/index.ts" },
  clean: true,
  sourcemap: true,
  target: "node20",
});
