/** Deployment-wide settings kept in the database (the cursor signing secret, for one). */
import type { SettingsRepository } from "../store.js";
import type { RepositoryContext } from "./repository-context.js";

export function createSettingsRepository({ db }: RepositoryContext): SettingsRepository {
  const get = async (key: string) => {
    const row = await db.selectFrom("settings").select("value").where("key", "=", key).executeTakeFirst();
    return row?.value ?? null;
  };
  return {
    get,
    async getOrCreate(key, create) {
      // Read first: a stored value then needs no write, so it is read while another process holds the write lock,
      // or on a full disk or a read-only file (each first list of a server reads the cursor secret so).
      const stored = await get(key);
      if (stored !== null) return stored;
      await db
        .insertInto("settings")
        .values({ key, value: create() })
        .onConflict((conflict) => conflict.column("key").doNothing())
        .execute();
      const value = await get(key);
      if (value === null) throw new Error(`settings: ${key} vanished right after it was stored`);
      return value;
    },
    async set(key, value) {
      await db
        .insertInto("settings")
        .values({ key, value })
        .onConflict((conflict) => conflict.column("key").doUpdateSet({ value }))
        .execute();
    },
  };
}
