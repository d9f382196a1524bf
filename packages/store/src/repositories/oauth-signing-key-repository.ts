/** The OAuth authorization server's signing keys, generated on first start (or by a rotation) and kept here. */
import type { OAuthSigningKeyRepository } from "../store.js";
import { parseJson, type RepositoryContext } from "./repository-context.js";

export function createOAuthSigningKeyRepository({ db, now }: RepositoryContext): OAuthSigningKeyRepository {
  return {
    async list() {
      const rows = await db.selectFrom("oauth_signing_keys").selectAll().orderBy("created_at").orderBy("kid").execute();
      return rows.map((row) => ({
        kid: row.kid,
        private_jwk: parseJson<Record<string, unknown>>(row.private_jwk, {}),
        created_at: Number(row.created_at),
      }));
    },
    async add({ kid, private_jwk }) {
      await db
        .insertInto("oauth_signing_keys")
        .values({ kid, private_jwk: JSON.stringify(private_jwk), created_at: now() })
        .onConflict((conflict) => conflict.column("kid").doNothing())
        .execute();
    },
    async remove(kid) {
      const result = await db.deleteFrom("oauth_signing_keys").where("kid", "=", kid).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
