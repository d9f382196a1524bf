/**
 * @module
 * What `rapport serve` does every hour beside serving: deletes the OAuth records that have expired (sign-in sessions
 * and sign-ins in progress, authorization codes, refresh tokens, grants, revoked access tokens' marks, and registered
 * clients no grant was made to within a week, with their registration access tokens), which the authorization server
 * stops reading once expired but nothing else removed: a deployment's table grew by every sign-in, token refresh and
 * registration. Also
 * the failed sign-ins older than the throttle's longest window, which count for nothing any more, and the writes sent
 * with an `Idempotency-Key` whose day has passed (their keys are new again at once; only their rows would stay).
 */
import type { Store } from "@rapport/store";
import type { Logger } from "pino";
import { SIGN_IN_FAILURE_RETENTION_MS } from "../oauth/sign-in-throttle.js";

/** Between two prunings: expired records cost only disk, and one pass deletes an hour's worth at most. */
export const EXPIRED_OAUTH_PRUNING_INTERVAL_MS = 60 * 60 * 1_000;

/**
 * Deletes the OAuth records expired before `now` and the failed sign-ins no window counts; logs how many when any
 * (`deleted` both together, `signInFailures` the latter). Never throws: a failure is logged.
 */
export async function pruneExpiredOAuthRecords(store: Store, logger: Logger, now: number): Promise<number> {
  try {
    const signInFailures = await store.signInFailures.deleteBefore(now - SIGN_IN_FAILURE_RETENTION_MS);
    const deleted = (await store.oauthModels.deleteExpired(now)) + signInFailures;
    if (deleted > 0) logger.info({ deleted, signInFailures }, "deleted expired OAuth records");
    return deleted;
  } catch (error) {
    logger.warn({ err: error }, "could not delete expired OAuth records; trying again in an hour");
    return 0;
  }
}

/**
 * Deletes the keys of writes sent with an `Idempotency-Key` that expired before `now`; logs how many when any.
 * Never throws: a failure is logged.
 */
export async function pruneExpiredIdempotencyKeys(store: Store, logger: Logger, now: number): Promise<number> {
  try {
    const deleted = await store.idempotentRequests.deleteExpired(now);
    if (deleted > 0) logger.info({ deleted }, "deleted expired idempotency keys");
    return deleted;
  } catch (error) {
    logger.warn({ err: error }, "could not delete expired idempotency keys; trying again in an hour");
    return 0;
  }
}

/** One pass: the expired OAuth records, then the expired idempotency keys. */
async function pruneExpiredRecords(store: Store, logger: Logger, now: number): Promise<void> {
  await pruneExpiredOAuthRecords(store, logger, now);
  await pruneExpiredIdempotencyKeys(store, logger, now);
}

/**
 * Prunes at once, then every EXPIRED_OAUTH_PRUNING_INTERVAL_MS (a timer that does not keep the process alive);
 * the returned function stops it and resolves once a pass in progress is done, so the store can close.
 */
export function startExpiredRecordsPruning(store: Store, logger: Logger, now: () => number = Date.now): () => Promise<void> {
  let running: Promise<unknown> = pruneExpiredRecords(store, logger, now());
  const timer = setInterval(() => {
    running = pruneExpiredRecords(store, logger, now());
  }, EXPIRED_OAUTH_PRUNING_INTERVAL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
