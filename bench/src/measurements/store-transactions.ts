/**
 * @module
 * What a `store.transaction` costs on top of its statements: every write of the API runs in one (a request, a batch,
 * an import's batch). An empty transaction against a raw `BEGIN; COMMIT`, and a transaction writing one settings row
 * (`settings.set`, one upsert) against the same upsert by a raw prepared statement between `BEGIN` and `COMMIT`, each
 * on a better-sqlite3 connection of its own to the same database file. Subject and baseline take turns, sample by
 * sample, so that the machine's drift falls on both. Until 2026-12-08 each transaction built all of the store's
 * repositories first, about 0.2 ms of an empty one's.
 */
import SqliteDatabase from "better-sqlite3";
import type { Store } from "@rapport/store";
import type { MeasurementResult } from "../measurement.js";
import { summarize, type Summary } from "../statistics.js";

/** The settings key the write rows set (removed afterwards). */
const KEY = "bench-store-transaction";

/** Times `subject` and `baseline` in turns, `count` samples each after `count / 10` untimed turns; ms. */
async function inTurns(count: number, subject: (index: number) => Promise<unknown>, baseline: (index: number) => void): Promise<{ subject: number[]; baseline: number[] }> {
  const times = { subject: [] as number[], baseline: [] as number[] };
  const warmUps = Math.ceil(count / 10);
  for (let index = -warmUps; index < count; index++) {
    let started = performance.now();
    await subject(index);
    const subjectMs = performance.now() - started;
    started = performance.now();
    baseline(index);
    const baselineMs = performance.now() - started;
    if (index >= 0) {
      times.subject.push(subjectMs);
      times.baseline.push(baselineMs);
    }
  }
  return times;
}

function row(id: string, title: string, subjectLabel: string, subject: Summary, baselineLabel: string, baseline: Summary, notes: string[]): MeasurementResult {
  return {
    id,
    title,
    subject: { label: subjectLabel, summary: subject },
    baseline: { label: baselineLabel, summary: baseline },
    speedRatio: baseline.medianMs / subject.medianMs,
    targets: [],
    figures: { overheadMs: subject.medianMs - baseline.medianMs },
    notes,
  };
}

/**
 * The two rows, on the store over `databasePath` (its file) and a raw connection of their own to it.
 *
 * @example const rows = await measureStoreTransactions({ store: services.store, databasePath, count: 2_000 });
 */
export async function measureStoreTransactions(options: { store: Store; databasePath: string; count: number }): Promise<MeasurementResult[]> {
  const { store, databasePath, count } = options;
  const raw = new SqliteDatabase(databasePath);
  try {
    raw.pragma("synchronous = NORMAL");
    raw.pragma("busy_timeout = 5000");
    const begin = raw.prepare("begin");
    const commit = raw.prepare("commit");
    const upsert = raw.prepare("insert into settings (key, value) values (?, ?) on conflict (key) do update set value = excluded.value");
    const empty = await inTurns(
      count,
      () => store.transaction(async () => {}),
      () => {
        begin.run();
        commit.run();
      },
    );
    const write = await inTurns(
      count,
      (index) => store.transaction((inside) => inside.settings.set(KEY, `store ${index}`)),
      (index) => {
        begin.run();
        upsert.run(KEY, `raw ${index}`);
        commit.run();
      },
    );
    raw.prepare("delete from settings where key = ?").run(KEY);
    const notes = [`subject and baseline in turns, ${count} samples each after ${Math.ceil(count / 10)} untimed turns`, "overheadMs: the two medians' difference"];
    return [
      row(
        "store-transaction-empty",
        "Empty transaction (store)",
        "store.transaction(async () => {})",
        summarize(empty.subject),
        "raw BEGIN; COMMIT on a connection of its own",
        summarize(empty.baseline),
        notes,
      ),
      row(
        "store-transaction-write",
        "One-row write transaction (store)",
        "store.transaction((inside) => inside.settings.set(key, value)): one upsert",
        summarize(write.subject),
        "the same upsert by a raw prepared statement between BEGIN and COMMIT",
        summarize(write.baseline),
        notes,
      ),
    ];
  } finally {
    raw.close();
  }
}
