/** Builds the production services for a database file: store, clock, counters, logger. */
import { createSqliteStore, type MigrationObserver } from "@rapport/store";
import type { Logger } from "pino";
import { systemClock, type Clock } from "./platform/clock.js";
import { createLogger } from "./platform/logging/logger.js";
import { createInMemoryRateLimitCounter } from "./platform/rate-limit/in-memory-rate-limit-counter.js";
import { createStoreRateLimitCounter } from "./platform/rate-limit/store-rate-limit-counter.js";
import type { ResponseCache } from "./platform/response-cache/response-cache.js";
import { responseCacheFromEnvironment } from "./platform/response-cache/response-cache-from-environment.js";
import { graphTenantsFromEnvironment } from "./platform/environment/graph-tenants-from-environment.js";
import { sqliteMmapBytesFromEnvironment } from "./platform/environment/sqlite-mmap-from-environment.js";
import { sqliteSynchronousFromEnvironment } from "./platform/environment/sqlite-synchronous-from-environment.js";
import { uploadSpaceBytesFromEnvironment } from "./platform/environment/upload-space-from-environment.js";
import { minimumUploadRateFromEnvironment } from "./platform/environment/minimum-upload-rate-from-environment.js";
import type { AppServices } from "./services.js";
import type { SummaryProvider } from "./summary/summary-provider.js";
import { summaryProviderFromEnvironment } from "./summary/summary-provider-from-environment.js";
import { createImportJobs } from "./imports/import-jobs.js";
import { createStorageFaults } from "./platform/errors/storage-faults.js";
import { diskHasRoom } from "./platform/errors/disk-has-room.js";
import { scoringParametersFromEnvironment } from "./relationships/scoring-parameters-from-environment.js";

export interface CreateServicesOptions {
  /** SQLite file path, or `:memory:`. */
  databasePath: string;
  clock?: Clock;
  logger?: Logger;
  /** Defaults to the one the RAPPORT_SUMMARY_* environment variables describe (deterministic without them). */
  summaryProvider?: SummaryProvider;
  /** Defaults to the one the RAPPORT_RESPONSE_CACHE_* environment variables describe. */
  responseCache?: ResponseCache;
  /**
   * Milliseconds a write waits for another process's write lock before it is answered 503 (the busy timeout).
   * Defaults to the store's (5000, `LOCK_WAIT_MS`): production never sets it; tests of the 503 shorten it.
   */
  lockWaitMs?: number;
  /** Told each migration the store applies as it opens (an upgrade): its start, progress and end. */
  onMigration?: MigrationObserver;
}

/**
 * The production services for a database file: the SQLite store, the system clock, in-process per-second and
 * persisted monthly rate-limit counters, a pino logger, and the summary provider, response cache, scoring
 * parameters, bound on tenants' graphs held and import uploads' disk bound and minimum rate the `RAPPORT_*` environment variables describe. An unusable setting rejects with a
 * `ConfigurationError` naming it, before the database is opened.
 */
export async function createServices(options: CreateServicesOptions): Promise<AppServices> {
  const { databasePath, clock = systemClock, logger = createLogger() } = options;
  // Read before opening the database, so a misconfiguration fails without leaving it open.
  const summaryProvider = options.summaryProvider ?? summaryProviderFromEnvironment(process.env, logger);
  const scoringParameters = scoringParametersFromEnvironment(process.env);
  const responseCache = options.responseCache ?? responseCacheFromEnvironment(process.env);
  const mmapBytes = sqliteMmapBytesFromEnvironment(process.env);
  const synchronous = sqliteSynchronousFromEnvironment(process.env);
  const uploadSpaceBytes = uploadSpaceBytesFromEnvironment(process.env);
  const minimumUploadRate = minimumUploadRateFromEnvironment(process.env);
  const maximumTenantGraphs = graphTenantsFromEnvironment(process.env);
  const store = await createSqliteStore({
    path: databasePath,
    now: () => clock.now(),
    scoringParameters,
    mmapBytes,
    synchronous,
    lockWaitMs: options.lockWaitMs,
    onMigration: options.onMigration,
    maximumTenantGraphs,
  });
  // The app's (GET /ready, the error handler) and the import jobs': a job a full disk stops is a failure /ready says.
  const storageFaults = createStorageFaults(logger, { hasRoom: diskHasRoom(databasePath) });
  return {
    store,
    clock,
    perSecondCounter: createInMemoryRateLimitCounter(clock),
    monthlyCounter: createStoreRateLimitCounter(store),
    logger,
    summaryProvider,
    importJobs: createImportJobs({ store, clock, logger, uploadSpaceBytes, minimumUploadRate, storageFaults }),
    storageFaults,
    responseCache,
  };
}
