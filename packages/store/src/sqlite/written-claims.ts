/**
 * @module
 * The writes of a request sent with an `Idempotency-Key` mark its claim written in their own transaction: a server
 * killed after such a commit and before the request's answer was kept leaves a claim known written, which a retry must
 * not run again (`idempotentRequests.claim`'s `written` outcome). The request runs inside `markingWrites`; the store's
 * dialect (immediate-transactions.ts) adds the mark to every commit made meanwhile on the store's connection, and runs
 * a write outside a transaction in one with its mark; a person's erasure, committed on a connection of its own
 * (long-write-connection.ts), adds it to its transaction itself (erasure/erase-person.ts).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { CompiledQuery, type RootOperationNode } from "kysely";
import type { WriteMark } from "../store.js";

const marks = new AsyncLocalStorage<WriteMark>();
let running = 0;

/** Runs `work` so that every write it commits through the store also marks `mark`'s claim written. */
export async function runMarkingWrites<T>(mark: WriteMark, work: () => Promise<T>): Promise<T> {
  running += 1;
  try {
    return await marks.run(mark, work);
  } finally {
    running -= 1;
    // Before Node 24 an enabled AsyncLocalStorage keeps promise hooks on for the whole process, which cost every later
    // request about a fifth more CPU (docs/decisions/0029): they stay on only while a marked request runs.
    if (running === 0) marks.disable();
  }
}

/** Whether write marks are followed through async calls now (on Node before 24: whether they keep promise hooks on). */
export function followingWriteMarks(): boolean {
  const enabled = (marks as unknown as { enabled?: boolean }).enabled;
  return enabled ?? running > 0;
}

/** The statement marking the running request's claim written, or null outside such a request (or before its claim, or after its answer). */
export function pendingWriteMark(): CompiledQuery | null {
  const mark = marks.getStore();
  if (mark === undefined || mark.done || mark.claim === undefined || mark.tenantUuid === undefined || mark.caller === undefined || mark.key === undefined) return null;
  return CompiledQuery.raw(
    "update idempotent_requests set written = 1 where tenant_uuid = ? and caller = ? and idempotency_key = ? and claim = ? and status is null and written = 0",
    [mark.tenantUuid, mark.caller, mark.key, mark.claim],
  );
}

const RAW_WRITE = /^\s*(insert|update|delete|replace)\b/i;

/** Whether a statement writes: an insert, update or delete built by Kysely, or raw SQL beginning so. */
export function isWriteStatement(query: CompiledQuery): boolean {
  const kind = (query.query as RootOperationNode | undefined)?.kind;
  if (kind === "InsertQueryNode" || kind === "UpdateQueryNode" || kind === "DeleteQueryNode") return true;
  return kind === "RawNode" && RAW_WRITE.test(query.sql);
}
