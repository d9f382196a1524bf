/**
 * @module
 * The import runner, shared by the command line and the HTTP jobs: reads an archive's entries, and
 * writes them in batches, each batch one transaction (so an interrupted import leaves only whole
 * batches behind, and a re-run, idempotent on every key, picks up where it stopped). A batch that
 * fails on one bad item is retried item by item so that only that item is lost. A dry run goes
 * through the same code, reading the store and writing nothing.
 */
import { ConflictError, InvalidInputError, type Store, type User } from "@rapport/store";
import type { BatchContext, PositionedItem } from "./batch-context.js";
import { DEFAULT_BATCH_SIZE } from "./batch-size.js";
import { retryWhileBusy } from "./retry-while-busy.js";
import {
  addProblem,
  addSkip,
  emptyBatchCounts,
  emptySummary,
  mergeBatchCounts,
  type ImportProblem,
  type ImportSummary,
  type OwnerSummary,
} from "./import-summary.js";
import { cleanImportedItem } from "./imported-control-characters.js";
import { likelyDuplicatesOf, type CreatedRecords } from "./likely-duplicates.js";
import { importedItemProblem } from "./imported-field-limits.js";
import type { ImportedItem } from "./imported-items.js";
import { seriesAsWritten } from "./cancel-dropped-occurrences.js";
import { awaitingBeforeFailure, untilReadFailure } from "./entry-streams.js";
import { ImportReadError, type SourceReadError } from "./import-read-error.js";
import { createStorePersonImportTarget } from "./person-import-target.js";
import { commitRunState, createRunState, discardRunState } from "./run-state.js";
import type { RunImportOptions } from "./run-import-options.js";
import { untilAborted } from "./until-aborted.js";
import { writeBatch, type BatchItem } from "./write-batch.js";

export type { RunImportOptions } from "./run-import-options.js";


/** With `yieldControl`, entries read between two yields (a batch's write yields too, once committed). */
const ENTRIES_BETWEEN_YIELDS = 50;

function addressesOf(item: ImportedItem): string[] {
  if (item.type === "email") return [item.from, ...item.to, ...item.cc].map((address) => address.email);
  if (item.type === "meeting") return [...(item.organizer ? [item.organizer.email] : []), ...item.attendees.map((attendee) => attendee.email)];
  return [];
}

/** The summary `summary` would be with a batch's counts and problems (`context`, not yet committed) added: a copy. */
function summaryWithBatch(summary: ImportSummary, context: BatchContext, failedItem: ImportProblem | null): ImportSummary {
  const after = structuredClone(summary);
  mergeBatchCounts(after, context.counts);
  for (const problem of [...context.state.stagedProblems, ...(failedItem ? [failedItem] : [])]) {
    after.items.failed += 1;
    addProblem(after, problem);
  }
  return after;
}

function isItemError(error: unknown): error is Error {
  return error instanceof InvalidInputError || error instanceof ConflictError;
}

/**
 * Imports an archive's entries into a tenant and returns the summary. An archive that fails to read part-way is an
 * ImportReadError, thrown once the whole entries read before it are written.
 *
 * @example
 * const source = readMbox(createReadStream(path), size, { keepBodies: false, name: path });
 * const summary = await runImport({ store, tenantUuid, kind: "mbox", source, dryRun: true });
 */
export async function runImport(options: RunImportOptions): Promise<ImportSummary> {
  const { store, tenantUuid, kind, source, dryRun, owner = null, keepBodies = false, batchSize = DEFAULT_BATCH_SIZE, signal, onProgress } = options;
  const { createTarget = createStorePersonImportTarget, now = Date.now, mayChangeMeeting = () => true, mayAddEmailBody = () => true, yieldControl } = options;
  const started = now();
  const summary = emptySummary(kind, dryRun);
  summary.bytes_total = source.totalBytes;
  const state = createRunState();

  const users = (await store.users.list(tenantUuid, { order: "asc", position: { kind: "offset", offset: 0 }, limit: 10_000 })).rows.filter((user) => user.is_active);
  const userByAddress = new Map(users.map((user) => [user.email, user]));
  const appearances = new Map<string, number>();

  const contextFor = (batchStore: Store): BatchContext => ({
    store: batchStore,
    tenantUuid,
    dryRun,
    keepBodies,
    owner,
    state,
    counts: emptyBatchCounts(),
    target: createTarget(batchStore, tenantUuid),
    mayChangeMeeting,
    mayAddEmailBody,
  });

  const created: CreatedRecords = { persons: [], companies: [] };
  const commit = (context: BatchContext) => {
    mergeBatchCounts(summary, context.counts);
    created.persons.push(...context.counts.created.persons);
    created.companies.push(...context.counts.created.companies);
    for (const problem of commitRunState(state)) {
      summary.items.failed += 1;
      addProblem(summary, problem);
    }
  };

  const writeInTransaction = async (entries: ReadonlyArray<PositionedItem<BatchItem>>) => {
    // A batch that found the database locked by another process past the store's wait wrote nothing: it is written
    // again after a pause, rather than ending the import there (a job has no client to send the archive again).
    const context = await retryWhileBusy(
      async () => {
        try {
          return await store.transaction(async (transaction) => {
            const batchContext = contextFor(transaction);
            await writeBatch(batchContext, entries);
            if (options.recordInBatch) await options.recordInBatch(transaction, { ...summaryWithBatch(summary, batchContext, null), bytes_read: source.bytesRead(), duration_ms: now() - started });
            return batchContext;
          });
        } catch (error) {
          discardRunState(state);
          throw error;
        }
      },
      { signal },
    );
    commit(context);
  };

  /**
   * The run's last figures (the owner, or the one proposed; the created records that look like existing ones; bytes
   * read; duration), set on `target`; `lastBatch` is the ending's batch, read in its transaction (`reader`) before it commits.
   */
  const conclude = async (target: ImportSummary, reader: Store, lastBatch?: BatchContext) => {
    const ownerSummary = (user: User): OwnerSummary => ({ user_uuid: user.uuid, name: user.name, email: user.email, appearances: appearances.get(user.uuid) ?? 0 });
    if (owner) target.owner = ownerSummary(owner);
    if (!owner && appearances.size > 0) {
      const [best] = users.filter((user) => appearances.has(user.uuid)).sort((left, right) => appearances.get(right.uuid)! - appearances.get(left.uuid)! || left.name.localeCompare(right.name));
      target.proposed_owner = best ? ownerSummary(best) : null;
    }
    // A dry run created nothing to compare; an interrupted run's committed records are compared as they stand.
    if (!dryRun) {
      const lastCreated = lastBatch?.counts.created ?? { persons: [], companies: [] };
      const all = { persons: [...created.persons, ...lastCreated.persons], companies: [...created.companies, ...lastCreated.companies] };
      target.likely_duplicates = await likelyDuplicatesOf(reader, tenantUuid, all);
    }
    target.bytes_read = source.bytesRead();
    target.duration_ms = now() - started;
  };

  /**
   * Writes the last entries and `endInLastBatch` in one transaction, the entries in a savepoint of it. When they fail on
   * an item, one entry is counted failed and the ending still written; several are thrown for the caller to write one
   * by one. The summary becomes the ending's once it commits.
   */
  const writeLastWithEnding = async (entries: ReadonlyArray<PositionedItem<BatchItem>>, endInLastBatch: NonNullable<RunImportOptions["endInLastBatch"]>) => {
    const ended = await retryWhileBusy(
      async () => {
        try {
          return await store.transaction(async (transaction) => {
            let context = contextFor(transaction);
            let failedItem: ImportProblem | null = null;
            if (entries.length > 0) {
              try {
                context = await transaction.transaction(async (savepoint) => {
                  const batchContext = contextFor(savepoint);
                  await writeBatch(batchContext, entries);
                  return batchContext;
                });
              } catch (error) {
                if (!isItemError(error) || entries.length > 1) throw error;
                discardRunState(state);
                failedItem = { position: entries[0]!.position, message: error.message };
              }
            }
            const ending = summaryWithBatch(summary, context, failedItem);
            await conclude(ending, transaction, context);
            await endInLastBatch(transaction, ending);
            return ending;
          });
        } catch (error) {
          discardRunState(state);
          throw error;
        }
      },
      { signal },
    );
    commitRunState(state);
    Object.assign(summary, ended);
  };

  /** The last batch, written with the job's ending (`endInLastBatch`); without one, as any batch. The summary is then final. */
  const flushLast = async (batch: Array<PositionedItem<BatchItem>>) => {
    const { endInLastBatch } = options;
    if (endInLastBatch === undefined) {
      await flush(batch);
      await conclude(summary, store);
      return;
    }
    if (dryRun) {
      await flush(batch, { progress: false });
      await conclude(summary, store);
      await retryWhileBusy(() => store.transaction((transaction) => endInLastBatch(transaction, summary)), { signal });
      return;
    }
    try {
      await writeLastWithEnding(batch, endInLastBatch);
    } catch (error) {
      if (!isItemError(error)) throw error;
      // One item spoiled the batch: the others one by one, the last with the ending.
      await writeOneByOne(batch.slice(0, -1));
      await writeLastWithEnding(batch.slice(-1), endInLastBatch);
    }
  };

  /** Each entry in a transaction of its own, so that only a bad one is lost. */
  const writeOneByOne = async (entries: ReadonlyArray<PositionedItem<BatchItem>>) => {
    for (const entry of entries) {
      try {
        await writeInTransaction([entry]);
      } catch (itemError) {
        discardRunState(state);
        if (!isItemError(itemError)) throw itemError;
        summary.items.failed += 1;
        addProblem(summary, { position: entry.position, message: itemError.message });
      }
    }
  };

  const flush = async (batch: Array<PositionedItem<BatchItem>>, { progress = true } = {}) => {
    if (batch.length === 0) return;
    if (dryRun) {
      const context = contextFor(store);
      await writeBatch(context, batch);
      commit(context);
    } else {
      try {
        await writeInTransaction(batch);
      } catch (error) {
        discardRunState(state);
        if (!isItemError(error)) throw error;
        // One item spoiled the batch: write them one by one, so that only the bad one is lost.
        await writeOneByOne(batch);
      }
    }
    summary.bytes_read = source.bytesRead();
    summary.duration_ms = now() - started;
    if (progress) await onProgress?.(summary);
    await yieldControl?.();
  };

  const endsWithLastBatch = options.endInLastBatch !== undefined;
  let batch: Array<PositionedItem<BatchItem>> = [];
  let readFailure: SourceReadError | undefined;
  // An archive that fails to read (a format error) after a full batch held for the ending: that batch is written, as
  // every full batch before the failure is.
  const writeHeldBatch = async () => {
    if (batch.length >= batchSize) await flush(batch);
  };
  const entries = awaitingBeforeFailure(untilReadFailure(source.entries, (failure) => (readFailure = failure)), writeHeldBatch);
  for await (const entry of untilAborted(entries, signal)) {
    if ("series" in entry) {
      // Not an entry of the archive (not counted as read): written with the batch, after its occurrences.
      batch.push({ position: entry.position, item: seriesAsWritten(entry.series) });
      continue;
    }
    summary.items.read += 1;
    // Parsing entries (a mail message, a calendar's events) takes time of its own, between two batches' writes.
    if (summary.items.read % ENTRIES_BETWEEN_YIELDS === 0) await yieldControl?.();
    const cleaned = "item" in entry ? cleanImportedItem(entry.item) : null;
    // A value longer than its field takes is the entry's problem, as a reader's own would be.
    const problem = "problem" in entry ? entry.problem : cleaned === null ? null : "problem" in cleaned ? cleaned.problem : importedItemProblem(cleaned.item);
    if (problem !== null) {
      summary.items.failed += 1;
      addProblem(summary, { position: entry.position, message: problem });
    } else if ("skipped" in entry) {
      addSkip(summary, entry.skipped);
    } else if ("item" in entry && cleaned !== null && "item" in cleaned) {
      // Imported all the same: listed for the user to check, not counted as failed.
      const caveats = [...(entry.caveat ? [entry.caveat] : []), ...(cleaned.changed.length > 0 ? [`control characters taken out of ${cleaned.changed.join(", ")}`] : [])];
      if (caveats.length > 0) addProblem(summary, { position: entry.position, message: caveats.join("; ") });
      for (const user of new Set(addressesOf(cleaned.item).map((address) => userByAddress.get(address)).filter(Boolean))) {
        appearances.set(user!.uuid, (appearances.get(user!.uuid) ?? 0) + 1);
      }
      // With an ending to write, a full batch waits for another item to follow it: the archive's last batch, which the
      // ending goes with, is never an empty one after it.
      if (endsWithLastBatch && batch.length >= batchSize) {
        await flush(batch);
        batch = [];
      }
      batch.push({ position: entry.position, item: cleaned.item });
      if (!endsWithLastBatch && batch.length >= batchSize) {
        await flush(batch);
        batch = [];
      }
    }
    if (signal?.aborted) break;
  }
  // Asked to stop while it waited for an entry, too.
  if (signal?.aborted) summary.outcome = "interrupted";
  if (readFailure) {
    await flush(batch);
    summary.bytes_read = source.bytesRead();
    summary.duration_ms = now() - started;
    throw new ImportReadError(readFailure, summary);
  }
  await flushLast(batch);
  return summary;
}
