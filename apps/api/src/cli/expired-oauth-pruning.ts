/**
 * @module
 * What `rapport serve` does every hour beside serving: deletes the OAuth records that have expired (sign-in sessions
 * and sign-ins in progress, authorization codes, refresh tokens, grants), which the authorization server stops
 * reading once expired but nothing else removed: a deployment's table grew by every sign-in and token refresh.
 */
import type { Store } from "@rapport/store";
import type { Logger } from "pino";

/** Between two prunings: expired records cost only disk, and one pass deletes an hour's worth at most. */
export const EXPIRED_OAUTH_PRUNING_INTERVAL_MS = 60 * 60 * 1_000;

/** Deletes the OAuth records expired before `now`; logs how many when any. Never throws: a failure is logged. */
export async function pruneExpiredOAuthRecords(store: Store, logger: Logger, now: number): Promise<number> {
  try {
    const deleted = await store.oauthModels.deleteExpired(now);
    if (deleted > 0) logger.info({ deleted }, "deleted expired OAuth records");
    return deleted;
  } catch (error) {
    logger.warn({ err: error }, "could not delete expired OAuth records; trying again in an hour");
    return 0;
  }
}

/**
 * Prunes at once, then every EXPIRED_OAUTH_PRUNING_INTERVAL_MS (a timer that does not keep the process alive);
 * the returned function stops it and resolves once a pass in progress is done, so the store can close.
 */
export function startExpiredOAuthPruning(store: Store, logger: Logger, now: () => number = Date.now): () => Promise<void> {
  let running: Promise<unknown> = pruneExpiredOAuthRecords(store, logger, now());
  const timer = setInterval(() => {
    running = pruneExpiredOAuthRecords(store, logger, now());
  }, EXPIRED_OAUTH_PRUNING_INTERVAL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
