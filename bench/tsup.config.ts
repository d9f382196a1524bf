import { defineConfig } from "tsup";

export default defineConfig({
  entry: ["src/run-bench.ts", "src/serve-for-bench.ts", "src/run-benchmark.ts", "src/child-measurement.ts", "src/walk-operations.ts", "src/ab-batches.ts", "src/soak/run-soak.ts", "src/soak/memory-probe.ts"],
  format: ["esm"],
  clean: true,
  sourcemap: true,
  target: "node20",
});
