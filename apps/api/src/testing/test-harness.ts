/**
 * @module
 * Builders for HTTP tests: an app over a fresh database with a fixed clock and silent logs, tenants
 * with users and keys, and a request helper that sends the auth headers.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Role, Tenant, Tier, User } from "@rapport/store";
import { migratedDatabaseAt } from "./migrated-database.js";
import { createApp } from "../app.js";
import { createServices } from "../create-services.js";
import { issueApiKey } from "../platform/auth/issue-api-key.js";
import { createManualClock } from "../platform/clock.js";
import { createLogger } from "../platform/logging/logger.js";
import type { AppServices } from "../services.js";
import { createDeterministicSummaryProvider } from "../summary/deterministic-summary-provider.js";
import type { SummaryProvider } from "../summary/summary-provider.js";

/** 2026-11-21T12:00:00.250Z: a quarter of a second into a second, mid-month. */
export const TEST_START = Date.UTC(2026, 10, 21, 12, 0, 0, 250);

export interface TestContext {
  services: AppServices;
  clock: ReturnType<typeof createManualClock>;
  app: ReturnType<typeof createApp>;
  databasePath: string;
  /** Sends a request through the app with `key` (and optionally a user context). */
  request(path: string, options?: TestRequestOptions): Promise<Response>;
  /** `request`, its answer read: the status and the JSON body (null for a 204). */
  json(path: string, options?: TestRequestOptions): Promise<{ status: number; body: Record<string, any> | null }>;
  close(): Promise<void>;
}

export interface TestRequestOptions {
  key?: string | null;
  userUuid?: string;
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface TestTenant {
  tenant: Tenant;
  admin: User;
  member: User;
  /** Tenant-scoped key. */
  key: string;
  adminKey: string;
  memberKey: string;
}

/** Contexts not closed yet: the suite's set-up closes those a test file left open (`closeForgottenTestContexts`). */
const openContexts = new Set<TestContext>();

/**
 * Closes the contexts a test file left open, each folder removed with it: a file whose server's `close()` closed the
 * store left the context's folder in the system's temporary folder, a database and its WAL each run.
 */
export async function closeForgottenTestContexts(): Promise<void> {
  const forgotten = [...openContexts];
  await Promise.all(forgotten.map((context) => context.close()));
}

export async function createTestContext(
  options: { databasePath?: string; start?: number; summaryProvider?: SummaryProvider; lockWaitMs?: number } = {},
): Promise<TestContext> {
  let folder: string | null = null;
  let databasePath = options.databasePath;
  if (!databasePath) {
    folder = mkdtempSync(join(tmpdir(), "rapport-api-"));
    databasePath = migratedDatabaseAt(join(folder, "rapport.db"));
  }
  const clock = createManualClock(options.start ?? TEST_START);
  const services = await createServices({
    databasePath,
    clock,
    logger: createLogger({ level: "silent" }),
    // Tests never reach an LLM configured in the developer's environment.
    summaryProvider: options.summaryProvider ?? createDeterministicSummaryProvider(),
    lockWaitMs: options.lockWaitMs,
  });
  const app = createApp(services, { validateResponses: true });
  const context: TestContext = {
    services,
    clock,
    app,
    databasePath,
    async request(path, requestOptions = {}) {
      const headers: Record<string, string> = { ...requestOptions.headers };
      if (requestOptions.key) headers["x-api-key"] = requestOptions.key;
      if (requestOptions.userUuid) headers["x-service-user-id"] = requestOptions.userUuid;
      let body: string | undefined;
      if (requestOptions.body !== undefined) {
        body = typeof requestOptions.body === "string" ? requestOptions.body : JSON.stringify(requestOptions.body);
        headers["content-type"] ??= "application/json";
      }
      return app.request(path, { method: requestOptions.method ?? "GET", headers, body });
    },
    async json(path, requestOptions = {}) {
      const response = await context.request(path, requestOptions);
      return { status: response.status, body: response.status === 204 ? null : ((await response.json()) as Record<string, any>) };
    },
    async close() {
      openContexts.delete(context);
      await services.importJobs.stop();
      await services.store.close();
      if (folder) rmSync(folder, { recursive: true, force: true });
    },
  };
  openContexts.add(context);
  return context;
}

/** A tenant with an administrator, a member, and a key of each kind. */
export async function buildTenant(
  services: AppServices,
  options: { name?: string; tier?: Tier; perSecond?: number; monthly?: number } = {},
): Promise<TestTenant> {
  const { store } = services;
  const tenant = await store.tenants.create({
    name: options.name ?? "Acme Capital",
    tier: options.tier ?? "custom",
    per_second_limit: options.perSecond ?? 1_000,
    monthly_limit: options.monthly ?? 1_000_000,
  });
  const slug = tenant.uuid.slice(0, 8);
  const makeUser = (name: string, role: Role) =>
    store.users.create({ tenant_uuid: tenant.uuid, name, email: `${name.toLowerCase()}.${slug}@example.com`, role });
  const admin = await makeUser("Alice", "administrator");
  const member = await makeUser("Mike", "member");
  const key = (await issueApiKey(store, { tenantUuid: tenant.uuid })).plaintext;
  const adminKey = (await issueApiKey(store, { tenantUuid: tenant.uuid, userUuid: admin.uuid })).plaintext;
  const memberKey = (await issueApiKey(store, { tenantUuid: tenant.uuid, userUuid: member.uuid })).plaintext;
  return { tenant, admin, member, key, adminKey, memberKey };
}
