/**
 * @module
 * One benchmark run: build the synthetic tenant, run every measurement with its baseline, and
 * write the report.
 */
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { createApp, createManualClock, createServices, issueApiKey } from "@rapport/api";
import { pino } from "pino";
import { BENCH_NOW, generateTenant, type SyntheticTenant } from "./generate-tenant.js";
import { failedMeasurement, type MeasurementResult } from "./measurement.js";
import { measureActivityIngest } from "./measurements/activity-ingest.js";
import { measureBatchEndpoints } from "./measurements/batch-endpoints.js";
import { measureGraphHydration } from "./measurements/graph-hydration.js";
import { measureHttpThroughput, startBenchServer } from "./measurements/http-throughput.js";
import { measureMboxImportMemory } from "./measurements/mbox-import.js";
import { measureOpportunitiesList } from "./measurements/opportunities-list.js";
import { measureOpportunitySearch } from "./measurements/opportunities-search.js";
import { measureOpportunitiesFuzzySearch } from "./measurements/opportunities-fuzzy-search.js";
import { measureOpportunitiesTypeScan } from "./measurements/opportunities-type-scan.js";
import { measureOpportunitiesActivitySort } from "./measurements/opportunities-activity-sort.js";
import { measureOpportunityWrites } from "./measurements/opportunity-writes.js";
import { measurePersonMerges } from "./measurements/person-merges.js";
import { measureStoreTransactions } from "./measurements/store-transactions.js";
import { measurePathsGrowth, type SmallTenant } from "./measurements/paths-growth.js";
import { companiesListRow } from "./measurements/companies-list.js";
import { measureListRows } from "./measurements/list-pages.js";
import { personsListRow } from "./measurements/persons-list.js";
import { measurePersonsFuzzyName } from "./measurements/persons-fuzzy-name.js";
import { measureActivityLists } from "./measurements/activity-lists.js";
import { measureActivityFeed } from "./measurements/activity-feed.js";
import { measureRecommendedPaths } from "./measurements/recommended-paths.js";
import { measureRelationshipRankings } from "./measurements/relationship-rankings.js";
import { writeReport, type BenchReport } from "./report.js";
import { describeProactiveReclaim, pageCacheReads, readPageCacheCounters, type PageCacheReads } from "./page-cache.js";
import { SCALES, type Scale } from "./scales.js";
import { benchFetch, waitUntilReady } from "./http-client.js";

export interface BenchOptions {
  scale: Scale["name"];
  out: string;
  /** Seconds of load per HTTP measurement. */
  httpSeconds?: number;
  /**
   * Every measurement with the fewest samples that still exercise it (the CI smoke test): the
   * figures are not meant to be read.
   */
  quick?: boolean;
  /**
   * The tenant of this scale and the default seed, generated before into a closed database file: the run copies it
   * rather than generating it again (the test suite's smoke runs share one). The file itself is left as it was.
   */
  generated?: { databasePath: string; tenant: SyntheticTenant };
  /** Only these measurement groups (ids as in MEASUREMENT_GROUPS); all when absent. */
  only?: readonly string[];
  log?: (line: string) => void;
}

/** The measurement groups, in the order a run takes them. */
export const MEASUREMENT_GROUPS = [
  "graph-hydration",
  "persons-list",
  "companies-list",
  "opportunities",
  "paths",
  "rankings",
  "activity-lists",
  "activity-ingest",
  "opportunity-writes",
  "store-transactions",
  "person-merges",
  "batch-endpoints",
  "http-throughput",
  "mbox-import",
] as const;

/** The groups measured in this process, on a graph it hydrates (the others run in child processes or over HTTP). */
const IN_PROCESS_GROUPS = ["persons-list", "companies-list", "opportunities", "paths", "rankings", "activity-lists", "activity-ingest", "opportunity-writes", "store-transactions", "person-merges"] as const;

/** The group a measurement row belongs to (a failed group's row has the group's id). */
export function groupOfMeasurement(id: string): string {
  const prefixes: Array<[string, (typeof MEASUREMENT_GROUPS)[number]]> = [
    ["http-", "http-throughput"],
    ["batch-", "batch-endpoints"],
    ["paths-", "paths"],
    ["rankings-", "rankings"],
    ["activity-list-", "activity-lists"],
    ["opportunities-", "opportunities"],
    ["activity-ingest", "activity-ingest"],
    ["opportunity-writes", "opportunity-writes"],
    ["store-transaction", "store-transactions"],
    ["person-merges", "person-merges"],
    ["persons-list", "persons-list"],
  ];
  return prefixes.find(([prefix]) => id.startsWith(prefix))?.[1] ?? id;
}

/** An API key of the tenant, issued through a store opened for it alone: the server, another process, reads the same file. */
async function issueBenchKey(databasePath: string, tenantUuid: string): Promise<string> {
  const services = await createServices({ databasePath, clock: createManualClock(BENCH_NOW), logger: pino({ level: "silent" }) });
  try {
    return (await issueApiKey(services.store, { tenantUuid })).plaintext;
  } finally {
    await services.store.close();
  }
}

/** How many samples each measurement takes at each scale (`quick`: the smoke test's fewest). */
export const SAMPLES = {
  S: { pathWarmUps: 200, hydrationRuns: 3, personsPages: 100, companiesPages: 50, opportunityPages: 50, sqlPathTargets: 200, ingest: 1_000, opportunityWrites: 1_000, batchRounds: 5, mboxMessages: 1_000, httpSeconds: 1, httpRounds: 1, rankingPages: 5, rankingUsers: 5, activityDraws: 50, merges: 50, feedPolls: 100, feedScanPages: 100, transactions: 2_000 },
  M: { pathWarmUps: 200, hydrationRuns: 3, personsPages: 300, companiesPages: 100, opportunityPages: 30, sqlPathTargets: 200, ingest: 5_000, opportunityWrites: 2_000, batchRounds: 10, mboxMessages: 10_000, httpSeconds: 5, httpRounds: 3, rankingPages: 5, rankingUsers: 5, activityDraws: 30, merges: 50, feedPolls: 100, feedScanPages: 100, transactions: 2_000 },
  L: { pathWarmUps: 200, hydrationRuns: 2, personsPages: 300, companiesPages: 100, opportunityPages: 20, sqlPathTargets: 30, ingest: 5_000, opportunityWrites: 2_000, batchRounds: 10, mboxMessages: 100_000, httpSeconds: 5, httpRounds: 5, rankingPages: 5, rankingUsers: 5, activityDraws: 20, merges: 50, feedPolls: 100, feedScanPages: 100, transactions: 2_000 },
  quick: { pathWarmUps: 20, hydrationRuns: 1, personsPages: 10, companiesPages: 5, opportunityPages: 5, sqlPathTargets: 10, ingest: 200, opportunityWrites: 50, batchRounds: 1, mboxMessages: 200, httpSeconds: 0.25, httpRounds: 1, rankingPages: 1, rankingUsers: 1, activityDraws: 3, merges: 5, feedPolls: 5, feedScanPages: 3, transactions: 50 },
} as const;

const QUICK_PATH_TARGETS = 20;

/** Targets a scale is asked in a row in the side-by-side growth rows. */
const GROWTH_BLOCK = 100;
/** Rounds of the side-by-side growth rows, pooled (see paths-growth.ts). */
const GROWTH_ROUNDS = 5;

/**
 * The smallest scale's tenant, and the same scale generated with `users` users (the larger run's team),
 * each generated into a folder of its own, for a larger run's side-by-side growth rows: each graph they open
 * is hydrated afresh in this process; the folders are removed once `use` is done.
 */
async function withSmallTenants<T>(users: number, use: (small: SmallTenant, sameTeam: SmallTenant) => T | Promise<T>): Promise<T> {
  const folders: string[] = [];
  const smallTenant = async (scale: Scale): Promise<SmallTenant> => {
    const folder = mkdtempSync(join(tmpdir(), "rapport-bench-small-"));
    folders.push(folder);
    const databasePath = join(folder, "bench.db");
    const tenant = await generateTenant(databasePath, scale);
    const openGraph = async () => {
      const clock = createManualClock(BENCH_NOW);
      const services = await createServices({ databasePath, clock, logger: pino({ level: "silent" }) });
      try {
        return { graph: await services.store.graphs.forTenant(tenant.tenantUuid), close: () => services.store.close() };
      } catch (error) {
        await services.store.close();
        throw error;
      }
    };
    return { scale: scale.name, tenant, openGraph };
  };
  try {
    return await use(await smallTenant(SCALES.S), await smallTenant({ ...SCALES.S, users }));
  } finally {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  }
}

const peakRssMiB = () => process.resourceUsage().maxRSS / 1024;

export async function runBenchmark(options: BenchOptions): Promise<{ report: BenchReport; files: { json: string; markdown: string } }> {
  const { scale: scaleName, out, log = () => undefined } = options;
  const scale = SCALES[scaleName];
  const samples = options.quick ? SAMPLES.quick : SAMPLES[scaleName];
  const httpSeconds = options.httpSeconds ?? samples.httpSeconds;
  const folder = mkdtempSync(join(tmpdir(), `rapport-bench-${scale.name}-`));
  const databasePath = join(folder, "bench.db");
  const startedAt = new Date().toISOString();
  const loadAtStart = loadavg();
  const pageCacheAtStart = readPageCacheCounters();
  const pageCacheGroups: Record<string, PageCacheReads> = {};
  const started = performance.now();
  const measurements: MeasurementResult[] = [];
  const record = (result: MeasurementResult) => {
    measurements.push(result);
    log(
      result.error
        ? `  ${result.title}: FAILED (${result.error.slice(0, 200)})`
        : `  ${result.title}: median ${result.subject.summary.medianMs.toFixed(3)} ms${result.speedRatio === null ? "" : `, ${result.speedRatio.toFixed(2)}x baseline`}`,
    );
  };
  /** Runs one measurement group; a failure becomes a FAILED row and the run goes on. */
  const measure = async (id: (typeof MEASUREMENT_GROUPS)[number], title: string, run: () => Promise<MeasurementResult | MeasurementResult[]>) => {
    if (options.only && !options.only.includes(id)) return;
    const pageCacheBefore = readPageCacheCounters();
    try {
      const results = await run();
      for (const result of Array.isArray(results) ? results : [results]) record(result);
    } catch (error) {
      record(failedMeasurement(id, title, error));
    }
    const reads = pageCacheReads(pageCacheBefore, readPageCacheCounters());
    if (reads !== null) pageCacheGroups[id] = reads;
  };
  try {
    let tenant: SyntheticTenant;
    if (options.generated) {
      log(`copying the ${scale.name} tenant generated before`);
      copyFileSync(options.generated.databasePath, databasePath);
      // A copy: the run's writes are its own, and so are its changes to the lists of records.
      tenant = structuredClone(options.generated.tenant);
    } else {
      log(`generating the ${scale.name} tenant (${scale.persons} persons, ${scale.interactions} interactions, ${scale.opportunities} opportunities)`);
      tenant = await generateTenant(databasePath, scale);
      log(`generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }

    log("measuring graph hydration (child processes)");
    await measure("graph-hydration", "Tenant graph hydration (cold start)", () => measureGraphHydration(databasePath, tenant, samples.hydrationRuns));

    const wanted = (id: (typeof MEASUREMENT_GROUPS)[number]) => !options.only || options.only.includes(id);
    const apiKey = await issueBenchKey(databasePath, tenant.tenantUuid);
    /**
     * The measurements that hydrate the tenant's graph in this process. In a function of its own, so that
     * its services, app and graph are unreachable once it returns: this process is the HTTP client below,
     * and a heap still holding an L graph would make its collections, and so its requests, slower.
     */
    const measureInProcess = async () => {
      const clock = createManualClock(BENCH_NOW);
      const services = await createServices({ databasePath, clock, logger: pino({ level: "silent" }) });
      const app = createApp(services);
      try {
        const graph = await services.store.graphs.forTenant(tenant.tenantUuid);
        log("measuring GET /v1/persons pages");
        await measure("persons-list", "GET /v1/persons page (50 items)", async () => [
          await measureListRows(app, apiKey, databasePath, tenant.tenantUuid, personsListRow(tenant, samples.personsPages)),
          await measurePersonsFuzzyName(app, apiKey, databasePath, tenant, Math.min(50, samples.personsPages)),
        ]);
        log("measuring GET /v1/companies pages");
        await measure("companies-list", "GET /v1/companies page (50 items)", () =>
          measureListRows(app, apiKey, databasePath, tenant.tenantUuid, companiesListRow(tenant, samples.companiesPages)),
        );
        log("measuring GET /v1/opportunities");
        await measure("opportunities", "GET /v1/opportunities", async () => [
          ...(await measureOpportunitiesList(app, apiKey, databasePath, tenant, samples.opportunityPages)),
          ...(await measureOpportunitySearch(app, apiKey, databasePath, tenant, samples.opportunityPages)),
          await measureOpportunitiesTypeScan(app, apiKey, databasePath, tenant, samples.opportunityPages),
          await measureOpportunitiesActivitySort(app, apiKey, databasePath, tenant, samples.opportunityPages),
          // After the searches above: they applied the generated records' name notes, so the retry reads documents.
          await measureOpportunitiesFuzzySearch(app, apiKey, databasePath, tenant, Math.min(20, samples.opportunityPages)),
        ]);
        log("measuring recommended paths (engine, app, SQL)");
        const pathTargets = options.quick ? QUICK_PATH_TARGETS : scale.pathTargets;
        await measure("paths", "Recommended paths", async () => [
          ...(await measureRecommendedPaths({
            app,
            apiKey,
            graph,
            databasePath,
            tenant,
            targets: pathTargets,
            sqlTargets: samples.sqlPathTargets,
            batchRounds: samples.batchRounds,
            warmUpTargets: samples.pathWarmUps,
          })),
          // Above the smallest scale, its growth target is also measured against it side by side, and against the
          // smallest scale generated with this run's team (the growth with a target's neighbourhood held).
          ...(scale.name === SCALES.S.name
            ? []
            : await withSmallTenants(scale.users, (small, sameTeam) =>
                measurePathsGrowth({ small, sameTeam, large: { scale: scale.name, graph, tenant }, targets: pathTargets, block: GROWTH_BLOCK, rounds: GROWTH_ROUNDS }),
              )),
        ]);
        log("measuring relationship rankings (engine)");
        await measure("rankings", "Relationship rankings", () =>
          measureRelationshipRankings({ graph, tenant, pages: samples.rankingPages, users: samples.rankingUsers }),
        );
        log("measuring the activity lists");
        await measure("activity-lists", "Activity lists", async () => [
          ...(await measureActivityLists({ app, apiKey, databasePath, tenant, draws: samples.activityDraws })),
          ...(await measureActivityFeed({ app, apiKey, databasePath, tenant, polls: samples.feedPolls, scanPages: samples.feedScanPages })),
        ]);
        log("measuring ingest");
        await measure("activity-ingest", "Email ingest", () =>
          measureActivityIngest({ store: services.store, app, apiKey, databasePath, tenant, count: samples.ingest }),
        );
        // Its updates move the clock on, one millisecond each.
        log("measuring opportunity writes");
        await measure("opportunity-writes", "Opportunity writes", () =>
          measureOpportunityWrites({ store: services.store, databasePath, tenant, count: samples.opportunityWrites, clock }),
        );
        log("measuring store transactions");
        await measure("store-transactions", "Store transactions", () =>
          measureStoreTransactions({ store: services.store, databasePath, count: samples.transactions }),
        );
        // Last of this process's groups: it folds persons of its own into generated contacts.
        log("measuring person merges");
        await measure("person-merges", "Person merges", () =>
          measurePersonMerges({ store: services.store, databasePath, tenant, count: samples.merges }),
        );
      } finally {
        await services.store.close();
      }
    };
    if (IN_PROCESS_GROUPS.some(wanted)) await measureInProcess();

    if (wanted("batch-endpoints") || wanted("http-throughput")) {
      log("starting Rapport on a real port");
      const rapport = await startBenchServer(["rapport", databasePath], ["--max-old-space-size=8192"]);
      try {
        const baseUrl = `http://127.0.0.1:${rapport.port}`;
        // As `rapport serve` starts: measured once its warm-up (graph, name indexes, company rankings) is done.
        await waitUntilReady(baseUrl);
        const warm = await benchFetch(`${baseUrl}/v1/persons/${tenant.personUuids[0]}/recommended-paths`, { headers: { "x-api-key": apiKey } });
        if (warm.status !== 200) throw new Error(`warm-up request answered ${warm.status}`);
        await warm.arrayBuffer();
        log("measuring the batch endpoints over HTTP");
        await measure("batch-endpoints", "Batch endpoints", () => measureBatchEndpoints({ baseUrl, apiKey, databasePath, tenant, rounds: samples.batchRounds }));
        log("measuring HTTP throughput");
        // An active contact (the 99th percentile of activity), not the single busiest one, whose derived
        // fields scan a tenth of all interactions: the figure is about the request path, not one outlier.
        const activeContact = tenant.personUuids[Math.floor(tenant.personUuids.length / 100)]!;
        await measure("http-throughput", "HTTP throughput", () =>
          measureHttpThroughput(
            rapport,
            apiKey,
            [
              {
                id: "http-person",
                title: "HTTP GET /v1/persons/{uuid}",
                path: `/v1/persons/${activeContact}`,
                minimumRatio: 0.5,
                note: "target: the contact at the 99th percentile of activity",
              },
              {
                id: "http-paths",
                title: "HTTP GET /v1/persons/{uuid}/recommended-paths",
                path: `/v1/persons/${activeContact}/recommended-paths`,
                minimumRatio: 0.3,
                note: "target: the contact at the 99th percentile of activity",
              },
            ],
            { seconds: httpSeconds, rounds: samples.httpRounds },
            { databasePath, tenantUuid: tenant.tenantUuid },
          ),
        );
      } finally {
        rapport.child.kill();
      }
    }

    log("measuring the mbox import");
    await measure("mbox-import", "mbox import", () => measureMboxImportMemory(folder, samples.mboxMessages));

    const report: BenchReport = {
      scale: options.quick ? `${scale.name} (quick)` : scale.name,
      startedAt,
      durationSeconds: Math.round((performance.now() - started) / 1000),
      machine: {
        cores: cpus().length,
        cpuModel: cpus()[0]?.model ?? "unknown",
        memoryGiB: Math.round(totalmem() / 2 ** 30),
        node: process.version,
        platform: `${process.platform}-${process.arch}`,
        loadAverageAtStart: loadAtStart.map((value) => Math.round(value * 100) / 100),
        loadAverageAtEnd: loadavg().map((value) => Math.round(value * 100) / 100),
      },
      dataset: {
        users: scale.users,
        persons: scale.persons,
        companies: scale.companies,
        emails: tenant.emailCount,
        meetings: tenant.meetingCount,
        opportunities: tenant.opportunityCount,
      },
      peakRssMiB: peakRssMiB(),
      measurements,
      pageCache: {
        proactiveReclaim: describeProactiveReclaim(),
        run: pageCacheReads(pageCacheAtStart, readPageCacheCounters()),
        groups: pageCacheGroups,
      },
    };
    return { report, files: writeReport(report, out) };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
