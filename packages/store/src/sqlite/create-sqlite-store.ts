/**
 * @module
 * The embedded store: one SQLite file (or `:memory:`) through better-sqlite3, in WAL mode, with
 * migrations applied on open.
 */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { randomUUID } from "node:crypto";
import SqliteDatabase from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect } from "kysely";
import type { Database } from "../database-schema.js";
import { createApiKeyRepository } from "../repositories/api-key-repository.js";
import { createCompanyMemberRepository } from "../repositories/company-member-repository.js";
import { createEmailRepository } from "../repositories/email-repository.js";
import { createInteractionRepository } from "../repositories/interaction-repository.js";
import { createMeetingRepository } from "../repositories/meeting-repository.js";
import { createCompanyRepository } from "../repositories/company-repository.js";
import { createPersonRepository } from "../repositories/person-repository.js";
import type { RepositoryContext } from "../repositories/repository-context.js";
import { createSettingsRepository } from "../repositories/settings-repository.js";
import { createTenantRepository } from "../repositories/tenant-repository.js";
import { createUsageRepository } from "../repositories/usage-repository.js";
import { createUserRepository } from "../repositories/user-repository.js";
import { createEmailBodyRepository } from "../repositories/email-body-repository.js";
import { createImportJobRepository } from "../repositories/import-job-repository.js";
import { createMatchKeyRepository } from "../repositories/match-key-repository.js";
import type { Store } from "../store.js";
import { inCodeMigrationProvider } from "./migrations/index.js";

export interface SqliteStoreOptions {
  /** File path, or `:memory:` for a throwaway database. Parent folders are created. */
  path: string;
  /** Clock in epoch milliseconds; injected so tests control time. */
  now?: () => number;
  generateId?: () => string;
}

/** Builds the repositories over a database handle (the root one, or a transaction). */
function buildStore(context: RepositoryContext, close: () => Promise<void>): Store {
  const store: Store = {
    tenants: createTenantRepository(context),
    users: createUserRepository(context),
    apiKeys: createApiKeyRepository(context),
    persons: createPersonRepository(context),
    companies: createCompanyRepository(context),
    usage: createUsageRepository(context),
    settings: createSettingsRepository(context),
    emails: createEmailRepository(context),
    meetings: createMeetingRepository(context),
    interactions: createInteractionRepository(context),
    companyMembers: createCompanyMemberRepository(context),
    importJobs: createImportJobRepository(context),
    matchKeys: createMatchKeyRepository(context),
    emailBodies: createEmailBodyRepository(context),
    async transaction(work) {
      if (context.db.isTransaction) return work(store);
      return context.db.transaction().execute((transaction) => work(buildStore({ ...context, db: transaction }, close)));
    },
    close,
  };
  return store;
}

/** Applies every pending migration; returns the names applied. Throws when one fails. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  // Branches land migrations in any order; each is applied once whatever its place in the list.
  const migrator = new Migrator({ db, provider: inCodeMigrationProvider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === "Error");
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`database migration ${failed?.migrationName ?? "(unknown)"} failed: ${reason}`);
  }
  return (results ?? []).filter((result) => result.status === "Success").map((result) => result.migrationName);
}

/**
 * Opens (creating if needed) a SQLite database, migrates it to the latest schema and returns the
 * Store over it.
 *
 * @example
 * const store = await createSqliteStore({ path: "./data/rapport.db" });
 * const tenant = await store.tenants.create({ name: "Acme", tier: "standard" });
 */
export async function createSqliteStore(options: SqliteStoreOptions): Promise<Store> {
  const { path, now = Date.now, generateId = randomUUID } = options;
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SqliteDatabase(path);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await db.destroy();
  };
  return buildStore({ db, now, generateId }, close);
}
