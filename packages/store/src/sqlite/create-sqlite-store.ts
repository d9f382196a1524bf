/**
 * @module
 * The embedded store: one SQLite file (or `:memory:`) through better-sqlite3, in WAL mode, with
 * migrations applied on open (a new database starts as a copy of the process's migrated image).
 */
import { resolve } from "node:path";
import { randomUUID } from "node:crypto";
import type { ScoringParameterOverrides } from "@rapport/graph";
import SqliteDatabase from "better-sqlite3";
import { createApiKeyRepository } from "../repositories/api-key-repository.js";
import { createEmailRepository } from "../repositories/email-repository.js";
import { createInteractionRepository } from "../repositories/interaction-repository.js";
import { createMeetingRepository } from "../repositories/meeting-repository.js";
import { createCompanyRepository } from "../repositories/company-repository.js";
import { createPersonRepository } from "../repositories/person-repository.js";
import { createOAuthModelRepository } from "../repositories/oauth-model-repository.js";
import { createOAuthSigningKeyRepository } from "../repositories/oauth-signing-key-repository.js";
import type { RepositoryContext } from "../repositories/repository-context.js";
import { createSettingsRepository } from "../repositories/settings-repository.js";
import { createTenantRepository } from "../repositories/tenant-repository.js";
import { createUsageRepository } from "../repositories/usage-repository.js";
import { createSignInFailureRepository } from "../repositories/sign-in-failure-repository.js";
import { createIdempotentRequestRepository } from "../repositories/idempotent-request-repository.js";
import { createUserPasswordRepository } from "../repositories/user-password-repository.js";
import { createUserRepository } from "../repositories/user-repository.js";
import { createAffiliationRepository } from "../repositories/affiliation-repository.js";
import { createEntityListRepository } from "../repositories/entity-list-repository.js";
import { createPersonMergeRepository } from "../repositories/person-merge-repository.js";
import { createCompanyMergeRepository } from "../repositories/company-merge-repository.js";
import { createEmailBodyRepository } from "../repositories/email-body-repository.js";
import { createImportJobRepository } from "../repositories/import-job-repository.js";
import { createMatchKeyRepository } from "../repositories/match-key-repository.js";
import { createDuplicateRepository } from "../repositories/duplicate-repository.js";
import { createRecordDeletionRepository } from "../repositories/record-deletion-repository.js";
import { pruneHistory } from "../history-retention/prune-history.js";
import type { HistoryPruneOptions, Store } from "../store.js";
import { createTenantGraphs, type TenantGraphs } from "../graph/tenant-graphs.js";
import { createNameSearchIndex } from "../repositories/name-search-notes.js";
import { graphEntityActivity, hydratedGraphEntityActivity } from "../repositories/graph-entity-activity.js";
import { backupDatabase } from "./backup-database.js";
import { ERASURES } from "../erasure/erasures-generation.js";
import { createKeyUseBuffer } from "./key-use-buffer.js";
import { createMonthlyUsageBuffer } from "./monthly-usage-buffer.js";
import { LOCK_WAIT_MS } from "./immediate-transactions.js";
import { createChangeStampClock } from "./change-stamp-clock.js";
import { createPersonChangeLog, createRememberedReads } from "./remembered-reads.js";
import { migratedDatabasePages, migratedMemoryDatabase } from "./memory-database-image.js";
import { createParentFolders } from "./create-parent-folders.js";
import { createDatabaseFile } from "./new-database-file.js";
import { openMigratedDatabase, type SqliteSynchronous } from "./open-migrated-database.js";
import type { MigrationObserver } from "./observed-migrations.js";
import { GRAPH_CHANGES_SCOPE } from "./migrations/0041-graph-changes.js";
import { checkStoreOptions } from "./check-store-options.js";
import { createCallsInFlight } from "./calls-in-flight.js";
import { withClosedStoreRefusal, withinClosingStore, type ClosingStore, type StoreState } from "./closed-store-refusal.js";
import { requireNativeSqlite } from "./native-sqlite.js";
import { REPOSITORY_CALL_SHAPES } from "../request-checks/repository-call-shapes.js";
import { withCheckedCalls } from "../request-checks/with-checked-calls.js";
import { startBackgroundCheckpoints } from "./background-checkpoints.js";
import { inSavepoint } from "./in-savepoint.js";
import { lazyMembers } from "./lazy-members.js";
import { createCheckpointWorker } from "./checkpoint-worker.js";
import { createLongWriteConnection } from "./long-write-connection.js";
import { createWalTruncation } from "./wal-truncation.js";
import { createAssociationRepository } from "../repositories/association-repository.js";
import { createFileRepository } from "../repositories/file-repository.js";
import { createNoteRepository } from "../repositories/note-repository.js";
import { createOpportunityCustomFieldRepository } from "../repositories/opportunity-custom-field-repository.js";
import { createOpportunityRepository } from "../repositories/opportunity-repository.js";
import { createOpportunityStageRepository, createOpportunityTypeRepository } from "../repositories/opportunity-type-repository.js";
import { createRecordLookupRepository } from "../repositories/record-lookup-repository.js";
import { createTaskRepository } from "../repositories/task-repository.js";
import { withTypedWriteErrors } from "../repositories/typed-write-errors.js";

/** Options of `createSqliteStore` (see the README's API). */
export interface SqliteStoreOptions {
  /** File path, or `:memory:` for a throwaway database. Parent folders are created. */
  path: string;
  /** Clock in epoch milliseconds; injected so tests control time. A tenant's change stamps never go below its latest, whatever this says. */
  now?: () => number;
  generateId?: () => string;
  /** The deployment's scoring parameters for every tenant graph (defaults: the graph core's). */
  scoringParameters?: ScoringParameterOverrides;
  /**
   * Bytes of the database file SQLite reads through a memory map instead of `read` calls (`PRAGMA
   * mmap_size`; default 0, none). Reads of records spread over a large file get several times faster, and
   * the mapped pages count in the process's resident memory (they are the operating system's page cache,
   * given back under pressure). An I/O error on a mapped page stops the process instead of failing a query.
   */
  mmapBytes?: number;
  /**
   * How commits reach the disk (SQLite's `PRAGMA synchronous`; default `"normal"`). In WAL mode `"normal"` syncs at
   * checkpoints only: a commit survives the process's crash (killed, out of memory) but may be lost, with every later
   * one, if the machine loses power or its operating system crashes before the next checkpoint; the database stays
   * whole either way. `"full"` also syncs the WAL at every commit, so an answered write survives a power loss, at the
   * cost of one disk sync in each write (on the event loop: a fraction of a millisecond on an SSD with a
   * power-loss-protected cache, several on others).
   */
  synchronous?: SqliteSynchronous;
  /**
   * Milliseconds between two of the store's WAL checkpoints (default 250). They run on a worker thread with a
   * connection of its own, never in a commit (sqlite/background-checkpoints.ts); the WAL starts over once about
   * 40 MB of it are copied, so it holds about that plus what is written in one interval. Ignored for `:memory:`.
   */
  checkpointIntervalMs?: number;
  /**
   * Milliseconds a write waits for another connection's write lock (another process's long write) before it fails
   * with SQLite's busy error, a 503 at the API (default 5000, `LOCK_WAIT_MS`). Tests of that failure shorten it.
   */
  lockWaitMs?: number;
  /**
   * Told each migration the store applies as it opens (an upgrade): its start, its end with its duration and, every
   * 10 s of a long one, its progress (`MigrationEvent`), so that a caller can say what it is waiting for. A new
   * database is a copy of the process's migrated image: told of the migrations only when making that image (the first).
   */
  onMigration?: MigrationObserver | undefined;
  /**
   * The most tenants whose relationship graphs are held in memory at once (`store.graphs`; default: no bound). Loading
   * one more first drops the graph read least recently; that tenant's next relationship read loads it again.
   */
  maximumTenantGraphs?: number;
  /**
   * Milliseconds `close()` waits for the store's calls already running when it began (a write, a transaction whose
   * `work` is under way, a backup) before it closes the connection (default 5000, `LOCK_WAIT_MS`). A call still
   * running then fails with a `StoreClosedError` naming it, and nothing of an unfinished transaction is written.
   */
  closeWaitMs?: number;
}

/** WAL frames (pages) past which a background checkpoint also restarts the WAL: about 40 MB. */
const WAL_RESTART_PAGES = 10_000;

/**
 * Builds the store over a database handle (the root one, or a transaction); a transaction's store is the one
 * `withinClosingStore` guards with `closing`. Each repository is built when first read (`lazyMembers`): a transaction
 * builds only those its `work` uses.
 */
function buildStore(context: RepositoryContext, graphs: TenantGraphs, close: () => Promise<void>, closing: ClosingStore): Store {
  const nestedStore = (nested: RepositoryContext) => withinClosingStore(buildStore(nested, graphs, close, closing), closing);
  // A malformed call (a JavaScript caller's) is refused before it runs anything.
  const checkedOf = <Repository extends object>(name: string, repository: Repository) => withCheckedCalls(name, repository, REPOSITORY_CALL_SHAPES[name]);
  // Bad input that only a constraint catches (an unknown tenant, a missing value) fails with the store's errors.
  const typedErrorsOf = <Repository extends object>(name: string, repository: Repository) => withTypedWriteErrors(name, checkedOf(name, repository), context.db);
  return lazyMembers<Store>({
    tenants: () => typedErrorsOf("tenants", createTenantRepository(context)),
    users: () => typedErrorsOf("users", createUserRepository(context)),
    apiKeys: () => typedErrorsOf("apiKeys", createApiKeyRepository(context)),
    persons: () => typedErrorsOf("persons", createPersonRepository(context, graphs)),
    companies: () => typedErrorsOf("companies", createCompanyRepository(context)),
    usage: () => typedErrorsOf("usage", createUsageRepository(context)),
    settings: () => checkedOf("settings", createSettingsRepository(context)),
    emails: () => typedErrorsOf("emails", createEmailRepository(context)),
    meetings: () => typedErrorsOf("meetings", createMeetingRepository(context)),
    interactions: () => checkedOf("interactions", createInteractionRepository(context)),
    graphs: () => checkedOf("graphs", graphs),
    nameSearch: () => checkedOf("nameSearch", createNameSearchIndex(context.db)),
    affiliations: () => typedErrorsOf("affiliations", createAffiliationRepository(context)),
    entityLists: () => typedErrorsOf("entityLists", createEntityListRepository(context)),
    personMerges: () => typedErrorsOf("personMerges", createPersonMergeRepository(context)),
    companyMerges: () => typedErrorsOf("companyMerges", createCompanyMergeRepository(context)),
    opportunityTypes: () => typedErrorsOf("opportunityTypes", createOpportunityTypeRepository(context)),
    opportunityStages: () => typedErrorsOf("opportunityStages", createOpportunityStageRepository(context)),
    opportunityCustomFields: () => typedErrorsOf("opportunityCustomFields", createOpportunityCustomFieldRepository(context)),
    opportunities: () => typedErrorsOf("opportunities", createOpportunityRepository(context)),
    associations: () => typedErrorsOf("associations", createAssociationRepository(context)),
    notes: () => typedErrorsOf("notes", createNoteRepository(context)),
    tasks: () => typedErrorsOf("tasks", createTaskRepository(context)),
    files: () => typedErrorsOf("files", createFileRepository(context)),
    records: () => typedErrorsOf("records", createRecordLookupRepository(context)),
    oauthModels: () => checkedOf("oauthModels", createOAuthModelRepository(context)),
    oauthSigningKeys: () => checkedOf("oauthSigningKeys", createOAuthSigningKeyRepository(context)),
    userPasswords: () => typedErrorsOf("userPasswords", createUserPasswordRepository(context)),
    signInFailures: () => checkedOf("signInFailures", createSignInFailureRepository(context)),
    idempotentRequests: () => checkedOf("idempotentRequests", createIdempotentRequestRepository(context)),
    importJobs: () => typedErrorsOf("importJobs", createImportJobRepository(context)),
    matchKeys: () => typedErrorsOf("matchKeys", createMatchKeyRepository(context)),
    emailBodies: () => typedErrorsOf("emailBodies", createEmailBodyRepository(context)),
    deletions: () => checkedOf("deletions", createRecordDeletionRepository(context)),
    duplicates: () => checkedOf("duplicates", createDuplicateRepository(context)),
    history: () => checkedOf("history", { prune: (options: HistoryPruneOptions) => pruneHistory(context, options) }),
    revision: () => (tenantUuid) => {
      if (context.remembered === undefined) return Number.NaN;
      return context.remembered.generationTotal(tenantUuid) + graphs.revision(tenantUuid);
    },
    backup: () => (destination, options) => backupDatabase(closing.path, destination, options),
    transaction: () => async (work) => {
      if (context.db.isTransaction) return inSavepoint(context, work, nestedStore);
      // Graph changes wait for the commit; a rollback discards them.
      const held: Array<Parameters<typeof context.emit>> = [];
      const result = await context.db
        .transaction()
        .execute((transaction) =>
          work(
            nestedStore({
              ...context,
              db: transaction,
              emit: (...change) => held.push(change),
              entityActivity: undefined,
              hydratedEntityActivity: undefined,
              remembered: undefined,
              usageBuffer: undefined,
              longWrites: undefined,
              afterErasureCommitted: undefined,
            }),
          ),
        );
      for (const change of held) context.emit(...change);
      if (held.some(([, change]) => change.type === "erasure-applied")) await context.afterErasureCommitted?.();
      return result;
    },
    close: () => close,
  });
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
  checkStoreOptions(options);
  requireNativeSqlite("createSqliteStore");
  const {
    path,
    now = Date.now,
    generateId = randomUUID,
    mmapBytes = 0,
    synchronous = "normal",
    checkpointIntervalMs = 250,
    lockWaitMs = LOCK_WAIT_MS,
    closeWaitMs = LOCK_WAIT_MS,
  } = options;
  const inMemory = path === ":memory:";
  const settings = { lockWaitMs, mmapBytes, synchronous, onMigration: options.onMigration };
  if (!inMemory) {
    createParentFolders("createSqliteStore", path);
    // A new file starts as a copy of the process's migrated image rather than running every migration on it.
    await createDatabaseFile(path, () => migratedDatabasePages(settings));
  }
  const sqlite = inMemory ? migratedMemoryDatabase.open() : new SqliteDatabase(path);
  const { db, generations } = await openMigratedDatabase(sqlite, settings);
  if (inMemory) migratedMemoryDatabase.keep(sqlite);
  // Table statistics for the query planner, sampled (quick even on a large file). Without them SQLite
  // takes `tenant_uuid = ?` for a selective condition and walks a whole tenant through a (tenant_uuid, ...)
  // index instead of seeking the row by its own key: every person's emails, every opportunity. A sample
  // cannot size a large tenant, so lookups of many keys also keep the tenant out of the index
  // (repositories/tenant-filter.ts).
  sqlite.pragma("analysis_limit = 1000");
  sqlite.pragma("optimize = 0x10002");
  // From here on a write that another connection's lock refuses waits for it between turns of the event loop
  // (`waitForLocksMs`), where SQLite's busy timeout slept in this thread and no request was answered meanwhile: up to
  // 5 s for each write during another process's long write or a heavy erasure. The monthly usage counts, written
  // outside Kysely, are kept for a later try instead.
  sqlite.pragma("busy_timeout = 0");
  const usageBuffer = createMonthlyUsageBuffer(sqlite);
  const keyUses = createKeyUseBuffer(sqlite);
  // The file this connection opened, even if the process changes its working folder later.
  const filePath = path === ":memory:" ? null : resolve(path);
  const longWriteConnection = filePath === null ? null : createLongWriteConnection(filePath, lockWaitMs, synchronous);
  const checkpointWorker = filePath === null ? null : createCheckpointWorker(filePath);
  const backgroundCheckpoints = checkpointWorker
    ? startBackgroundCheckpoints({ checkpoint: checkpointWorker.checkpoint, intervalMs: checkpointIntervalMs, restartAbovePages: WAL_RESTART_PAGES })
    : null;
  const walTruncation = createWalTruncation(db, checkpointWorker ? { truncate: async () => (await checkpointWorker.checkpoint("truncate")).busy === 0 } : {});
  let state: StoreState = "open";
  const closing: ClosingStore = { state: () => state, path: filePath ?? path, closeWaitMs };
  const calls = createCallsInFlight();
  let closed: Promise<void> | null = null;
  const close = () => (closed ??= closeStore());
  const closeStore = async () => {
    state = "closing";
    await calls.settled(closeWaitMs);
    state = "closed";
    // The last counts wait for the lock as writes did before: the process is stopping.
    sqlite.pragma(`busy_timeout = ${lockWaitMs}`);
    usageBuffer.close();
    keyUses.close();
    await walTruncation.close();
    await backgroundCheckpoints?.close();
    // Before the store's connection: the last connection to close checkpoints the WAL into the file and deletes it.
    await checkpointWorker?.close();
    await longWriteConnection?.close();
    await db.destroy();
  };
  const readContext = { db, now, generateId, emit: () => undefined };
  const dataVersion = sqlite.prepare("pragma data_version").pluck();
  const graphs = createTenantGraphs({
    db,
    interactions: createInteractionRepository(readContext),
    parameters: options.scoringParameters,
    now,
    usersGeneration: (tenantUuid) => generations.generation(tenantUuid, "users"),
    erasuresGeneration: (tenantUuid) => generations.generation(tenantUuid, ERASURES),
    changesGeneration: (tenantUuid) => generations.generation(tenantUuid, GRAPH_CHANGES_SCOPE),
    commitsByOthers: () => dataVersion.get() as number,
    maximumTenants: options.maximumTenantGraphs,
  });
  const store = buildStore(
    {
      db,
      now: createChangeStampClock(sqlite, now),
      generateId,
      emit: (tenantUuid, change) => graphs.apply(tenantUuid, change),
      entityActivity: graphEntityActivity(graphs),
      hydratedEntityActivity: hydratedGraphEntityActivity(graphs),
      remembered: createRememberedReads(generations, createPersonChangeLog(sqlite)),
      usageBuffer,
      keyUses,
      longWrites: longWriteConnection
        ? { db: () => longWriteConnection.db(), committed: generations.forget }
        : undefined,
      afterErasureCommitted: walTruncation.request,
    },
    graphs,
    close,
    closing,
  );
  return withClosedStoreRefusal(store, closing, calls);
}
