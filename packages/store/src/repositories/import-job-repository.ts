/** Import jobs: created by an upload, advanced by their runner, read back by the client. */
import { sql } from "kysely";
import type { ImportJobsTable } from "../database-schema.js";
import { IMPORT_JOB_OUTCOMES, IMPORT_KINDS, type ImportJob, type ImportJobStatus, type ImportKind } from "../import-records.js";
import { assertAllowedValue } from "./allowed-value.js";
import type { ImportJobRepository } from "../store.js";
import { parseJson, toFlag, type RepositoryContext } from "./repository-context.js";

const UNFINISHED: ImportJobStatus[] = ["queued", "running"];

function toImportJob(row: ImportJobsTable): ImportJob {
  return {
    uuid: row.uuid,
    tenant_uuid: row.tenant_uuid,
    kind: row.kind as ImportKind,
    status: row.status as ImportJobStatus,
    dry_run: row.dry_run === 1,
    file_name: row.file_name,
    file_bytes: row.file_bytes === null ? null : Number(row.file_bytes),
    options: parseJson<Record<string, unknown>>(row.options, {}),
    owner_user_uuid: row.owner_user_uuid,
    created_by_user_uuid: row.created_by_user_uuid,
    items_processed: Number(row.items_processed),
    bytes_processed: Number(row.bytes_processed),
    summary: row.summary === null ? null : parseJson<Record<string, unknown> | null>(row.summary, null),
    error: row.error,
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
    started_at: row.started_at === null ? null : Number(row.started_at),
    finished_at: row.finished_at === null ? null : Number(row.finished_at),
    runner: row.runner,
    cancel_requested_at: row.cancel_requested_at === null ? null : Number(row.cancel_requested_at),
  };
}

export function createImportJobRepository({ db, now, generateId }: RepositoryContext): ImportJobRepository {
  const jobs = (tenantUuid: string) => db.selectFrom("import_jobs").selectAll().where("tenant_uuid", "=", tenantUuid);
  return {
    async create(tenantUuid, input) {
      assertAllowedValue(IMPORT_KINDS, input.kind, "kind", "importJobs.create");
      const timestamp = now();
      const row: ImportJobsTable = {
        uuid: generateId(),
        tenant_uuid: tenantUuid,
        kind: input.kind,
        status: "queued",
        dry_run: toFlag(input.dry_run),
        file_name: input.file_name ?? null,
        file_bytes: input.file_bytes ?? null,
        options: JSON.stringify(input.options ?? {}),
        owner_user_uuid: input.owner_user_uuid ?? null,
        created_by_user_uuid: input.created_by_user_uuid ?? null,
        items_processed: 0,
        bytes_processed: 0,
        summary: null,
        error: null,
        created_at: timestamp,
        updated_at: timestamp,
        started_at: null,
        finished_at: null,
        runner: input.runner ?? null,
        cancel_requested_at: null,
      };
      await db.insertInto("import_jobs").values(row).execute();
      return toImportJob(row);
    },
    async get(tenantUuid, jobUuid) {
      const row = await jobs(tenantUuid).where("uuid", "=", jobUuid).executeTakeFirst();
      return row ? toImportJob(row) : null;
    },
    async start(tenantUuid, jobUuid) {
      const timestamp = now();
      const result = await db
        .updateTable("import_jobs")
        .set({ status: "running", started_at: timestamp, updated_at: timestamp })
        .where("tenant_uuid", "=", tenantUuid)
        .where("uuid", "=", jobUuid)
        .where("status", "=", "queued")
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async progress(tenantUuid, jobUuid, progress) {
      await db
        .updateTable("import_jobs")
        .set({
          items_processed: progress.items_processed,
          bytes_processed: progress.bytes_processed,
          summary: progress.summary === null ? null : JSON.stringify(progress.summary),
          updated_at: now(),
        })
        .where("tenant_uuid", "=", tenantUuid)
        .where("uuid", "=", jobUuid)
        .where("status", "=", "running")
        .execute();
    },
    async finish(tenantUuid, jobUuid, outcome, options = {}) {
      assertAllowedValue(IMPORT_JOB_OUTCOMES, outcome.status, "status", "importJobs.finish");
      const timestamp = now();
      const result = await db
        .updateTable("import_jobs")
        .set({
          status: outcome.status,
          summary: outcome.summary === null ? null : JSON.stringify(outcome.summary),
          error: outcome.error,
          updated_at: timestamp,
          finished_at: timestamp,
        })
        .where("tenant_uuid", "=", tenantUuid)
        .where("uuid", "=", jobUuid)
        .where((row) => {
          const unfinished = row("status", "in", UNFINISHED);
          const { replacingError } = options;
          return replacingError === undefined ? unfinished : row.or([unfinished, row.and([row("status", "=", "failed"), row("error", "=", replacingError)])]);
        })
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async requestCancel(tenantUuid, jobUuid) {
      // The first ask's time is kept; the heartbeat (`updated_at`) is the runner's alone.
      const result = await db
        .updateTable("import_jobs")
        .set({ cancel_requested_at: sql<number>`coalesce(cancel_requested_at, ${now()})` })
        .where("tenant_uuid", "=", tenantUuid)
        .where("uuid", "=", jobUuid)
        .where("status", "in", UNFINISHED)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async failStale(tenantUuid, heartbeatBefore, error) {
      const timestamp = now();
      const result = await db
        .updateTable("import_jobs")
        .set({ status: "failed", error, updated_at: timestamp, finished_at: timestamp })
        .where("tenant_uuid", "=", tenantUuid)
        .where("status", "in", UNFINISHED)
        .where("updated_at", "<", heartbeatBefore)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0 ? Number(result.numUpdatedRows) : 0;
    },
  };
}
