/** Files: metadata in `files`, bytes in `file_contents` (a SQLite blob), written together. */
import { withWriteStamp } from "./write-stamps.js";
import { createHash } from "node:crypto";
import type { FilesTable } from "../database-schema.js";
import type { StoredFile } from "../deal-records.js";
import type { FileRepository } from "../deal-store.js";
import { ForbiddenError } from "../errors.js";
import { deleteLinksOf } from "./association-repository.js";
import { loadUserReferences } from "./record-references.js";
import { withTransaction, type RepositoryContext } from "./repository-context.js";

export function createFileRepository({ db, now, generateId }: RepositoryContext): FileRepository {
  const toFile = async (row: FilesTable): Promise<StoredFile> => {
    const users = await loadUserReferences(db, row.tenant_uuid, [row.uploaded_by_user_uuid]);
    return {
      uuid: row.uuid,
      tenant_uuid: row.tenant_uuid,
      filename: row.filename,
      content_type: row.content_type,
      size_bytes: Number(row.size_bytes),
      sha256: row.sha256,
      uploaded_by: row.uploaded_by_user_uuid ? (users.get(row.uploaded_by_user_uuid) ?? null) : null,
      created_at: Number(row.created_at),
    };
  };

  return {
    async create(input) {
      const row: FilesTable = {
        uuid: generateId(),
        tenant_uuid: input.tenant_uuid,
        filename: input.filename,
        content_type: input.content_type,
        size_bytes: input.content.byteLength,
        sha256: createHash("sha256").update(input.content).digest("hex"),
        uploaded_by_user_uuid: input.uploaded_by_user_uuid ?? null,
        created_at: now(input.tenant_uuid),
      };
      await withTransaction(db, async (transaction) => {
        await transaction.insertInto("files").values(row).execute();
        await transaction
          .insertInto("file_contents")
          .values({ file_uuid: row.uuid, tenant_uuid: row.tenant_uuid, content: Buffer.from(input.content) })
          .execute();
      });
      return toFile(row);
    },
    async get(tenantUuid, fileUuid) {
      const row = await db.selectFrom("files").selectAll().where("tenant_uuid", "=", tenantUuid).where("uuid", "=", fileUuid).executeTakeFirst();
      return row ? toFile(row) : null;
    },
    async content(tenantUuid, fileUuid) {
      const row = await db
        .selectFrom("file_contents")
        .select("content")
        .where("tenant_uuid", "=", tenantUuid)
        .where("file_uuid", "=", fileUuid)
        .executeTakeFirst();
      return row ? new Uint8Array(row.content) : null;
    },
    async delete(tenantUuid, fileUuid, options = {}) {
      return withTransaction(db, async (transaction) => {
        if (options.asMember !== undefined) {
          const row = await transaction
            .selectFrom("files")
            .select("uploaded_by_user_uuid")
            .where("tenant_uuid", "=", tenantUuid)
            .where("uuid", "=", fileUuid)
            .executeTakeFirst();
          if (!row) return false;
          if (row.uploaded_by_user_uuid !== options.asMember) {
            throw new ForbiddenError("only the user who uploaded the file or an administrator may delete it");
          }
        }
        const stamp = now(tenantUuid);
        const deleted = () => transaction.deleteFrom("files").where("tenant_uuid", "=", tenantUuid).where("uuid", "=", fileUuid).executeTakeFirst();
        const result = await withWriteStamp(transaction, tenantUuid, stamp, deleted);
        if (Number(result.numDeletedRows) === 0) return false;
        await transaction.deleteFrom("file_contents").where("tenant_uuid", "=", tenantUuid).where("file_uuid", "=", fileUuid).execute();
        await deleteLinksOf(transaction, tenantUuid, "FILE", [fileUuid], stamp);
        return true;
      });
    },
  };
}
