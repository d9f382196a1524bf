/** `pnpm bench [--scale S|M|L] [--out bench/results/<name>.json]` */
import { resolve } from "node:path";
import { Command, Option } from "commander";
import { runBenchmark } from "./run-benchmark.js";

const program = new Command("bench")
  .description("Rapport benchmark: a synthetic tenant, each measurement beside its in-run baseline")
  .addOption(new Option("--scale <scale>", "dataset scale").choices(["S", "M", "L"]).default("S"))
  .option("--out <file>", "report path (JSON; the Markdown goes beside it)")
  .option("--http-seconds <n>", "seconds of load per HTTP measurement", (value) => Number(value))
  .action(async (options: { scale: "S" | "M" | "L"; out?: string; httpSeconds?: number }) => {
    const out = resolve(options.out ?? `bench/results/${options.scale}.json`);
    const { files } = await runBenchmark({
      scale: options.scale,
      out,
      httpSeconds: options.httpSeconds,
      log: (line) => process.stderr.write(`${line}\n`),
    });
    process.stdout.write(`report: ${files.markdown}\n`);
  });

try {
  await program.parseAsync(process.argv);
} catch (error) {
  process.stderr.write(`bench: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
