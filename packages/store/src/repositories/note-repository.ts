/** Notes: text owned by the user who wrote it, linked to persons, companies, opportunities, files and tasks. */
import { sql, type Kysely, type SqlBool } from "kysely";
import type { Database, NotesTable } from "../database-schema.js";
import type { Note } from "../deal-records.js";
import type { NoteRepository, Viewer } from "../deal-store.js";
import { keysetPage } from "../pagination/keyset-page.js";
import { deleteLinksOf, insertLinks, linkedToCondition, loadLinks } from "./association-repository.js";
import { InvalidInputError } from "../errors.js";
import { missingLinkTarget } from "./missing-link-target.js";
import { refuseAnotherUsersNote } from "./owner-rules.js";
import { existingRecords } from "./record-lookup-repository.js";
import { loadUserReferences } from "./record-references.js";
import { assertNonBlankFields, assertRequiredFields } from "./required-fields.js";
import { withTransaction, type RepositoryContext } from "./repository-context.js";
import { sameColumns } from "./unchanged-write.js";

async function hydrateNotes(db: Kysely<Database>, tenantUuid: string, rows: readonly NotesTable[], viewer: Viewer): Promise<Note[]> {
  const [users, links] = await Promise.all([
    loadUserReferences(db, tenantUuid, rows.map((row) => row.owner_user_uuid)),
    loadLinks(db, tenantUuid, "NOTE", rows.map((row) => row.uuid), viewer),
  ]);
  return rows.map((row) => ({
    uuid: row.uuid,
    tenant_uuid: row.tenant_uuid,
    title: row.title,
    content: row.content,
    owner: row.owner_user_uuid ? (users.get(row.owner_user_uuid) ?? null) : null,
    associations: links.get(row.uuid) ?? [],
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  }));
}

export function createNoteRepository(context: RepositoryContext): NoteRepository {
  const { db, now, generateId } = context;
  const liveNotes = (executor: Kysely<Database>, tenantUuid: string) =>
    executor.selectFrom("notes").selectAll().where("tenant_uuid", "=", tenantUuid).where("deleted_at", "is", null);
  const getNote = async (executor: Kysely<Database>, tenantUuid: string, uuid: string, viewer: Viewer) => {
    const row = await liveNotes(executor, tenantUuid).where("uuid", "=", uuid).executeTakeFirst();
    return row ? (await hydrateNotes(executor, tenantUuid, [row], viewer))[0]! : null;
  };

  return {
    async create(input, viewer) {
      assertRequiredFields(input, ["tenant_uuid", "content"], "notes.create");
      assertNonBlankFields(input, ["content"], "notes.create");
      return withTransaction(db, async (transaction) => {
        const timestamp = now(input.tenant_uuid);
        const row: NotesTable = {
          uuid: generateId(),
          tenant_uuid: input.tenant_uuid,
          title: input.title ?? null,
          content: input.content,
          owner_user_uuid: input.owner_user_uuid ?? null,
          created_at: timestamp,
          updated_at: timestamp,
          deleted_at: null,
        };
        const links = (input.associations ?? []).map((link) => ({ type: link.entity_type, uuid: link.entity_uuid, context: link.context }));
        const missing = await missingLinkTarget(transaction, input.tenant_uuid, links, viewer);
        if (missing) throw new InvalidInputError(`associations: ${missing}`);
        await transaction.insertInto("notes").values(row).execute();
        await insertLinks({ ...context, db: transaction }, input.tenant_uuid, { type: "NOTE", uuid: row.uuid }, links);
        return (await getNote(transaction, input.tenant_uuid, row.uuid, viewer))!;
      });
    },
    get: (tenantUuid, uuid, viewer) => getNote(db, tenantUuid, uuid, viewer),
    async list(tenantUuid, request) {
      let query = liveNotes(db, tenantUuid);
      if (request.entity) {
        // Another user's PERSONAL task does not exist for this viewer: the notes linked to it would say it does.
        const { type, uuid } = request.entity;
        const hidden = type === "TASK" && !(await existingRecords(db, tenantUuid, "TASK", [uuid], request.viewer)).has(uuid);
        query = query.where(hidden ? sql<SqlBool>`0` : linkedToCondition(tenantUuid, "NOTE", "notes.uuid", request.entity));
      }
      if (request.updated_after !== undefined) query = query.where("notes.updated_at", ">=", request.updated_after);
      const page = await keysetPage(
        query,
        [
          { column: request.sort_by === "updated_at" ? "notes.updated_at" : "notes.created_at", direction: request.order },
          { column: "notes.uuid", direction: request.order },
        ],
        request,
      );
      return { ...page, rows: await hydrateNotes(db, tenantUuid, page.rows, request.viewer) };
    },
    async update(tenantUuid, uuid, changes, viewer, options = {}) {
      assertNonBlankFields(changes, ["content"], "notes.update");
      return withTransaction(db, async (transaction) => {
        const row = await liveNotes(transaction, tenantUuid).where("uuid", "=", uuid).executeTakeFirst();
        if (!row) return null;
        refuseAnotherUsersNote(row, options.asMember);
        const values = { title: changes.title === undefined ? row.title : changes.title, content: changes.content ?? row.content };
        // A write that changes nothing moves no `updated_at` (unchanged-write.ts).
        if (!sameColumns(row, { ...row, ...values }, [])) {
          await transaction.updateTable("notes").set({ ...values, updated_at: now(tenantUuid) }).where("tenant_uuid", "=", tenantUuid).where("uuid", "=", uuid).execute();
        }
        return getNote(transaction, tenantUuid, uuid, viewer);
      });
    },
    async delete(tenantUuid, uuid, options = {}) {
      return withTransaction(db, async (transaction) => {
        if (options.asMember !== undefined) {
          const row = await liveNotes(transaction, tenantUuid).where("uuid", "=", uuid).executeTakeFirst();
          if (!row) return false;
          refuseAnotherUsersNote(row, options.asMember);
        }
        const result = await transaction
          .updateTable("notes")
          .set({ deleted_at: now(tenantUuid) })
          .where("tenant_uuid", "=", tenantUuid)
          .where("uuid", "=", uuid)
          .where("deleted_at", "is", null)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return false;
        await deleteLinksOf(transaction, tenantUuid, "NOTE", [uuid], now(tenantUuid));
        return true;
      });
    },
  };
}
