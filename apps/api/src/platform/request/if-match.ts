/**
 * @module
 * `If-Match` on a write (RFC 9110 13.1.1). Rapport sends no entity tags, so a list of them matches no record and the
 * write is refused with a 412: done as if unconditional, it overwrote the other client's change the condition was
 * sent to guard against. `If-Match: *` (any current record) holds for a record that exists, so the operation answers
 * it as it would without (a 404 for one that does not).
 */
import type { Context } from "hono";
import type { AppEnv } from "../../app-env.js";
import { ApiError } from "../errors/api-error.js";

/** Whether an `If-Match` value names entity tags (the header given at all, and not `*`), which no record of Rapport has. */
export function namesEntityTags(ifMatch: string | undefined): boolean {
  return ifMatch !== undefined && ifMatch.trim() !== "*";
}

/**
 * Throws a 412 for a write whose `If-Match` names entity tags: its condition is false. Called once the request has
 * passed its other checks, as RFC 9110 13.2.1 orders them, and before anything is written.
 *
 * @example
 * refuseEntityTagCondition(http) // If-Match: "v1" → 412
 */
export function refuseEntityTagCondition(http: Context<AppEnv>): void {
  const ifMatch = http.req.header("if-match");
  if (!namesEntityTags(ifMatch)) return;
  throw new ApiError(
    412,
    `If-Match ${ifMatch!.trim().slice(0, 60)} matches nothing: this API sends no ETags, so no write can be made conditional on one, and this one was not done. ` +
      "Send it without If-Match (compare the record's service_updated_at or updated_at with what you read to see whether it changed)",
  );
}
