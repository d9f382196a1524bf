/** The OAuth authorization server's state: one row per stored object, indexed by grant, uid and user code. */
import type { OAuthModelsTable } from "../database-schema.js";
import type { OAuthModelRecord } from "../records.js";
import type { OAuthModelRepository } from "../store.js";
import { parseJson, withTransaction, type RepositoryContext } from "./repository-context.js";

function toRecord(row: OAuthModelsTable): OAuthModelRecord {
  return {
    model: row.model,
    id: row.id,
    payload: parseJson<Record<string, unknown>>(row.payload, {}),
    grant_id: row.grant_id,
    uid: row.uid,
    user_code: row.user_code,
    expires_at: row.expires_at === null ? null : Number(row.expires_at),
    consumed_at: row.consumed_at === null ? null : Number(row.consumed_at),
  };
}

export function createOAuthModelRepository({ db }: RepositoryContext): OAuthModelRepository {
  const findBy = async (model: string, column: "id" | "uid" | "user_code", value: string) => {
    const row = await db.selectFrom("oauth_models").selectAll().where("model", "=", model).where(column, "=", value).executeTakeFirst();
    return row ? toRecord(row) : null;
  };
  return {
    async upsert(record) {
      const row: OAuthModelsTable = {
        model: record.model,
        id: record.id,
        payload: JSON.stringify(record.payload),
        grant_id: record.grant_id,
        uid: record.uid,
        user_code: record.user_code,
        expires_at: record.expires_at,
        consumed_at: null,
      };
      await db
        .insertInto("oauth_models")
        .values(row)
        .onConflict((conflict) =>
          conflict.columns(["model", "id"]).doUpdateSet({
            payload: row.payload,
            grant_id: row.grant_id,
            uid: row.uid,
            user_code: row.user_code,
            expires_at: row.expires_at,
          }),
        )
        .execute();
    },
    find: (model, id) => findBy(model, "id", id),
    findByUid: (model, uid) => findBy(model, "uid", uid),
    findByUserCode: (model, userCode) => findBy(model, "user_code", userCode),
    async consume(model, id, at) {
      await db.updateTable("oauth_models").set({ consumed_at: at }).where("model", "=", model).where("id", "=", id).execute();
    },
    async destroy(model, id) {
      await db.deleteFrom("oauth_models").where("model", "=", model).where("id", "=", id).execute();
    },
    async revokeByGrantId(grantId) {
      const result = await db.deleteFrom("oauth_models").where("grant_id", "=", grantId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    async listIds(model) {
      const rows = await db.selectFrom("oauth_models").select("id").where("model", "=", model).execute();
      return rows.map((row) => row.id);
    },
    rekey(model, fromId, toId, payload) {
      return withTransaction(db, async (transaction) => {
        const byId = (id: string) => transaction.selectFrom("oauth_models").select("id").where("model", "=", model).where("id", "=", id);
        if (!(await byId(fromId).executeTakeFirst())) return false;
        if (toId !== fromId && (await byId(toId).executeTakeFirst())) {
          await transaction.deleteFrom("oauth_models").where("model", "=", model).where("id", "=", fromId).execute();
        } else {
          await transaction
            .updateTable("oauth_models")
            .set({ id: toId, payload: JSON.stringify(payload) })
            .where("model", "=", model)
            .where("id", "=", fromId)
            .execute();
        }
        return true;
      });
    },
    async deleteExpired(before) {
      const result = await db.deleteFrom("oauth_models").where("expires_at", "<", before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
