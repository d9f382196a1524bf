/**
 * One measurement in a process of its own, printing its figures as one JSON line:
 *   hydrate-graph <database> <tenant> [ask-every-target]
 *                                       cold start: a fresh store hydrates the tenant's graph; then, when
 *                                       asked, every person and company is asked every per-target read once
 *   scan-rows <database> <tenant>       the baseline: better-sqlite3 reads the same rows
 *   import-mbox <mbox> <database>       the mbox import with its peak resident memory
 * Started with --expose-gc by the benchmark.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import SqliteDatabase from "better-sqlite3";
import { measureMboxImport, turnOffAllocationSitePretenuring } from "@rapport/api";
import { createSqliteStore } from "@rapport/store";
import { askEveryTarget, tenantTargets } from "./ask-every-target.js";
import { BENCH_NOW } from "./generate-tenant.js";

const collect = () => (globalThis as { gc?: () => void }).gc?.();
const maxRssBytes = () => process.resourceUsage().maxRSS * 1024;
const print = (result: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(result)}\n`);

// As the server runs (rapport serve): see turnOffAllocationSitePretenuring.
turnOffAllocationSitePretenuring();

const [mode, first, second, third] = process.argv.slice(2);

if (mode === "hydrate-graph" && first && second) {
  collect();
  const before = process.memoryUsage();
  const store = await createSqliteStore({ path: first, now: () => BENCH_NOW });
  // How long another request would wait behind the hydration: the event loop's delay, sampled every 10 ms.
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const started = performance.now();
  const graph = await store.graphs.forTenant(second);
  const ms = performance.now() - started;
  delay.disable();
  collect();
  const after = process.memoryUsage();
  const hydrationMaxRssBytes = maxRssBytes();
  let asked: Record<string, number> = {};
  if (third === "ask-every-target") {
    const targets = tenantTargets(first, second);
    const askStarted = performance.now();
    const count = askEveryTarget(graph, targets, BENCH_NOW);
    const askMs = performance.now() - askStarted;
    const askingMaxRssBytes = maxRssBytes();
    collect();
    const afterAsking = process.memoryUsage();
    asked = {
      askedTargets: count,
      askMs,
      askedGraphHeapBytes: afterAsking.heapUsed - before.heapUsed,
      askedExternalBytes: afterAsking.external - before.external,
      askedRssBytes: afterAsking.rss,
      askingMaxRssBytes,
    };
  }
  print({
    ms,
    persons: graph.personCount,
    edges: graph.edgeCount,
    interactions: graph.interactionCount,
    graphHeapBytes: after.heapUsed - before.heapUsed,
    externalBytes: after.external - before.external,
    hydrationMaxRssBytes,
    ...asked,
    longestDelayMs: delay.max / 1e6,
    p99DelayMs: delay.percentile(99) / 1e6,
    rssBytes: after.rss,
    maxRssBytes: maxRssBytes(),
  });
  await store.close();
} else if (mode === "scan-rows" && first && second) {
  const database = new SqliteDatabase(first, { readonly: true });
  const emails = database.prepare(
    `select e.uuid, e.sent_at, e.subject, e.from_person_uuid, p.person_uuid, p.role
     from emails e join email_participants p on p.email_uuid = e.uuid where e.tenant_uuid = ?`,
  );
  const meetings = database.prepare(
    `select m.uuid, m.starts_at, m.title, m.status, m.organizer_person_uuid, a.person_uuid, a.response
     from meetings m left join meeting_attendees a on a.meeting_uuid = m.uuid where m.tenant_uuid = ? and m.deleted_at is null`,
  );
  const started = performance.now();
  let rows = 0;
  let checksum = 0;
  for (const row of emails.iterate(second) as Iterable<{ sent_at: number }>) {
    rows++;
    checksum += row.sent_at % 7;
  }
  for (const row of meetings.iterate(second) as Iterable<{ starts_at: number }>) {
    rows++;
    checksum += row.starts_at % 7;
  }
  const ms = performance.now() - started;
  print({ ms, rows, checksum, maxRssBytes: maxRssBytes() });
  database.close();
} else if (mode === "import-mbox" && first && second) {
  const result = await measureMboxImport({ mboxPath: first, databasePath: second });
  print({
    ms: result.duration_ms,
    messages: result.messages_read,
    emailsNew: result.emails_new,
    baselineRssBytes: result.baseline_rss_bytes,
    peakRssBytes: result.peak_rss_bytes,
    maxRssBytes: maxRssBytes(),
    problems: result.summary.problems.count,
  });
} else {
  process.stderr.write("usage: child-measurement hydrate-graph|scan-rows <database> <tenant> | import-mbox <mbox> <database>\n");
  process.exit(2);
}
