import { defineConfig } from "tsup";

export default defineConfig({
  entry: ["src/index.ts", "src/vocabulary.ts"],
  format: ["esm"],
  dts: true,
  clean: true,
  sourcemap: true,
  target: "node20",
});
