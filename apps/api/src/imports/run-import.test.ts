import { InvalidInputError, type Store } from "@rapport/store";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ImportedPerson, ImportSource, SourceEntry } from "./imported-items.js";
import { ImportReadError } from "./import-read-error.js";
import { createStorePersonImportTarget, type PersonImportTarget } from "./person-import-target.js";
import { runImport } from "./run-import.js";
import { createImportTestBed, type ImportTestBed } from "./testing/import-test-bed.js";
import { emailEntry, sourceOf } from "./testing/source-of.js";

let bed: ImportTestBed;
beforeEach(async () => {
  bed = await createImportTestBed();
});
afterEach(() => bed.close());

/** A source whose entries end in `failure`, thrown as a reader's stream throws it. */
function failingSourceOf(entries: SourceEntry[], failure: Error): ImportSource {
  async function* generate() {
    yield* entries;
    throw failure;
  }
  return { entries: generate(), bytesRead: () => entries.length, totalBytes: null };
}

function person(name: string, address: string, company: string): SourceEntry {
  const item: ImportedPerson = {
    type: "person",
    first_name: null,
    last_name: null,
    name,
    emails: [address],
    linkedin_url: null,
    job_title: null,
    company: { name: company, domain: null },
    twitter_url: null,
    city: null,
    state: null,
    country: null,
    tags: [],
  };
  return { position: `row ${name}`, item };
}

describe("runImport", () => {
  it("loses only the bad item when one spoils its batch, and leaves nothing of it behind", async () => {
    // A target that fails for one candidate after its company was created.
    const failing = (store: Store, tenantUuid: string): PersonImportTarget => {
      const target = createStorePersonImportTarget(store, tenantUuid);
      return {
        ...target,
        async matchOrCreate(candidates) {
          for (const candidate of candidates) {
            if (candidate.emails.includes("bad@x.example")) {
              await target.findOrCreateCompany(candidate.company!);
              throw new InvalidInputError("bad candidate");
            }
          }
          return target.matchOrCreate(candidates);
        },
      };
    };
    const source = sourceOf([person("One", "one@x.example", "Alpha"), person("Bad", "bad@x.example", "Doomed"), person("Two", "two@x.example", "Beta")]);
    const summary = await runImport({ store: bed.store, tenantUuid: bed.tenantUuid, kind: "csv", source, dryRun: false, createTarget: failing });
    expect(summary).toMatchObject({ items: { read: 3, written: 2, failed: 1 }, persons: { created: 2 }, companies: { created: 2 }, problems: { first: [{ position: "row Bad", message: "bad candidate" }] } });
    const persons = await bed.personsByKey();
    expect(persons.has("one@x.example") && persons.has("two@x.example")).toBe(true);
    expect(persons.has("bad@x.example")).toBe(false);
    const companies = await bed.store.companies.list(bed.tenantUuid, { filters: {}, sort_by: "company_name", order: "asc", position: { kind: "offset", offset: 0 }, limit: 10 });
    expect(companies.rows.map((company) => company.company_name)).toEqual(["Alpha", "Beta"]);
  });

  it("stops after the batch in flight when interrupted, and a re-run finishes without duplicates", async () => {
    const entries = Array.from({ length: 7 }, (_unused, index) => emailEntry(index + 1));
    const controller = new AbortController();
    const progress: number[] = [];
    const first = await runImport({
      store: bed.store,
      tenantUuid: bed.tenantUuid,
      kind: "mbox",
      source: sourceOf(entries),
      dryRun: false,
      batchSize: 2,
      signal: controller.signal,
      onProgress: (summary) => {
        progress.push(summary.items.written);
        if (summary.items.written >= 4) controller.abort();
      },
    });
    expect(first).toMatchObject({ outcome: "interrupted", items: { read: 4, written: 4 }, emails: { new: 4 } });
    expect(progress).toEqual([2, 4]);
    expect(bed.rowCounts().emails).toBe(4);

    const second = await runImport({ store: bed.store, tenantUuid: bed.tenantUuid, kind: "mbox", source: sourceOf(entries), dryRun: false, batchSize: 2 });
    expect(second).toMatchObject({ outcome: "completed", emails: { new: 3, known: 4 }, persons: { created: 3 } });
    expect(bed.rowCounts().emails).toBe(7);
  });

  it("writes the whole entries read before the archive fails to read, then says so in words with the counts", async () => {
    const entries = Array.from({ length: 5 }, (_unused, index) => emailEntry(index + 1));
    const diskError = Object.assign(new Error("EIO: i/o error, read"), { code: "EIO", errno: -5, syscall: "read" });
    const failed = runImport({ store: bed.store, tenantUuid: bed.tenantUuid, kind: "mbox", source: failingSourceOf(entries, diskError), dryRun: false, batchSize: 2 });
    await expect(failed).rejects.toThrow(ImportReadError);
    await expect(failed).rejects.toThrow(
      "cannot read the archive to its end: the disk or device failed to read it (EIO); 5 entries read before it, 5 items written, in whole batches; run the same import again once it reads (what is there is not written twice)",
    );
    expect(bed.rowCounts().emails).toBe(5);
    const again = await runImport({ store: bed.store, tenantUuid: bed.tenantUuid, kind: "mbox", source: sourceOf([...entries, emailEntry(6)]), dryRun: false, batchSize: 2 });
    expect(again).toMatchObject({ outcome: "completed", emails: { new: 1, known: 5 } });
  });

  it("throws on a reader's error that is not the system's failure to read, as it is", async () => {
    const bug = new TypeError("reader bug");
    await expect(runImport({ store: bed.store, tenantUuid: bed.tenantUuid, kind: "mbox", source: failingSourceOf([emailEntry(1)], bug), dryRun: false })).rejects.toBe(bug);
  });

  it("fails the import on an error that is not the item's fault", async () => {
    const broken = (store: Store, tenantUuid: string): PersonImportTarget => ({
      ...createStorePersonImportTarget(store, tenantUuid),
      matchOrCreate: async () => {
        throw new Error("disk full");
      },
    });
    await expect(
      runImport({ store: bed.store, tenantUuid: bed.tenantUuid, kind: "vcf", source: sourceOf([person("One", "one@x.example", "Alpha")]), dryRun: false, createTarget: broken }),
    ).rejects.toThrow("disk full");
    expect((await bed.personsByKey()).has("one@x.example")).toBe(false);
  });
});
