/**
 * @module
 * The services the app is built with: each I/O concern behind a port, built once at start-up and
 * injected, so tests swap in in-memory ones.
 */
import type { Store } from "@rapport/store";
import type { Logger } from "pino";
import type { ImportJobs } from "./imports/import-jobs.js";
import type { Clock } from "./platform/clock.js";
import type { StorageFaults } from "./platform/errors/storage-faults.js";
import type { RateLimitCounter } from "./platform/rate-limit/rate-limit-counter.js";
import type { ResponseCache } from "./platform/response-cache/response-cache.js";
import type { SummaryProvider } from "./summary/summary-provider.js";

export interface AppServices {
  store: Store;
  clock: Clock;
  /** Per-second windows, per API key. In-process by default; Redis when API nodes scale out. */
  perSecondCounter: RateLimitCounter;
  /** Monthly windows, per tenant. Persisted in the store so a restart does not reset them. */
  monthlyCounter: RateLimitCounter;
  logger: Logger;
  /** Writes AI summaries from grounded facts: deterministic by default, an LLM when configured. */
  summaryProvider: SummaryProvider;
  /** Background import jobs started over HTTP, run in this process. */
  importJobs: ImportJobs;
  /** Responses of the operations marked `cacheable`, kept while the tenant's data holds still. */
  responseCache: ResponseCache;
  /**
   * The storage failures met by requests and import jobs, which `GET /ready` reports; shared with `importJobs`.
   * createApp makes its own where absent (services whose jobs report none).
   */
  storageFaults?: StorageFaults;
}
