/** Tasks: PERSONAL ones exist only for their creator; WORKSPACE ones for the whole tenant. Deletion is soft. */
import type { Kysely } from "kysely";
import type { Database, TasksTable } from "../database-schema.js";
import { TASK_SCOPES, TASK_STATUSES, type Task, type TaskScope, type TaskStatus } from "../deal-records.js";
import { assertAllowedValue } from "./allowed-value.js";
import { assertNonBlankFields } from "./required-fields.js";
import type { TaskRepository, Viewer } from "../deal-store.js";
import { keysetPage } from "../pagination/keyset-page.js";
import { deleteLinksOf, insertLinks, linkedToCondition, loadLinks } from "./association-repository.js";
import { InvalidInputError } from "../errors.js";
import { missingLinkTarget } from "./missing-link-target.js";
import { loadUserReferences } from "./record-references.js";
import { withTransaction, type RepositoryContext } from "./repository-context.js";
import { sameColumns } from "./unchanged-write.js";

async function hydrateTasks(db: Kysely<Database>, tenantUuid: string, rows: readonly TasksTable[], viewer: Viewer): Promise<Task[]> {
  const [users, links] = await Promise.all([
    loadUserReferences(db, tenantUuid, rows.flatMap((row) => [row.assignee_user_uuid, row.created_by_user_uuid])),
    loadLinks(db, tenantUuid, "TASK", rows.map((row) => row.uuid), viewer),
  ]);
  return rows.map((row) => ({
    uuid: row.uuid,
    tenant_uuid: row.tenant_uuid,
    title: row.title,
    description: row.description,
    status: row.status as TaskStatus,
    scope: row.scope as TaskScope,
    due_date: row.due_date,
    assignee: row.assignee_user_uuid ? (users.get(row.assignee_user_uuid) ?? null) : null,
    created_by: row.created_by_user_uuid ? (users.get(row.created_by_user_uuid) ?? null) : null,
    associations: links.get(row.uuid) ?? [],
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  }));
}

/** Live tasks the viewer may see. */
export function visibleTasks(executor: Kysely<Database>, tenantUuid: string, viewer: Viewer) {
  return executor
    .selectFrom("tasks")
    .selectAll()
    .where("tenant_uuid", "=", tenantUuid)
    .where("deleted_at", "is", null)
    .where((expression) =>
      viewer.user_uuid === null
        ? expression("scope", "=", "WORKSPACE")
        : expression.or([expression("scope", "=", "WORKSPACE"), expression("created_by_user_uuid", "=", viewer.user_uuid)]),
    );
}

export function createTaskRepository(context: RepositoryContext): TaskRepository {
  const { db, now, generateId } = context;
  const getTask = async (executor: Kysely<Database>, tenantUuid: string, uuid: string, viewer: Viewer) => {
    const row = await visibleTasks(executor, tenantUuid, viewer).where("uuid", "=", uuid).executeTakeFirst();
    return row ? (await hydrateTasks(executor, tenantUuid, [row], viewer))[0]! : null;
  };

  return {
    async create(input, viewer) {
      assertNonBlankFields(input, ["title"], "tasks.create");
      assertAllowedValue(TASK_SCOPES, input.scope, "scope", "tasks.create");
      if (input.status !== undefined) assertAllowedValue(TASK_STATUSES, input.status, "status", "tasks.create");
      return withTransaction(db, async (transaction) => {
        const timestamp = now(input.tenant_uuid);
        const row: TasksTable = {
          uuid: generateId(),
          tenant_uuid: input.tenant_uuid,
          title: input.title,
          description: input.description ?? null,
          status: input.status ?? "OPEN",
          scope: input.scope,
          due_date: input.due_date ?? null,
          assignee_user_uuid: input.assignee_user_uuid ?? null,
          created_by_user_uuid: input.created_by_user_uuid ?? null,
          created_at: timestamp,
          updated_at: timestamp,
          deleted_at: null,
        };
        const links = (input.associations ?? []).map((link) => ({ type: link.entity_type, uuid: link.entity_uuid, context: link.context }));
        const missing = await missingLinkTarget(transaction, input.tenant_uuid, links, viewer);
        if (missing) throw new InvalidInputError(`associations: ${missing}`);
        await transaction.insertInto("tasks").values(row).execute();
        await insertLinks({ ...context, db: transaction }, input.tenant_uuid, { type: "TASK", uuid: row.uuid }, links);
        return (await getTask(transaction, input.tenant_uuid, row.uuid, viewer))!;
      });
    },
    get: (tenantUuid, uuid, viewer) => getTask(db, tenantUuid, uuid, viewer),
    async list(tenantUuid, request) {
      const { filters, viewer } = request;
      let query = visibleTasks(db, tenantUuid, viewer);
      if (filters.status) query = query.where("status", "in", filters.status);
      if (filters.scope) query = query.where("scope", "=", filters.scope);
      if (filters.assignee_user_uuid) query = query.where("assignee_user_uuid", "=", filters.assignee_user_uuid);
      if (filters.entity) query = query.where(linkedToCondition(tenantUuid, "TASK", "tasks.uuid", filters.entity));
      if (filters.updated_after !== undefined) query = query.where("tasks.updated_at", ">=", filters.updated_after);
      // Calendar dates compare as text; a null due date is neither before nor after one.
      if (filters.due_date_from !== undefined) query = query.where("tasks.due_date", ">=", filters.due_date_from);
      if (filters.due_date_to !== undefined) query = query.where("tasks.due_date", "<=", filters.due_date_to);
      const page = await keysetPage(
        query,
        [
          { column: request.sort_by === "updated_at" ? "tasks.updated_at" : "tasks.created_at", direction: request.order },
          { column: "tasks.uuid", direction: request.order },
        ],
        request,
      );
      return { ...page, rows: await hydrateTasks(db, tenantUuid, page.rows, viewer) };
    },
    async update(tenantUuid, uuid, changes, viewer) {
      assertNonBlankFields(changes, ["title"], "tasks.update");
      if (changes.status !== undefined) assertAllowedValue(TASK_STATUSES, changes.status, "status", "tasks.update");
      return withTransaction(db, async (transaction) => {
        const row = await visibleTasks(transaction, tenantUuid, viewer).where("uuid", "=", uuid).executeTakeFirst();
        if (!row) return null;
        const values = {
          title: changes.title ?? row.title,
          description: changes.description === undefined ? row.description : changes.description,
          status: changes.status ?? row.status,
          due_date: changes.due_date === undefined ? row.due_date : changes.due_date,
          assignee_user_uuid: changes.assignee_user_uuid === undefined ? row.assignee_user_uuid : changes.assignee_user_uuid,
        };
        // A write that changes nothing moves no `updated_at` (unchanged-write.ts).
        if (!sameColumns(row, { ...row, ...values }, [])) {
          await transaction
            .updateTable("tasks")
            .set({ ...values, updated_at: now(tenantUuid) })
            .where("tenant_uuid", "=", tenantUuid)
            .where("uuid", "=", uuid)
            .execute();
        }
        return getTask(transaction, tenantUuid, uuid, viewer);
      });
    },
    async delete(tenantUuid, uuid, viewer) {
      return withTransaction(db, async (transaction) => {
        const row = await visibleTasks(transaction, tenantUuid, viewer).where("uuid", "=", uuid).executeTakeFirst();
        if (!row) return false;
        await transaction
          .updateTable("tasks")
          .set({ deleted_at: now(tenantUuid) })
          .where("tenant_uuid", "=", tenantUuid)
          .where("uuid", "=", uuid)
          .execute();
        await deleteLinksOf(transaction, tenantUuid, "TASK", [uuid], now(tenantUuid));
        return true;
      });
    },
  };
}
