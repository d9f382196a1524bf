/**
 * @module
 * One benchmark run: build the synthetic tenant, run every measurement with its baseline, and
 * write the report.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { createApp, createManualClock, createServices, issueApiKey } from "@rapport/api";
import { pino } from "pino";
import { BENCH_NOW, generateTenant } from "./generate-tenant.js";
import type { MeasurementResult } from "./measurement.js";
import { measureActivityIngest } from "./measurements/activity-ingest.js";
import { measureHttpThroughput } from "./measurements/http-throughput.js";
import { measurePersonsList } from "./measurements/persons-list.js";
import { writeReport, type BenchReport } from "./report.js";
import { SCALES, type Scale } from "./scales.js";

export interface BenchOptions {
  scale: Scale["name"];
  out: string;
  /** Seconds of load per HTTP measurement. */
  httpSeconds?: number;
  log?: (line: string) => void;
}

const peakRssMiB = () => process.resourceUsage().maxRSS / 1024;

export async function runBenchmark(options: BenchOptions): Promise<{ report: BenchReport; files: { json: string; markdown: string } }> {
  const { scale: scaleName, out, httpSeconds = scaleName === "S" ? 1 : 5, log = () => undefined } = options;
  const scale = SCALES[scaleName];
  const folder = mkdtempSync(join(tmpdir(), `rapport-bench-${scale.name}-`));
  const databasePath = join(folder, "bench.db");
  const startedAt = new Date().toISOString();
  try {
    log(`generating the ${scale.name} tenant (${scale.persons} persons, ${scale.interactions} interactions)`);
    const tenant = await generateTenant(databasePath, scale);
    const clock = createManualClock(BENCH_NOW);
    const services = await createServices({ databasePath, clock, logger: pino({ level: "silent" }) });
    const app = createApp(services);
    const apiKey = (await issueApiKey(services.store, { tenantUuid: tenant.tenantUuid })).plaintext;
    const measurements: MeasurementResult[] = [];
    const record = (result: MeasurementResult) => {
      measurements.push(result);
      log(`${result.title}: median ${result.subject.summary.medianMs.toFixed(3)} ms${result.speedRatio === null ? "" : `, ${result.speedRatio.toFixed(2)}x baseline`}`);
    };

    log("measuring GET /v1/persons pages");
    record(await measurePersonsList(app, apiKey, databasePath, tenant, scale.name === "S" ? 100 : 300));
    log("measuring ingest");
    record(await measureActivityIngest(services.store, databasePath, tenant, scale.name === "S" ? 1_000 : 5_000));
    await services.store.close();

    log("measuring HTTP throughput");
    const person = tenant.personUuids[0]!;
    for (const result of await measureHttpThroughput(
      databasePath,
      apiKey,
      [{ id: "http-person", title: "HTTP GET /v1/persons/{uuid}", path: `/v1/persons/${person}`, minimumRatio: 0.5 }],
      httpSeconds,
    )) {
      record(result);
    }

    const report: BenchReport = {
      scale: scale.name,
      startedAt,
      machine: {
        cores: cpus().length,
        memoryGiB: Math.round(totalmem() / 2 ** 30),
        node: process.version,
        platform: `${process.platform}-${process.arch}`,
      },
      dataset: {
        users: scale.users,
        persons: scale.persons,
        companies: scale.companies,
        emails: tenant.emailCount,
        meetings: tenant.meetingCount,
      },
      peakRssMiB: peakRssMiB(),
      measurements,
    };
    return { report, files: writeReport(report, out) };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
