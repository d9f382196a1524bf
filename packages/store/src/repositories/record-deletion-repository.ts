/**
 * @module
 * The deletions log (`record_deletions`, migration 0039) read a page at a time: a seek of the (tenant, sequence)
 * index to the page's start, in order; `since` first seeks the (tenant, deleted_at) index to the first sequence
 * deleted at or after it, as the activity feed does.
 */
import { sql, type Kysely } from "kysely";
import type { Database, RecordDeletionsTable } from "../database-schema.js";
import type { DeletedEntityType, RecordDeletion, RecordDeletionRepository, RecordDeletionRequest } from "../deletion-records.js";
import type { RepositoryContext } from "./repository-context.js";
import { assertAfterHistoryHorizon, cursorScanHorizon, historyCursorKey } from "../history-retention/history-horizon.js";

/** The log's entries the request lists, unordered and unselected. */
function listedDeletions(db: Kysely<Database>, tenantUuid: string, request: RecordDeletionRequest) {
  let entries = db.selectFrom("record_deletions as log").where("log.tenant_uuid", "=", tenantUuid);
  const viewer = request.viewer.user_uuid;
  entries = entries.where((expression) =>
    viewer === null ? expression("log.visible_to_user_uuid", "is", null) : expression.or([expression("log.visible_to_user_uuid", "is", null), expression("log.visible_to_user_uuid", "=", viewer)]),
  );
  if (request.entityTypes !== undefined) entries = entries.where("log.entity_type", "in", request.entityTypes);
  if (request.deletedSince !== undefined) {
    const since = request.deletedSince;
    // The seek: deletion times follow sequences except where clocks disagree, hence the exact filter too.
    entries = entries
      .where("log.sequence", ">=", sql<number>`(select min(sequence) from record_deletions indexed by record_deletions_by_time where tenant_uuid = ${tenantUuid} and deleted_at >= ${since})`)
      .where("log.deleted_at", ">=", since);
  }
  return entries;
}

function toRecordDeletion(row: Pick<RecordDeletionsTable, "sequence" | "entity_type" | "uuid" | "deleted_at" | "merged_into_uuid">): RecordDeletion {
  const entityType = row.entity_type as DeletedEntityType;
  return {
    sequence: Number(row.sequence),
    entity_type: entityType,
    uuid: row.uuid,
    deleted_at: Number(row.deleted_at),
    reason: row.merged_into_uuid !== null ? "MERGED" : entityType === "PERSON" ? "ERASED" : "DELETED",
    merged_into_uuid: row.merged_into_uuid,
  };
}

/** One page of the tenant's deletions log; `total` counted on a numbered page only. */
async function recordDeletionPage(db: Kysely<Database>, tenantUuid: string, request: RecordDeletionRequest) {
  const { position } = request;
  const after = position.kind === "after" ? Number(position.key[0]) : undefined;
  // One lower bound, the later of the cursor and `afterSequence`, so SQLite seeks once.
  const bounds = [after, request.afterSequence].filter((bound) => bound !== undefined);
  const scanHorizon = await assertAfterHistoryHorizon(db, tenantUuid, "record_deletions", {
    afterSequence: bounds.length > 0 ? Math.max(...bounds) : undefined,
    since: request.deletedSince,
    scanHorizon: cursorScanHorizon(position),
  });
  let page = listedDeletions(db, tenantUuid, request).select(["log.sequence", "log.entity_type", "log.uuid", "log.deleted_at", "log.merged_into_uuid"]);
  if (bounds.length > 0) page = page.where("log.sequence", ">", Math.max(...bounds));
  page = page.orderBy("log.sequence").limit(request.limit + 1);
  if (position.kind === "offset" && position.offset > 0) page = page.offset(position.offset);
  const fetched = await page.execute();
  const rows = fetched.slice(0, request.limit).map(toRecordDeletion);
  let total: number | null = null;
  if (position.kind === "offset") {
    let counted = listedDeletions(db, tenantUuid, request);
    if (request.afterSequence !== undefined) counted = counted.where("log.sequence", ">", request.afterSequence);
    total = Number((await counted.select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow()).n);
  }
  return { rows, hasMore: fetched.length > request.limit, total, lastKey: rows.length > 0 ? historyCursorKey(rows.at(-1)!.sequence, scanHorizon) : null };
}

/** `store.deletions` over a database handle (the root one, or a transaction). */
export function createRecordDeletionRepository({ db }: RepositoryContext): RecordDeletionRepository {
  return {
    list: (tenantUuid, request) => recordDeletionPage(db, tenantUuid, request),
  };
}
