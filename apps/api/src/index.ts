/**
 * @module
 * `@rapport/api`: the HTTP application and its parts, for embedding and for tests.
 */
export { createApp, type CreateAppOptions } from "./app.js";
export type { AppEnv } from "./app-env.js";
export { createServices, type CreateServicesOptions } from "./create-services.js";
export type { AppServices } from "./services.js";
export { startServer, type RunningServer, type StartServerOptions } from "./server.js";
export { connectionTimeouts, type ConnectionTimeouts } from "./platform/server/connection-timeouts.js";
export { connectionTimeoutsFromEnvironment } from "./platform/environment/connection-timeouts-from-environment.js";
export { mcpAllowedOriginsFromEnvironment } from "./platform/environment/mcp-allowed-origins-from-environment.js";
export { operations } from "./routes/operations.js";
export { defineOperation, isAdministratorsOnly, reply, type AnyOperation, type Operation, type OperationContext } from "./operations/operation.js";
export { SerializedItem, streamedList, type StreamedList } from "./operations/streamed-list.js";
export { BATCH_PATHS_PER_ITEM, BATCH_PRIORITY_ENTRIES_LIMIT, BATCH_TARGETS_PER_PART } from "./relationships/recommended-path-limits.js";
export { DEFAULT_BATCH_LIMIT } from "./routes/relationships/path-batch-body.js";
export { ApiError } from "./platform/errors/api-error.js";
export { ConfigurationError } from "./platform/environment/configuration-error.js";
export { systemClock, createManualClock, type Clock } from "./platform/clock.js";
export type { RateLimitCounter } from "./platform/rate-limit/rate-limit-counter.js";
export { createInMemoryRateLimitCounter } from "./platform/rate-limit/in-memory-rate-limit-counter.js";
export { ResponseCache, type ResponseCacheOptions } from "./platform/response-cache/response-cache.js";
export { responseCacheFromEnvironment } from "./platform/response-cache/response-cache-from-environment.js";
export { keptAnswerLane, type RequestListener } from "./platform/response-cache/kept-answer-lane.js";
export { createStoreRateLimitCounter } from "./platform/rate-limit/store-rate-limit-counter.js";
export { issueApiKey } from "./platform/auth/issue-api-key.js";
export { rotateApiKey, type RotatedApiKeyWithSecret } from "./platform/auth/rotate-api-key.js";
export { seedDemoTenant, issueDemoKeys } from "./demo/seed-demo-tenant.js";
export { DEMO_TENANT_UUID, demoUuid } from "./demo/demo-ids.js";
export type { SummaryFact, SummaryInput, SummaryProvider, SummaryText } from "./summary/summary-provider.js";
export { createDeterministicSummaryProvider } from "./summary/deterministic-summary-provider.js";
export { createOpenAiCompatibleSummaryProvider, type OpenAiCompatibleSummaryOptions } from "./summary/openai-compatible-summary-provider.js";
export { createFallbackSummaryProvider } from "./summary/fallback-summary-provider.js";
export { summaryProviderFromEnvironment } from "./summary/summary-provider-from-environment.js";
export { buildOpenApiDocument, type OpenApiDocument, type BuildOpenApiDocumentOptions } from "./openapi/build-openapi-document.js";
export { buildMcpTools, type McpTool } from "./mcp/mcp-tools.js";
export { hashPassword, verifyPassword } from "./oauth/password-hash.js";
export { API_CONTRACT_VERSION } from "./api-contract-version.js";
export { RAPPORT_BUILD, RAPPORT_COMMIT, RAPPORT_VERSION } from "./version.js";
export { turnOffAllocationSitePretenuring } from "./platform/runtime/allocation-site-pretenuring.js";
export { collectGarbageNow } from "./platform/runtime/collect-garbage.js";

export { importArchive, type ImportArchiveOptions } from "./imports/import-archive.js";
export { defaultWindow, type ImportRequest } from "./imports/import-request.js";
export type { ImportSummary } from "./imports/import-summary.js";
export { writeLargeMbox, type LargeMboxOptions } from "./imports/benchmark/write-large-mbox.js";
export { measureMboxImport, type MboxImportMeasurement, type MeasureOptions } from "./imports/benchmark/measure-mbox-import.js";
