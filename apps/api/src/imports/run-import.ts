/**
 * @module
 * The import runner, shared by the command line and the HTTP jobs: reads an archive's entries, and
 * writes them in batches, each batch one transaction (so an interrupted import leaves only whole
 * batches behind, and a re-run, idempotent on every key, picks up where it stopped). A batch that
 * fails on one bad item is retried item by item so that only that item is lost. A dry run goes
 * through the same code, reading the store and writing nothing.
 */
import { ConflictError, InvalidInputError, type Email, type ImportKind, type Meeting, type Store, type User } from "@rapport/store";
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
import type { ImportedItem, ImportedSeries, ImportSource, SourceEntry } from "./imported-items.js";
import { cancelDroppedOccurrences, seriesAsWritten } from "./cancel-dropped-occurrences.js";
import { ImportReadError, sourceReadError, type SourceReadError } from "./import-read-error.js";
import { createStorePersonImportTarget, type PersonImportTarget } from "./person-import-target.js";
import { commitRunState, createRunState, discardRunState } from "./run-state.js";
import { untilAborted } from "./until-aborted.js";
import { writeEmails } from "./write-emails.js";
import { writeMeetings } from "./write-meetings.js";
import { writeCompanies, writePersons } from "./write-contacts.js";

export interface RunImportOptions {
  store: Store;
  tenantUuid: string;
  kind: ImportKind;
  source: ImportSource;
  dryRun: boolean;
  /** The internal user whose mailbox or calendar this is (meetings are recorded as created by them). */
  owner?: User | null;
  keepBodies?: boolean;
  batchSize?: number;
  /** Stops after the batch in flight; the summary's outcome is then "interrupted". */
  signal?: AbortSignal;
  /** Called after every batch with the summary so far (but the last one's, with `endInLastBatch`: that is the ending's). */
  onProgress?: (summary: ImportSummary) => void | Promise<void>;
  /**
   * Written in the transaction of the import's last batch, given the summary as it stands once that batch commits: a
   * job's ending, which so commits with the archive's last records or not at all (no moment has every record in and
   * the job still running, for a server stopped then to leave as abandoned). Called once the archive is read to its
   * end or the import is interrupted, never when it throws; in a dry run, which commits nothing, in a transaction of
   * its own.
   */
  endInLastBatch?: (store: Store, summary: ImportSummary) => Promise<void>;
  /**
   * Written in the transaction of every other batch, given the summary as it stands once that batch commits: a job's
   * progress, which so says what is committed, no less, whenever the server stops. Not in a dry run.
   */
  recordInBatch?: (store: Store, summary: ImportSummary) => Promise<void>;
  /**
   * Awaited after every batch, once it is committed (`() => setImmediate()` from node:timers/promises in a server):
   * a batch's writes are synchronous SQLite, and a reader hands over the entries of a chunk it has read without
   * waiting, so without it an upload's batches ran back to back and no other request was answered for seconds.
   * Nothing is yielded inside a batch's transaction.
   */
  yieldControl?: () => Promise<unknown>;
  /** How persons and companies are matched or created; the store's own target by default. */
  createTarget?: (store: Store, tenantUuid: string) => PersonImportTarget;
  now?: () => number;
  /**
   * Whether a stored meeting the archive names may be changed (updated or cancelled); any by default (the command
   * line, an administrator). A member's upload changes only the meetings the member may change through the API.
   */
  mayChangeMeeting?: (meeting: Meeting) => boolean;
  /**
   * Whether a body may be kept (`keepBodies`) for an email already stored that the archive names; any by default.
   * A member's upload adds one only to an email the member's person is on, as only they may read it.
   */
  mayAddEmailBody?: (email: Email) => boolean;
}

/** With `yieldControl`, entries read between two yields (a batch's write yields too, once committed). */
const ENTRIES_BETWEEN_YIELDS = 50;

/** What a batch writes: the archive's items, and what the calendar reader learnt of a series. */
type BatchItem = ImportedItem | ImportedSeries;

function ofType<Type extends BatchItem["type"]>(batch: ReadonlyArray<PositionedItem<BatchItem>>, type: Type) {
  return batch.filter((entry) => entry.item.type === type) as Array<PositionedItem<Extract<BatchItem, { type: Type }>>>;
}

/** Writes a batch; a reader yields one kind of item, but a batch of several kinds would work too. */
async function writeBatch(context: BatchContext, batch: ReadonlyArray<PositionedItem<BatchItem>>): Promise<void> {
  const emails = ofType(batch, "email");
  const meetings = ofType(batch, "meeting");
  const companies = ofType(batch, "company");
  const persons = ofType(batch, "person");
  const series = ofType(batch, "series");
  if (emails.length > 0) await writeEmails(context, emails);
  if (meetings.length > 0) await writeMeetings(context, meetings);
  // After the batch's occurrences: each series touches only its own stored occurrences, whatever the order.
  if (series.length > 0) await cancelDroppedOccurrences(context, series);
  if (companies.length > 0) await writeCompanies(context, companies);
  if (persons.length > 0) await writePersons(context, persons);
}

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
 * The entries until the archive fails to read (a disk error part-way): that failure is handed to `onFailure` and the
 * entries end there, so the whole entries read before it are written as an interrupted import's are. Any other
 * error (a format error, a bug) is thrown on.
 */
async function* untilReadFailure(entries: AsyncIterable<SourceEntry>, onFailure: (failure: SourceReadError) => void): AsyncGenerator<SourceEntry> {
  try {
    yield* entries;
  } catch (error) {
    const failure = sourceReadError(error, null);
    if (failure === undefined) throw error;
    onFailure(failure);
  }
}

/** The entries; when reading one fails, `beforeFailing` is awaited before the failure is thrown on. */
async function* awaitingBeforeFailure(entries: AsyncIterable<SourceEntry>, beforeFailing: () => Promise<void>): AsyncGenerator<SourceEntry> {
  try {
    yield* entries;
  } catch (error) {
    await beforeFailing();
    throw error;
  }
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
