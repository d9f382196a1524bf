/**
 * @module
 * A batch's answers per target, kept in the response cache as parts (its ring, decision 0024) under the
 * rule of whole answers: served while the tenant's data has not moved since it was computed and for at most
 * the cache's maximum age. A target that recurs across batches (a busy company on every list an agent sends)
 * is ranked, presented and serialized once, and its bytes are sent again as they were.
 */
import type { AuthContext } from "../../platform/auth/auth-context.js";
import { cacheDirectivesOf, responseCacheKey } from "../../platform/response-cache/response-cache.js";
import type { AppServices } from "../../services.js";

export interface KeptTargetAnswers {
  /** The kept answer to `uuid`, computed under the same settings, when one holds. */
  find(uuid: string): Uint8Array | undefined;
  /** Keeps the answer to `uuid`, computed from the data and at the time this batch began with. */
  keep(uuid: string, bytes: Uint8Array): void;
}

/**
 * The kept answers of one batch request. `settings` names everything besides the target that shapes an
 * answer (limit, order, items), and `cacheControl` is the request's header: `no-cache` ranks every target
 * afresh, `no-store` also keeps nothing. The tenant's revision and the time are read now, before anything
 * is ranked, so a write during the batch leaves what it keeps stale.
 */
export function keptTargetAnswers(
  services: AppServices,
  auth: AuthContext,
  operationId: string,
  settings: string,
  cacheControl: string | undefined,
): KeptTargetAnswers {
  const { store, clock, responseCache } = services;
  const tenantUuid = auth.tenant.uuid;
  const revision = store.revision(tenantUuid);
  const now = clock.now();
  const { fresh, keep } = cacheDirectivesOf(cacheControl);
  const keyOf = (uuid: string) => responseCacheKey(tenantUuid, auth.user?.uuid ?? null, `${operationId} target`, `${uuid} ${settings}`);
  return {
    find: (uuid) => (fresh ? undefined : responseCache.findPart(keyOf(uuid), revision, now)?.body),
    keep: (uuid, bytes) => {
      if (keep) responseCache.keepPart(keyOf(uuid), revision, now, bytes);
    },
  };
}
