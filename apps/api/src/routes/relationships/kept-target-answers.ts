/**
 * @module
 * A batch's answers per target, kept in the response cache as parts (its ring, decision 0024) under the
 * rule of whole answers: served while the tenant's data has not moved since it was computed and for at most
 * the cache's maximum age. A target that recurs across batches (a busy company on every list an agent sends)
 * is ranked, presented and serialized once, and its bytes are sent again as they were.
 */
import type { AuthContext } from "../../platform/auth/auth-context.js";
import { requestCacheRule } from "../../platform/response-cache/cache-rule.js";
import type { AppServices } from "../../services.js";

export interface KeptTargetAnswers {
  /** The kept answer to `uuid`, computed under the same settings, when one holds. */
  find(uuid: string): Uint8Array | undefined;
  /** Keeps the answer to `uuid` (its JSON text or bytes), computed from the data and at the time this batch began with. */
  keep(uuid: string, answer: Uint8Array | string): void;
}

/**
 * The kept answers of one batch request, under the cache's rule for the request (`requestCacheRule`).
 * `settings` names everything besides the target that shapes an answer (limit, order, items), and
 * `cacheControl` is the request's header: `no-cache` ranks every target afresh, `no-store` also keeps nothing.
 */
export function keptTargetAnswers(
  services: AppServices,
  auth: AuthContext,
  operationId: string,
  settings: string,
  cacheControl: string | undefined,
): KeptTargetAnswers {
  const rule = requestCacheRule(services, auth, `${operationId} target`, cacheControl, "parts");
  return {
    find: (uuid) => rule.find(`${uuid} ${settings}`)?.body,
    keep: (uuid, answer) => rule.keep(`${uuid} ${settings}`, answer),
  };
}
