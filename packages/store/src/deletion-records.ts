/** @module The deletions log's records: which records a syncing client is told are gone, and why. */
import type { Viewer } from "./deal-store.js";
import type { Page, PageRequest } from "./pagination/keyset-page.js";

/**
 * The kinds of record the deletions log announces (emails are the activity feed's; meetings are in both, the feed
 * announcing only those it listed; companies only when merged away). MEETING, then COMPANY, come last so a cursor's
 * filter of the others keeps its order.
 */
export const DELETED_ENTITY_TYPES = ["OPPORTUNITY", "NOTE", "TASK", "FILE", "ENTITY_LIST", "PERSON", "MEETING", "COMPANY"] as const;
/** One of `DELETED_ENTITY_TYPES`. */
export type DeletedEntityType = (typeof DELETED_ENTITY_TYPES)[number];

/** Why a record is gone: deleted, a person merged into another, or a person erased (a data subject's request). */
export const DELETION_REASONS = ["DELETED", "MERGED", "ERASED"] as const;
/** One of `DELETION_REASONS`. */
export type DeletionReason = (typeof DELETION_REASONS)[number];

/** One record gone, at its place in the log. */
export interface RecordDeletion {
  /** Strictly increasing in commit order, never reused. */
  sequence: number;
  entity_type: DeletedEntityType;
  uuid: string;
  /** When it was deleted, epoch milliseconds: a soft-deleted record's `deleted_at`, else the database's clock. */
  deleted_at: number;
  reason: DeletionReason;
  /** A merged person or company: the one it was merged into then (which may itself be merged later, further on). */
  merged_into_uuid: string | null;
}

/** What the deletions log is asked for: a page, and filters that combine with AND. */
export interface RecordDeletionRequest extends PageRequest {
  /** Only these kinds of record (all when absent). */
  entityTypes?: readonly DeletedEntityType[];
  /** Only entries after this sequence. */
  afterSequence?: number;
  /** Only records deleted at or after this time (epoch milliseconds). */
  deletedSince?: number;
  /** Whose entries: a PERSONAL task's deletion is its creator's alone (none for a tenant-wide call). */
  viewer: Viewer;
}

/** The deletions log (store migrations 0039 and 0054). */
export interface RecordDeletionRepository {
  /**
   * The tenant's records gone, in the order they went (`sequence`, ascending): opportunities (each sub-opportunity
   * deleted with its parent too), notes, tasks, files, entity lists, meetings, persons merged away (with
   * `merged_into_uuid`) and persons erased (the uuid alone). A record is listed once; an erased person's earlier merge entry is replaced
   * by its erasure at a new sequence. The cursor key is
   * `[sequence, horizon sequence, horizon time]`: the retention horizon when the scan began, so a scan begun after a
   * prune goes on below it (see history-horizon.ts).
   */
  list(tenantUuid: string, request: RecordDeletionRequest): Promise<Page<RecordDeletion>>;
}
