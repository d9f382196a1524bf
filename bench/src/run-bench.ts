/**
 * `pnpm bench [--scale S|M|L|all] [--out bench/results/<name>.json]`, or
 * `pnpm bench --compare a.json b.json ... [--out comparison.md]`.
 */
import { dirname, join, resolve } from "node:path";
import { Command, Option } from "commander";
import { writeComparison } from "./compare.js";
import { tmpdir } from "node:os";
import { mergeReports, readReport, reportToMergeInto } from "./merge-report.js";
import { writeReport } from "./report.js";
import { parseLoadSeconds } from "./seconds-option.js";
import { groupOfMeasurement, MEASUREMENT_GROUPS, runBenchmark } from "./run-benchmark.js";
import { turnOffAllocationSitePretenuring } from "@rapport/api";

// The in-process measurements hold graphs as the server does (`startServer` turns it off too).
turnOffAllocationSitePretenuring();

type ScaleName = "S" | "M" | "L";

const program = new Command("bench")
  .description("Rapport benchmark: a synthetic tenant, each measurement beside its in-run baseline")
  .addOption(new Option("--scale <scale>", "dataset scale; all runs S, M and L and writes their comparison").choices(["S", "M", "L", "all"]).default("S"))
  .option("--out <file>", "report path (JSON; the Markdown goes beside it); with --scale all, the folder's comparison.md; with --compare, the Markdown")
  .option("--compare <reports...>", "only compare existing JSON reports (smallest scale first)")
  .option("--http-seconds <n>", "seconds of load per HTTP measurement (above 0; fractions allowed)", parseLoadSeconds)
  .addOption(new Option("--only <groups...>", "run only these measurement groups").choices(MEASUREMENT_GROUPS))
  .option("--merge-into <report>", "with --only: put the groups measured into this earlier JSON report of the same scale (and its Markdown)")
  .action(async (options: { scale: ScaleName | "all"; out?: string; compare?: string[]; httpSeconds?: number; only?: string[]; mergeInto?: string }) => {
    const log = (line: string) => process.stderr.write(`${line}\n`);
    if (options.compare) {
      const written = writeComparison(options.compare.map((path) => resolve(path)), resolve(options.out ?? "bench/results/comparison.md"));
      process.stdout.write(`comparison: ${written}\n`);
      return;
    }
    if (options.scale === "all") {
      const folder = options.out ? dirname(resolve(options.out)) : resolve("bench/results");
      const reports: string[] = [];
      for (const scale of ["S", "M", "L"] as const) {
        const { files } = await runBenchmark({ scale, out: join(folder, `${scale}.json`), httpSeconds: options.httpSeconds, only: options.only, log });
        process.stdout.write(`report: ${files.markdown}\n`);
        reports.push(files.json);
      }
      process.stdout.write(`comparison: ${writeComparison(reports, join(folder, "comparison.md"))}\n`);
      return;
    }
    if (options.mergeInto && !options.only) throw new Error("--merge-into needs --only");
    if (options.mergeInto) reportToMergeInto(options.mergeInto, options.scale, options.out);
    const out = resolve(options.out ?? (options.mergeInto ? join(tmpdir(), `rapport-bench-rerun-${options.scale}.json`) : `bench/results/${options.scale}.json`));
    const { report, files } = await runBenchmark({ scale: options.scale, out, httpSeconds: options.httpSeconds, only: options.only, log });
    process.stdout.write(`report: ${files.markdown}\n`);
    if (options.mergeInto) {
      const target = resolve(options.mergeInto);
      // Checked before the run (above); read again now, as it is after the minutes measuring took.
      const merged = writeReport(mergeReports(readReport(target), report, options.only!, groupOfMeasurement), target);
      process.stdout.write(`merged into: ${merged.markdown}\n`);
    }
  });

try {
  await program.parseAsync(process.argv);
} catch (error) {
  process.stderr.write(`bench: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
  process.exit(1);
}
