/**
 * @module
 * One request's reading of the response cache: the tenant's revision and the time read once, before anything is
 * computed (so a write meanwhile leaves what it keeps stale), and the request's `Cache-Control` (`no-cache`
 * answers afresh and keeps; `no-store` also keeps nothing). Whole answers and parts of answers follow it alike.
 */
import type { AuthContext } from "../auth/auth-context.js";
import type { AppServices } from "../../services.js";
import { cacheDirectivesOf, responseCacheKey } from "./response-cache.js";

export interface RequestCacheRule {
  /** The answer kept under `target` (the request target, or a part's name), when one holds, with its entity tag if it has one. */
  find(target: string): { body: Uint8Array; age: number; tag?: string } | undefined;
  /**
   * Keeps `body` (a string: its UTF-8 bytes) under `target`, computed from the data and at the time the request began
   * with; a whole answer's entity tag `tag` with it.
   */
  keep(target: string, body: Uint8Array | string, tag?: string): void;
}

/** The rule for one request of `operationId`, over whole answers or over parts of answers (`kind`). */
export function requestCacheRule(
  services: AppServices,
  auth: AuthContext,
  operationId: string,
  cacheControl: string | undefined,
  kind: "whole" | "parts",
): RequestCacheRule {
  const { store, clock, responseCache } = services;
  const tenantUuid = auth.tenant.uuid;
  const revision = store.revision(tenantUuid);
  const now = clock.now();
  const { fresh, keep } = cacheDirectivesOf(cacheControl);
  const keyOf = (target: string) => responseCacheKey(tenantUuid, auth.user?.uuid ?? null, operationId, target);
  return {
    find: (target) => {
      if (fresh) return undefined;
      return kind === "whole" ? responseCache.find(keyOf(target), revision, now) : responseCache.findPart(keyOf(target), revision, now);
    },
    keep: (target, body, tag) => {
      if (!keep) return;
      if (kind === "whole") responseCache.keep(keyOf(target), revision, now, typeof body === "string" ? Buffer.from(body) : body, tag);
      else responseCache.keepPart(keyOf(target), revision, now, body);
    },
  };
}
