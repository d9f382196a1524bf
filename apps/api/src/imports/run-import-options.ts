/** @module What an import run takes: the tenant, the archive, and how its batches, progress and ending are written. */
import type { Email, ImportKind, Meeting, Store, User } from "@rapport/store";
import type { ImportSummary } from "./import-summary.js";
import type { ImportSource } from "./imported-items.js";
import type { PersonImportTarget } from "./person-import-target.js";

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
