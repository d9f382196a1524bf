/**
 * Measurement 2: email ingest (participants resolved by address, idempotency, opportunity activity,
 * incremental graph update) against raw prepared inserts of the same rows: through the store one
 * message per call (against raw inserts committing each message), and in batches through the store and
 * through `POST /v1/emails/batch` (500 per call, the real ingest path) in-process (against raw inserts
 * in one transaction). Ingest records each message's activity as pending; the next read of opportunities
 * raises the linked opportunities' dates once for all of it. Each row reports that read (`nextReadMs`,
 * after all its messages, against the same read with nothing pending: `idleReadMs`) and its speed with
 * that read counted in (`withNextRead`).
 *
 * Each row's messages first go through the same path once under other message ids, untimed: the first
 * pass over a set of participants reads their index pages from disk and compiles the code, and the
 * baseline, timed after the row on the same rows, found those pages already read. At scale L the first
 * 500 of 5,000 one-by-one messages took 3.5 ms each against 0.7 ms for the rest.
 */
import { randomUUID } from "node:crypto";
import SqliteDatabase from "better-sqlite3";
import type { NewEmail, Store } from "@rapport/store";
import type { AppClient } from "./persons-list.js";
import type { MeasurementResult } from "../measurement.js";
import { createRandom } from "../random.js";
import { BENCH_NOW, type SyntheticTenant } from "../generate-tenant.js";
import { summarize, timeOnce } from "../statistics.js";

const BATCH = 500;

function messages(tenant: SyntheticTenant, count: number, prefix: string, seed: number): NewEmail[] {
  const random = createRandom(seed);
  return Array.from({ length: count }, (_unused, index) => {
    const user = random.integer(0, tenant.userUuids.length - 1);
    const contact = random.integer(0, tenant.personUuids.length - 1);
    return {
      message_id: `<${prefix}-${index}@bench.example>`,
      sent_at: BENCH_NOW - random.integer(0, 365) * 86_400_000,
      subject: `Ingest ${index}`,
      from: { email: `user${user}@bench-capital.example` },
      to: [{ email: `contact${contact}@mail.example` }],
    };
  });
}

/**
 * The same rows, participants already resolved, inserted with raw prepared statements into the
 * store's own `emails` and `email_participants` tables (same keys, indexes and size; the store's
 * durability setting), in one transaction or in one per message; ms. The rows are deleted afterwards,
 * untimed.
 */
function rawInserts(databasePath: string, tenant: SyntheticTenant, input: readonly NewEmail[], transactions: "one" | "one per message"): number {
  const database = new SqliteDatabase(databasePath);
  database.pragma("synchronous = NORMAL");
  const inserted: string[] = [];
  try {
    const addressToPerson = new Map<string, string>(
      (database.prepare("select address, person_uuid from person_emails where tenant_uuid = ?").all(tenant.tenantUuid) as Array<{ address: string; person_uuid: string }>).map(
        (row) => [row.address, row.person_uuid],
      ),
    );
    const insertEmail = database.prepare("insert into emails (uuid, tenant_uuid, message_id, sent_at, subject, from_person_uuid, created_at) values (?, ?, ?, ?, ?, ?, ?)");
    const insertParticipant = database.prepare("insert into email_participants (tenant_uuid, email_uuid, person_uuid, role, sent_at) values (?, ?, ?, ?, ?)");
    const insert = database.transaction((message: NewEmail) => {
      const uuid = randomUUID();
      const from = addressToPerson.get(message.from.email!)!;
      insertEmail.run(uuid, tenant.tenantUuid, `<baseline-${message.message_id}>`, message.sent_at, message.subject, from, BENCH_NOW);
      insertParticipant.run(tenant.tenantUuid, uuid, from, "from", message.sent_at);
      for (const recipient of message.to ?? []) insertParticipant.run(tenant.tenantUuid, uuid, addressToPerson.get(recipient.email!)!, "to", message.sent_at);
      inserted.push(uuid);
    });
    emptyTheWal(databasePath);
    const started = performance.now();
    // Nested in one outer transaction, each message's transaction becomes a savepoint: nothing commits until the end.
    if (transactions === "one") database.transaction(() => input.forEach((message) => insert(message)))();
    else for (const message of input) insert(message);
    return performance.now() - started;
  } finally {
    const removeParticipants = database.prepare("delete from email_participants where email_uuid = ?");
    const removeEmail = database.prepare("delete from emails where uuid = ?");
    database.transaction(() => {
      for (const uuid of inserted) {
        removeParticipants.run(uuid);
        removeEmail.run(uuid);
      }
    })();
    database.close();
  }
}

/**
 * Copies the WAL into the database file and empties it, untimed, before a timed pass. The store checkpoints on a
 * worker thread and never in a commit (decision 0027), so without this a pass found the WAL the pass before left:
 * the baseline's connection, checkpointing in its commit as SQLite does by default, copied the store's frames too.
 */
function emptyTheWal(databasePath: string): void {
  const database = new SqliteDatabase(databasePath);
  try {
    database.pragma("wal_checkpoint(TRUNCATE)");
  } finally {
    database.close();
  }
}

/** One page of the opportunity list: the read that applies the pending activity; ms. */
function readOpportunities(store: Store, tenantUuid: string): Promise<number> {
  return timeOnce(() =>
    store.opportunities.list(tenantUuid, { filters: {}, order: "desc", viewer: { user_uuid: null }, position: { kind: "offset", offset: 0 }, limit: 1 }),
  );
}

/** The same messages under other message ids: a warm-up pass that leaves the timed ones new. */
const renamed = (input: readonly NewEmail[], prefix: string): NewEmail[] => input.map((message) => ({ ...message, message_id: `<${prefix}-${message.message_id.slice(1)}` }));

/** The ingest's total after an untimed warm-up pass, then the first opportunity read after it and the same read again; ms. */
async function ingestThenRead(store: Store, tenantUuid: string, databasePath: string, input: readonly NewEmail[], ingest: (messages: readonly NewEmail[]) => Promise<unknown>) {
  await ingest(renamed(input, "warm-up"));
  await readOpportunities(store, tenantUuid);
  emptyTheWal(databasePath);
  const ingestMs = await timeOnce(() => ingest(input));
  const nextReadMs = await readOpportunities(store, tenantUuid);
  const idleReadMs = await readOpportunities(store, tenantUuid);
  return { ingestMs, nextReadMs, idleReadMs };
}

const perEmail = (totalMs: number, count: number) => summarize(Array.from({ length: count }, () => totalMs / count));

export interface IngestMeasurementOptions {
  store: Store;
  app: AppClient;
  apiKey: string;
  databasePath: string;
  tenant: SyntheticTenant;
  count: number;
}

export async function measureActivityIngest(options: IngestMeasurementOptions): Promise<MeasurementResult[]> {
  const { store, app, apiKey, databasePath, tenant, count } = options;
  // The graph is loaded, so every ingest also updates it incrementally.
  await store.graphs.forTenant(tenant.tenantUuid);
  const oneByOne = messages(tenant, count, "single", 99);
  const storeBatched = messages(tenant, count, "store-batch", 97);
  const batched = messages(tenant, count, "batch", 98);

  const single = await ingestThenRead(store, tenant.tenantUuid, databasePath, oneByOne, async (input) => {
    for (const message of input) await store.emails.ingest(tenant.tenantUuid, message);
  });
  const storeBatch = await ingestThenRead(store, tenant.tenantUuid, databasePath, storeBatched, async (input) => {
    for (let start = 0; start < input.length; start += BATCH) {
      const results = await store.emails.ingestMany(tenant.tenantUuid, input.slice(start, start + BATCH));
      const failed = results.find((result) => result.status !== "CREATED");
      if (failed) throw new Error(`store.emails.ingestMany: an item was ${failed.status}`);
    }
  });
  const batch = await ingestThenRead(store, tenant.tenantUuid, databasePath, batched, async (input) => {
    for (let start = 0; start < input.length; start += BATCH) {
      const response = await app.request("/v1/emails/batch", {
        method: "POST",
        headers: { "x-api-key": apiKey, "content-type": "application/json" },
        body: JSON.stringify({ messages: input.slice(start, start + BATCH) }),
      });
      if (response.status !== 200) throw new Error(`POST /v1/emails/batch answered ${response.status}: ${await response.text()}`);
      const { results } = (await response.json()) as { results: Array<{ status: string; error: string | null }> };
      const failed = results.find((result) => result.status !== "CREATED");
      if (failed) throw new Error(`POST /v1/emails/batch: an item was ${failed.status} (${failed.error})`);
    }
  });
  const baseline = perEmail(rawInserts(databasePath, tenant, batched, "one"), count);
  const baselineEntry = { label: "raw prepared inserts of the same rows into the same tables, one transaction", summary: baseline };
  // A caller who writes one message at a time commits each one, raw SQL or not: the like-for-like baseline.
  const perMessageBaseline = perEmail(rawInserts(databasePath, tenant, oneByOne, "one per message"), count);
  const perMessageBaselineEntry = { label: "raw prepared inserts of the same rows into the same tables, one transaction per message", summary: perMessageBaseline };
  return [
    {
      id: "activity-ingest",
      title: "Email ingest (store, one by one)",
      label: `store.emails.ingest, ${count} emails one call each`,
      measured: single,
      baseline: perMessageBaselineEntry,
      notes: [
        "one transaction per message, as its baseline commits each message; vsOneTransaction: its speed against the one-transaction baseline of the batch rows",
      ],
    },
    {
      id: "activity-ingest-store-batch",
      title: "Email ingest (store, batches)",
      label: `store.emails.ingestMany, ${count} emails in calls of ${BATCH}`,
      measured: storeBatch,
      baseline: baselineEntry,
      notes: ["one transaction per call, each item on its own"],
    },
    {
      id: "activity-ingest-batch",
      title: "Email ingest (batch endpoint)",
      label: `POST /v1/emails/batch in-process, ${count} emails in calls of ${BATCH}`,
      measured: batch,
      baseline: baselineEntry,
      notes: ["the whole operation: auth, validation, per-item results"],
    },
  ].map((variant) => {
    const { ingestMs, nextReadMs, idleReadMs } = variant.measured;
    const subject = perEmail(ingestMs, count);
    const speedRatio = subject.opsPerSecond / variant.baseline.summary.opsPerSecond;
    const figures: Record<string, number> = {
      nextReadMs,
      idleReadMs,
      withNextRead: perEmail(ingestMs + nextReadMs - idleReadMs, count).opsPerSecond / variant.baseline.summary.opsPerSecond,
    };
    if (variant.baseline !== baselineEntry) figures.vsOneTransaction = subject.opsPerSecond / baseline.opsPerSecond;
    return {
      id: variant.id,
      title: variant.title,
      subject: { label: variant.label, summary: subject },
      baseline: variant.baseline,
      speedRatio,
      targets: [{ description: "ingest >= 0.25x raw inserts", met: speedRatio >= 0.25 }],
      figures,
      notes: [
        "per-email figures are the run's total divided by its size",
        "warm-up: the same messages under other ids first, untimed (the baseline, timed after, finds the rows' pages read)",
        "opportunity activity dates are raised at the next opportunity read: nextReadMs is that read after all the messages, idleReadMs the same read again; withNextRead counts their difference in",
        ...variant.notes,
      ],
    };
  });
}
