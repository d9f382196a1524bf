/**
 * @module
 * `If-Match` on a write (RFC 9110 13.1.1). A write of a tagged record (a person, a company, an opportunity: its
 * operation's `conditionalOn`) is done only while the record is as the tag the client read names; any other write
 * has no tag to name, so a list of tags matches nothing there and the write is refused with a 412: done as if
 * unconditional, it overwrote the other client's change the condition was sent to guard against. `If-Match: *` (any
 * current record) holds for a record that exists, so the operation answers it as it would without (a 404 for one
 * that does not).
 */
import type { Context } from "hono";
import type { AppEnv } from "../../app-env.js";
import { ApiError } from "../errors/api-error.js";
import { entityTagConditionOf, namesCurrentRecord } from "./entity-tag.js";

/** Whether an `If-Match` value names entity tags (the header given at all, and not `*`). */
export function namesEntityTags(ifMatch: string | undefined): boolean {
  return ifMatch !== undefined && ifMatch.trim() !== "*";
}

const quoted = (ifMatch: string) => ifMatch.trim().slice(0, 60);

/**
 * Throws a 412 for a write of an untagged record whose `If-Match` names entity tags: its condition is false. Called
 * once the request has passed its other checks, as RFC 9110 13.2.1 orders them, and before anything is written.
 *
 * @example
 * refuseEntityTagCondition(http) // If-Match: "v1" on POST /v1/notes/batch → 412
 */
export function refuseEntityTagCondition(http: Context<AppEnv>): void {
  const ifMatch = http.req.header("if-match");
  if (!namesEntityTags(ifMatch)) return;
  throw new ApiError(
    412,
    `If-Match ${quoted(ifMatch!)} matches nothing: only persons, companies and opportunities are read with an ETag, so no other write can be made conditional on one, and this one was not done. ` +
      "Send it without If-Match",
  );
}

/**
 * Throws a 412 for a write whose `If-Match` names tags none of which is the record's current one (`recordDigest`,
 * the record part of its tag): the record changed since the client read it. `What` names the record for the message
 * ("person 6f1c…"), `readPath` where to read it again.
 *
 * @example
 * refuseChangedRecord(http, recordDigestOf(person), `person ${uuid}`, `GET /v1/persons/${uuid}`) // stale tag → 412
 */
export function refuseChangedRecord(http: Context<AppEnv>, recordDigest: string, what: string, readPath: string): void {
  const ifMatch = http.req.header("if-match");
  if (!namesEntityTags(ifMatch)) return;
  const condition = entityTagConditionOf(ifMatch!);
  if (condition.any || namesCurrentRecord(condition.tags, recordDigest)) return;
  throw new ApiError(
    412,
    `${what} changed since it was read: If-Match ${quoted(ifMatch!)} is not its current ETag, so this write was not done. ` +
      `Read it again (${readPath}), apply your change to what it holds now and send that with its new ETag`,
  );
}
