/**
 * @module
 * Import jobs for the HTTP API: an upload is saved to a private folder as it arrives, checked to be of its kind,
 * recorded, and imported in the background of this process; progress, the summary and a heartbeat
 * go to the job's row so any API node can answer `GET /v1/imports/{uuid}`. The progress is written in each batch's
 * transaction and the ending in the last one's: the row never says less than is committed, nor running once all is.
 *
 * A restart does not resume a job: a graceful shutdown stops each running job after its batch in
 * flight and marks it failed; a crash leaves a job whose heartbeat goes stale, and it is marked
 * failed when next read: at once when the job names its process (`runner`, as an idempotency claim names its
 * claimer) and that is a process of this host that no longer runs, else after STALE_AFTER_MS (another host's
 * process, or a job recorded before runners were). Either way the message says to upload the file
 * again: the import is idempotent, so the re-run adds only what the first run had not committed.
 */
import { randomUUID } from "node:crypto";
import { mkdir, rm, rmdir } from "node:fs/promises";
import { join } from "node:path";
import { setImmediate } from "node:timers/promises";
import type { Email, ImportJob, ImportJobOutcome, ImportJobProgress, Meeting, Store, User } from "@rapport/store";
import type { Logger } from "pino";
import type { Clock } from "../platform/clock.js";
import { cleanFilename } from "../platform/request/clean-filename.js";
import { importArchive } from "./import-archive.js";
import { ImportReadError } from "./import-read-error.js";
import { ImportRequestError, type ImportRequest } from "./import-request.js";
import { shortenedProblemMessage, type ImportSummary } from "./import-summary.js";
import { ImportFormatError } from "./imported-items.js";
import { createImportSlots, type ImportSlot } from "./import-slots.js";
import { createUploadSpace, type UploadSpaceHold } from "./upload-space.js";
import { processFolderName, UPLOADS_FOLDER } from "./process-upload-folders.js";
import { DEFAULT_MINIMUM_UPLOAD_RATE, type MinimumUploadRate } from "./minimum-upload-rate.js";
import { checkImportInput } from "./open-import-source.js";
import { retryWhileBusy } from "./retry-while-busy.js";
import { isDatabaseBusy } from "../platform/errors/database-busy.js";
import { storageFailureOf, type StorageFailure } from "../platform/errors/storage-failure.js";
import type { StorageFaults } from "../platform/errors/storage-faults.js";
import { claimerStopped, THIS_PROCESS_CLAIMER } from "../operations/idempotency-claimer.js";

/**
 * Items per transaction of an upload's import: fewer than `rapport import`'s (DEFAULT_BATCH_SIZE), since a batch's
 * writes are synchronous and hold the event loop of a server that has other requests to answer.
 */
export const UPLOAD_BATCH_SIZE = 50;

/** A running job refreshes its heartbeat at least this often. */
export const HEARTBEAT_INTERVAL_MS = 10_000;
/** A job whose heartbeat is older than this has lost its runner. */
export const STALE_AFTER_MS = 30_000;

/** Why uploading a file again is safe, as a stopped job's `error` says: the import is idempotent. */
const ALREADY_IMPORTED = "what was already imported is recognized and not added twice.";

export const INTERRUPTED_BY_SHUTDOWN = `interrupted: the server stopped while this import was running. Upload the same file again: ${ALREADY_IMPORTED}`;
export const ABANDONED = `interrupted: the server running this import stopped unexpectedly. Upload the same file again: ${ALREADY_IMPORTED}`;

/**
 * The `error` of a job the database's storage stopped (a full disk, a read-only or damaged file, a disk error): what
 * happened as the API's 503 says it, and what to do. SQLite's own words ("database or disk is full") said neither.
 *
 * @example storageFailureJobError(storageFailureOf(Object.assign(new Error("database or disk is full"), { code: "SQLITE_FULL" }))!); // "import failed: the server's disk is full, so ..."
 */
export function storageFailureJobError(failure: StorageFailure): string {
  const next = failure.retryAfterSeconds === undefined ? "Once its operator has restored it, upload the same file again" : "Upload the same file again later";
  return `import failed: ${failure.what}, so the rest of the file was not imported. ${next}: ${ALREADY_IMPORTED}`;
}

/** Where one upload is saved: a private folder of its own, which its job owns once started. */
export interface UploadPlace {
  folder: string;
  /** The file to save the upload as, in `folder`; it keeps the sent name's extension. */
  path: string;
}

export interface ImportUpload extends UploadPlace {
  /** The name the client sent the file under. */
  name: string;
  /** The saved file's size in bytes. */
  bytes: number;
}

export interface StartImportJob {
  tenantUuid: string;
  createdByUserUuid: string | null;
  owner: User | null;
  request: ImportRequest;
  upload: ImportUpload;
  /** Whether the caller may change a stored meeting the archive names (see RunImportOptions); any when absent. */
  mayChangeMeeting?: (meeting: Meeting) => boolean;
  /** Whether the caller may add a body to a stored email the archive names (see RunImportOptions); any when absent. */
  mayAddEmailBody?: (email: Email) => boolean;
  /** The place `reserve` gave this upload: released when its job ends. */
  slot?: ImportSlot;
}

export interface ImportJobs {
  /**
   * A place for one more import of the tenant, taken before its upload is read; null when the tenant has
   * MAX_IMPORTS_PER_TENANT under way in this process already. `start` releases it when the job ends.
   */
  reserve(tenantUuid: string): ImportSlot | null;
  /**
   * Holds `bytes` of the process's upload space (all tenants' uploads on disk together, `uploadSpaceBytes`) for one
   * upload, taken before its body is read; null when the uploads under way leave less. Released by its caller.
   */
  holdUploadSpace(bytes: number): UploadSpaceHold | null;
  /** The bound on the bytes all uploads of this process may hold on disk at once. */
  readonly uploadSpaceBytes: number;
  /** The slowest an upload may arrive (a 408 below it). */
  readonly minimumUploadRate: MinimumUploadRate;
  /**
   * A new private folder, and the file in it, to save an upload sent as `name` into while it arrives. `start` takes
   * the folder over; a caller that does not start a job gives it to `discardUpload`. `stop` removes those still held.
   */
  prepareUpload(name: string): Promise<UploadPlace>;
  /** Removes the folder of an upload `prepareUpload` gave that will start no job (refused, broken off). */
  discardUpload(place: UploadPlace): Promise<void>;
  /** Checks the saved upload (ImportFormatError / ImportRequestError when it is not of its kind), records the job, starts it. */
  start(input: StartImportJob): Promise<ImportJob>;
  /** The job; one abandoned by a stopped server is marked failed first (cancelled, when a cancel was asked for). */
  get(tenantUuid: string, jobUuid: string): Promise<ImportJob | null>;
  /**
   * Asks a queued or running job to stop at its next batch (what landed stays) and end `cancelled`. Resolves with the
   * job: ended, when this process runs it (once its batch in flight has committed with the ending); still running,
   * when another node does (that node's runner reads the ask at its next batch). An ended job is given back as it is;
   * null when the tenant has no such job.
   */
  cancel(tenantUuid: string, jobUuid: string): Promise<ImportJob | null>;
  /** Resolves once every job this process started has ended. */
  settled(): Promise<void>;
  /**
   * Stops this process's jobs after their batch in flight and marks them failed, and removes the folders of uploads
   * still arriving, and this process's own folder once empty; for shutdown.
   */
  stop(): Promise<void>;
}

export interface ImportJobsOptions {
  store: Store;
  clock: Clock;
  logger: Logger;
  /**
   * Where uploads wait while their job runs; each job has its own folder, removed at the end. By default this
   * process's own folder under UPLOADS_FOLDER (`removeAbandonedUploadFolders` clears those of stopped processes).
   */
  folder?: string;
  /** The bytes all uploads being received or imported may take on disk at once (DEFAULT_UPLOAD_SPACE_BYTES). */
  uploadSpaceBytes?: number;
  /** The slowest an upload may arrive (DEFAULT_MINIMUM_UPLOAD_RATE). */
  minimumUploadRate?: MinimumUploadRate;
  /** Told of the storage failures jobs meet, as of requests', so that `GET /ready` says them; and of their writes that succeed. */
  storageFaults?: StorageFaults;
}

/** Keeps the extension (the mbox reader tells `.eml` from mbox by it) and nothing unsafe. */
function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const cleaned = base.replace(/[^\w.-]+/g, "_").replace(/^\.+/, "").slice(-120);
  return cleaned || "upload";
}

function toRecord(summary: ImportSummary): Record<string, unknown> {
  return summary as unknown as Record<string, unknown>;
}

/** A running job's progress as its row keeps it: the summary so far and its figures. */
function progressOf(summary: ImportSummary | null): ImportJobProgress {
  return { items_processed: summary?.items.read ?? 0, bytes_processed: summary?.bytes_read ?? 0, summary: summary ? toRecord(summary) : null };
}

/** The entries of a job's summary written or found unchanged: what only a batch's commit moves on. */
function entriesCommitted(summary: Record<string, unknown> | null): number {
  const items = (summary as ImportSummary | null)?.items;
  return items === undefined ? 0 : items.written + items.unchanged;
}

/** How a job whose import returned ends: succeeded; cancelled when a cancel stopped it; failed when a shutdown did. */
function endingOf(summary: ImportSummary, cancelled: boolean): ImportJobOutcome {
  if (summary.outcome !== "interrupted") return { status: "succeeded", summary: toRecord(summary), error: null };
  return cancelled ? { status: "cancelled", summary: toRecord(summary), error: null } : { status: "failed", summary: toRecord(summary), error: INTERRUPTED_BY_SHUTDOWN };
}

/** A job this process runs: its stop, whether a cancel asked for it, and its ending recorded (`ended`) or its run over (`done`). */
interface RunningJob {
  controller: AbortController;
  cancelled: boolean;
  ended: Promise<void>;
  done: Promise<void>;
}

/**
 * `message` with the saved file's path (the server's, in its temporary folder) given as the name the client sent:
 * a job's messages never show where the server keeps uploads.
 */
function namedAsSent(message: string, savedPath: string, shownName: string): string {
  return message.split(savedPath).join(shownName);
}

/**
 * The job runner of one API process.
 *
 * @example
 * const jobs = createImportJobs({ store, clock: systemClock, logger });
 * const place = await jobs.prepareUpload("inbox.mbox"); // then save the upload at place.path
 * const job = await jobs.start({ tenantUuid, createdByUserUuid: null, owner: null, request, upload: { name: "inbox.mbox", bytes, ...place } });
 */
export function createImportJobs(options: ImportJobsOptions): ImportJobs {
  const { store, clock, logger, folder = join(UPLOADS_FOLDER, processFolderName(process.pid)) } = options;
  const slots = createImportSlots();
  const space = createUploadSpace(options.uploadSpaceBytes);
  const running = new Map<string, RunningJob>();
  // The folders of uploads being received: no job owns them yet, so nothing else removes them at shutdown.
  const receiving = new Set<string>();
  // The endings the database refused to record (a full disk refuses a failed job's "failed" too): answered from here
  // meanwhile, the job's row saying `running` until its heartbeat went stale, and recorded once writes succeed again.
  const unrecorded = new Map<string, { tenantUuid: string; outcome: ImportJobOutcome; at: number }>();
  let recordingAgain: NodeJS.Timeout | null = null;

  /**
   * Records `outcome` as the job's ending; when the database refuses it, keeps it in `unrecorded` and tries again every
   * heartbeat. It replaces the ABANDONED another node may have recorded meanwhile, the heartbeat gone stale while the
   * database refused this process's writes: the ending the runner knows is the job's, not that guess. `alreadyMet` is
   * the storage failure that ended the job, told to storageFaults already: the ending's refusal by it is the same fault.
   */
  async function recordEnding(tenantUuid: string, jobUuid: string, outcome: ImportJobOutcome, alreadyMet: StorageFailure | null = null): Promise<boolean> {
    try {
      await retryWhileBusy(() => store.importJobs.finish(tenantUuid, jobUuid, outcome, { replacingError: ABANDONED }));
      // Not `wroteAgain`: one row's small write may find room where the job's batches did not.
      unrecorded.delete(jobUuid);
      return true;
    } catch (error) {
      const storage = storageFailureOf(error);
      // Counted once: a job the disk stopped, whose "failed" the disk refused too, counted two refusals in the log.
      if (storage && storage.kind !== alreadyMet?.kind) options.storageFaults?.met(storage, clock.now(), { job: jobUuid });
      if (!unrecorded.has(jobUuid)) logger.error({ err: error, job: jobUuid }, "could not record the ended import job; trying again until the database takes it");
      unrecorded.set(jobUuid, { tenantUuid, outcome, at: unrecorded.get(jobUuid)?.at ?? clock.now() });
      recordingAgain ??= setInterval(() => void recordUnrecorded(), HEARTBEAT_INTERVAL_MS).unref();
      return false;
    }
  }

  async function recordUnrecorded(): Promise<void> {
    for (const [jobUuid, { tenantUuid, outcome }] of unrecorded) await recordEnding(tenantUuid, jobUuid, outcome);
    if (unrecorded.size === 0 && recordingAgain !== null) {
      clearInterval(recordingAgain);
      recordingAgain = null;
    }
  }

  /** Runs the job's import; `markEnded` is called once its ending is recorded (or refused), before the names are indexed. */
  async function run(job: ImportJob, input: StartImportJob, path: string, jobFolder: string, shownName: string, markEnded: () => void): Promise<void> {
    const { tenantUuid } = input;
    const entry = running.get(job.uuid)!;
    const { controller } = entry;
    // A cancel another node took is in the job's row: read after each batch and at each heartbeat.
    const stopIfCancelled = (row: ImportJob | null) => {
      if (entry.cancelled || row?.cancel_requested_at == null) return;
      entry.cancelled = true;
      controller.abort();
    };
    const started = performance.now();
    let status: ImportJobOutcome["status"] = "failed";
    let latest: ImportSummary | null = null;
    const record = async () => {
      await store.importJobs.progress(tenantUuid, job.uuid, progressOf(latest));
    };
    // In a transaction that reads the row first: asked for while a batch's transaction is open, it runs after that
    // commits, whose progress is further on than this snapshot (written over it, a job a crash then left said a
    // batch fewer than had landed), and whose write refreshed the heartbeat already.
    const beat = () => {
      const snapshot = progressOf(latest);
      return store.transaction(async (transaction) => {
        const row = await transaction.importJobs.get(tenantUuid, job.uuid);
        stopIfCancelled(row);
        if (row !== null && entriesCommitted(row.summary) > entriesCommitted(snapshot.summary)) return;
        await transaction.importJobs.progress(tenantUuid, job.uuid, snapshot);
      });
    };
    const heartbeat = setInterval(() => {
      beat().catch((error: unknown) => logger.warn({ err: error, job: job.uuid }, "import job heartbeat failed"));
    }, HEARTBEAT_INTERVAL_MS);
    heartbeat.unref();
    try {
      await retryWhileBusy(() => store.importJobs.start(tenantUuid, job.uuid), { signal: controller.signal });
      const summary = await importArchive({
        store,
        tenantUuid,
        input: { path },
        request: input.request,
        owner: input.owner,
        ...(input.mayChangeMeeting ? { mayChangeMeeting: input.mayChangeMeeting } : {}),
        ...(input.mayAddEmailBody ? { mayAddEmailBody: input.mayAddEmailBody } : {}),
        signal: controller.signal,
        now: () => clock.now(),
        // Other requests of this server are answered between two batches, and while entries are read.
        yieldControl: () => setImmediate(),
        batchSize: UPLOAD_BATCH_SIZE,
        onProgress: async (progress) => {
          latest = progress;
          stopIfCancelled(await store.importJobs.get(tenantUuid, job.uuid));
          // A real run's progress was written with its batch (recordInBatch); a dry run's commits nothing to go with.
          if (!input.request.dryRun) return;
          // Progress only: one not recorded now (the database locked by another process past the wait) is by the
          // next batch or heartbeat; it ended the whole import.
          await record().catch((error: unknown) => {
            if (!isDatabaseBusy(error)) throw error;
            logger.warn({ err: error, job: job.uuid }, "import job progress not recorded: the database is locked by another process");
          });
        },
        // In each batch's transaction: the progress of a job whose server stops is what is committed, no less.
        recordInBatch: (transaction, soFar) => transaction.importJobs.progress(tenantUuid, job.uuid, progressOf(soFar)),
        // With the last records, in their transaction: a server stopped (or a disk refusing writes) after them can
        // leave no job whose records are all in still running, for the next server to call abandoned.
        endInLastBatch: async (transaction, final) => {
          await transaction.importJobs.progress(tenantUuid, job.uuid, progressOf(final));
          await transaction.importJobs.finish(tenantUuid, job.uuid, endingOf(final, entry.cancelled), { replacingError: ABANDONED });
        },
      });
      status = endingOf(summary, entry.cancelled).status;
      latest = summary;
      markEnded();
      options.storageFaults?.wroteAgain();
      // The persons and companies it created go into the search's name indexes now, not into the
      // tenant's next searches (each would apply 20,000 of them and read every name meanwhile).
      await store.nameSearch
        .catchUp(tenantUuid, { yieldControl: () => setImmediate() })
        .catch((error: unknown) => logger.warn({ err: error, job: job.uuid }, "import job could not index the names it wrote; searches will"));
    } catch (error) {
      const storage = storageFailureOf(error);
      // As a request's: `GET /ready` says what stopped the job, and the log has its line.
      if (storage) options.storageFaults?.met(storage, clock.now(), { job: job.uuid });
      const message = shortenedProblemMessage(
        namedAsSent(
          error instanceof ImportFormatError || error instanceof ImportRequestError
            ? error.message
            : storage
              ? storageFailureJobError(storage)
              : `import failed: ${error instanceof Error ? error.message : String(error)}`,
          path,
          shownName,
        ),
      );
      if (!(error instanceof ImportFormatError || error instanceof ImportRequestError)) logger.error({ err: error, job: job.uuid }, "import job failed");
      const summarySoFar = error instanceof ImportReadError ? error.summary : (latest as ImportSummary | null);
      // A cancel stops retrying a batch the database's lock held off: that batch wrote nothing, and the job is cancelled.
      const cancelledWhileLocked = entry.cancelled && isDatabaseBusy(error);
      latest = summarySoFar && { ...summarySoFar, outcome: cancelledWhileLocked ? "interrupted" : "failed" };
      const summaryRecord = latest ? toRecord(latest) : null;
      if (cancelledWhileLocked) status = "cancelled";
      await recordEnding(tenantUuid, job.uuid, cancelledWhileLocked ? { status: "cancelled", summary: summaryRecord, error: null } : { status: "failed", summary: summaryRecord, error: message }, storage);
      markEnded();
    } finally {
      clearInterval(heartbeat);
      await rm(jobFolder, { recursive: true, force: true });
      // What an operator follows an upload's job by: its counts, never its file's name or contents (a team's mail).
      const summary = latest as ImportSummary | null;
      logger.info(
        { job: job.uuid, tenant: tenantUuid, kind: input.request.kind, dryRun: input.request.dryRun, status, outcome: summary?.outcome ?? null, items: summary?.items ?? null, durationMs: Math.round(performance.now() - started) },
        "import job finished",
      );
    }
  }

  return {
    reserve: (tenantUuid) => slots.take(tenantUuid),
    holdUploadSpace: (bytes) => space.hold(bytes),
    uploadSpaceBytes: space.limitBytes,
    minimumUploadRate: options.minimumUploadRate ?? DEFAULT_MINIMUM_UPLOAD_RATE,
    async prepareUpload(name) {
      const jobFolder = join(folder, randomUUID());
      // Uploads are a team's mail: readable by this user only.
      receiving.add(jobFolder);
      await mkdir(jobFolder, { recursive: true, mode: 0o700 });
      return { folder: jobFolder, path: join(jobFolder, safeFileName(name)) };
    },
    async discardUpload(place) {
      receiving.delete(place.folder);
      await rm(place.folder, { recursive: true, force: true });
    },
    async start(input) {
      // The name the client knows the file by, as the job records and messages show it; the saved file keeps its extension.
      const shownName = cleanFilename(input.upload.name, "upload");
      const { folder: jobFolder, path } = input.upload;
      receiving.delete(jobFolder);
      try {
        await checkImportInput({ path }, input.request);
      } catch (error) {
        await rm(jobFolder, { recursive: true, force: true });
        // The check names the saved file; the client knows it by its own name.
        if (error instanceof ImportFormatError) throw new ImportFormatError(namedAsSent(error.message, path, shownName));
        if (error instanceof ImportRequestError) throw new ImportRequestError(namedAsSent(error.message, path, shownName));
        throw error;
      }
      const { request } = input;
      const job = await store.importJobs.create(input.tenantUuid, {
        kind: request.kind,
        dry_run: request.dryRun,
        file_name: shownName,
        file_bytes: input.upload.bytes,
        options: { keep_bodies: request.keepBodies, since: request.since, until: request.until, entity: request.entity, map: request.map },
        owner_user_uuid: input.owner?.uuid ?? null,
        created_by_user_uuid: input.createdByUserUuid,
        runner: THIS_PROCESS_CLAIMER,
      });
      const controller = new AbortController();
      let finished!: () => void;
      const done = new Promise<void>((resolve) => {
        finished = resolve;
      });
      let markEnded!: () => void;
      const ended = new Promise<void>((resolve) => {
        markEnded = resolve;
      });
      running.set(job.uuid, { controller, cancelled: false, ended, done });
      void run(job, input, path, jobFolder, shownName, markEnded).finally(() => {
        markEnded();
        running.delete(job.uuid);
        input.slot?.release();
        finished();
      });
      return job;
    },
    async get(tenantUuid, jobUuid) {
      const ending = unrecorded.get(jobUuid);
      if (ending !== undefined && ending.tenantUuid === tenantUuid && !(await recordEnding(tenantUuid, jobUuid, ending.outcome))) {
        const job = await store.importJobs.get(tenantUuid, jobUuid);
        return job && { ...job, ...ending.outcome, updated_at: ending.at, finished_at: ending.at };
      }
      const job = await store.importJobs.get(tenantUuid, jobUuid);
      if (!job || running.has(job.uuid) || (job.status !== "queued" && job.status !== "running")) return job;
      const runnerStopped = job.runner !== null && claimerStopped(job.runner);
      if (!runnerStopped && job.updated_at >= clock.now() - STALE_AFTER_MS) return job;
      // Its summary is its last progress, written with its last committed batch: what landed.
      const abandoned: ImportJobOutcome = job.cancel_requested_at === null ? { status: "failed", summary: job.summary, error: ABANDONED } : { status: "cancelled", summary: job.summary, error: null };
      await store.importJobs.finish(tenantUuid, jobUuid, abandoned);
      return store.importJobs.get(tenantUuid, jobUuid);
    },
    async cancel(tenantUuid, jobUuid) {
      const job = await this.get(tenantUuid, jobUuid);
      if (job === null || (job.status !== "queued" && job.status !== "running")) return job;
      await store.importJobs.requestCancel(tenantUuid, jobUuid);
      const entry = running.get(jobUuid);
      if (entry !== undefined) {
        entry.cancelled = true;
        entry.controller.abort();
        await entry.ended;
      }
      return this.get(tenantUuid, jobUuid);
    },
    async settled() {
      while (running.size > 0) await Promise.all([...running.values()].map((entry) => entry.done));
    },
    async stop() {
      for (const entry of running.values()) entry.controller.abort();
      // A process stopping while an upload arrives (its connection cut at the end of the drain) left its file behind:
      // the upload's own removal, a few turns later, lost the race with the process's exit.
      const received = [...receiving];
      receiving.clear();
      await Promise.all(received.map((jobFolder) => rm(jobFolder, { recursive: true, force: true })));
      await this.settled();
      // The endings the database refused: one last try, then the row goes stale and is marked abandoned when next read.
      await recordUnrecorded();
      if (recordingAgain !== null) clearInterval(recordingAgain);
      recordingAgain = null;
      // This process's own folder, once empty (a caller's folder is the caller's): left behind, every clean stop
      // (and every test run) left one for the next server's start to remove and log.
      if (options.folder === undefined) await rmdir(folder).catch(() => undefined);
    },
  };
}
