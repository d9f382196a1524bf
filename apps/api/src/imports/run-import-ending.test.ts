/**
 * runImport's `endInLastBatch` and `recordInBatch`: a job's ending, written in the transaction of the archive's last
 * records, and its progress in each other batch's.
 */
import { InvalidInputError, type Store } from "@rapport/store";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ImportSummary } from "./import-summary.js";
import type { SourceEntry } from "./imported-items.js";
import { createStorePersonImportTarget, type PersonImportTarget } from "./person-import-target.js";
import { runImport } from "./run-import.js";
import { createImportTestBed, type ImportTestBed } from "./testing/import-test-bed.js";
import { emailEntry, sourceOf } from "./testing/source-of.js";

let bed: ImportTestBed;
beforeEach(async () => {
  bed = await createImportTestBed();
});
afterEach(() => bed.close());

async function emailsSeenBy(store: Store): Promise<number> {
  let count = 0;
  for await (const interaction of store.interactions.all(bed.tenantUuid)) if (interaction.kind === "email") count += 1;
  return count;
}

/** What each call of `endInLastBatch` saw: the emails its transaction holds, those committed, and its summary. */
interface EndingSeen {
  inTransaction: number;
  committed: number;
  summary: ImportSummary;
}

function recordingEnding(seen: EndingSeen[]) {
  return async (transaction: Store, summary: ImportSummary) => {
    // Another connection reads only what is committed: the last batch is not, yet.
    seen.push({ inTransaction: await emailsSeenBy(transaction), committed: bed.rowCounts().emails!, summary: structuredClone(summary) });
  };
}

/** The store's target, failing as a constraint would for the contacts of `badAddresses`. */
function failingFor(...badAddresses: string[]) {
  return (store: Store, tenantUuid: string): PersonImportTarget => {
    const target = createStorePersonImportTarget(store, tenantUuid);
    return {
      ...target,
      async matchOrCreate(candidates) {
        if (candidates.some((candidate) => candidate.emails.some((address) => badAddresses.includes(address)))) throw new InvalidInputError("bad candidate");
        return target.matchOrCreate(candidates);
      },
    };
  };
}

describe("runImport's endInLastBatch", () => {
  // 5: a last batch shorter than the others; 4: as full as the others, the archive ending with it.
  it.each([5, 4])("is written once, in the transaction of the archive's last records (%i entries in batches of 2), with the summary returned", async (count) => {
    const seen: EndingSeen[] = [];
    const entries = Array.from({ length: count }, (_unused, index) => emailEntry(index + 1));
    const summary = await runImport({ store: bed.store, tenantUuid: bed.tenantUuid, kind: "mbox", source: sourceOf(entries), dryRun: false, batchSize: 2, endInLastBatch: recordingEnding(seen) });
    const lastBatch = count % 2 === 0 ? 2 : 1;
    expect(seen).toEqual([{ inTransaction: count, committed: count - lastBatch, summary }]);
    expect(summary).toMatchObject({ outcome: "completed", items: { read: count, written: count }, emails: { new: count }, bytes_read: count });
    expect(bed.rowCounts().emails).toBe(count);
  });

  it("comes after recordInBatch, written in each other batch's transaction with the summary as it stands once that commits", async () => {
    const progress: EndingSeen[] = [];
    const endings: EndingSeen[] = [];
    const entries = Array.from({ length: 5 }, (_unused, index) => emailEntry(index + 1));
    await runImport({
      store: bed.store,
      tenantUuid: bed.tenantUuid,
      kind: "mbox",
      source: sourceOf(entries),
      dryRun: false,
      batchSize: 2,
      recordInBatch: recordingEnding(progress),
      endInLastBatch: recordingEnding(endings),
    });
    expect(progress.map(({ inTransaction, committed, summary }) => ({ inTransaction, committed, written: summary.emails.new }))).toEqual([
      { inTransaction: 2, committed: 0, written: 2 },
      { inTransaction: 4, committed: 2, written: 4 },
    ]);
    expect(endings.map(({ inTransaction, committed }) => ({ inTransaction, committed }))).toEqual([{ inTransaction: 5, committed: 4 }]);
  });

  it("takes the last batch's records with it when it fails: the whole batches before stay, and a re-run adds exactly the rest", async () => {
    const entries = Array.from({ length: 5 }, (_unused, index) => emailEntry(index + 1));
    const refused = new Error("database or disk is full");
    const endInLastBatch = async () => {
      throw refused;
    };
    await expect(runImport({ store: bed.store, tenantUuid: bed.tenantUuid, kind: "mbox", source: sourceOf(entries), dryRun: false, batchSize: 2, endInLastBatch })).rejects.toBe(refused);
    expect(bed.rowCounts().emails).toBe(4);
    const seen: EndingSeen[] = [];
    const again = await runImport({ store: bed.store, tenantUuid: bed.tenantUuid, kind: "mbox", source: sourceOf(entries), dryRun: false, batchSize: 2, endInLastBatch: recordingEnding(seen) });
    expect(again).toMatchObject({ emails: { new: 1, known: 4 } });
    expect(seen).toHaveLength(1);
  });

  it("is written with the last good entry when a bad one spoils the last batch, the bad one counted failed", async () => {
    // Contacts: the bad one last, then the bad one amid the batch (so the last entry is written alone, with the ending).
    const rows = (bad: number) =>
      Array.from({ length: 3 }, (_unused, index): SourceEntry => ({
        position: `row ${index + 1}`,
        item: { type: "person", first_name: null, last_name: null, name: `Contact ${index + 1}`, emails: [`c${index + 1}${index + 1 === bad ? "-bad" : ""}@x.example`], linkedin_url: null, job_title: null, company: null, twitter_url: null, city: null, state: null, country: null, tags: [] },
      }));
    for (const bad of [3, 2]) {
      const seen: EndingSeen[] = [];
      const summary = await runImport({
        store: bed.store,
        tenantUuid: bed.tenantUuid,
        kind: "csv",
        source: sourceOf(rows(bad)),
        dryRun: false,
        batchSize: 3,
        createTarget: failingFor(`c${bad}-bad@x.example`),
        endInLastBatch: recordingEnding(seen),
      });
      expect(seen.map((ending) => ending.summary)).toEqual([summary]);
      expect(summary).toMatchObject({ items: { read: 3, failed: 1 }, problems: { count: 1, first: [{ position: `row ${bad}`, message: "bad candidate" }] } });
      expect((await bed.personsByKey()).has(`c${bad}-bad@x.example`)).toBe(false);
    }
    expect([...(await bed.personsByKey()).keys()].filter((key) => key.endsWith("@x.example")).sort()).toEqual(["c1@x.example", "c2@x.example", "c3@x.example"]);
  });

  it("is written once in a dry run, which writes nothing else, and with an interrupted import's summary", async () => {
    const entries = Array.from({ length: 3 }, (_unused, index) => emailEntry(index + 1));
    const before = bed.rowCounts().emails;
    const seen: EndingSeen[] = [];
    const dry = await runImport({ store: bed.store, tenantUuid: bed.tenantUuid, kind: "mbox", source: sourceOf(entries), dryRun: true, batchSize: 2, endInLastBatch: recordingEnding(seen) });
    expect(seen).toEqual([{ inTransaction: before, committed: before, summary: dry }]);
    expect(dry).toMatchObject({ dry_run: true, emails: { new: 3 } });

    const controller = new AbortController();
    seen.length = 0;
    const interrupted = await runImport({
      store: bed.store,
      tenantUuid: bed.tenantUuid,
      kind: "mbox",
      source: sourceOf(Array.from({ length: 7 }, (_unused, index) => emailEntry(index + 1))),
      dryRun: false,
      batchSize: 2,
      signal: controller.signal,
      onProgress: (summary) => {
        if (summary.items.written >= 2) controller.abort();
      },
      endInLastBatch: recordingEnding(seen),
    });
    expect(seen.map((ending) => ending.summary)).toEqual([interrupted]);
    expect(interrupted.outcome).toBe("interrupted");
    expect(bed.rowCounts().emails).toBe(interrupted.emails.new);
  });
});
