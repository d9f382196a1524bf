/** Migration 0035: the user of a person is found through users_by_person, as every person merge looks it up. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { planOf, preparedDuring } from "../../testing/sqlite-plans.js";
import { createSqliteStore } from "../create-sqlite-store.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-users-person-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("migration 0035-users-person-index", () => {
  it("finds the user of a person, as every person merge does, by one seek of the index", async () => {
    const path = join(folder, "users.db");
    const store = await createSqliteStore({ path });
    try {
      const tenant = await store.tenants.create({ name: "Acme", tier: "standard" });
      const ada = await store.users.create({ tenant_uuid: tenant.uuid, name: "Ada", email: "ada@acme.example", role: "member" });
      const bob = await store.persons.create({ tenant_uuid: tenant.uuid, name: "Bob", emails: ["bob@globex.example"] });
      const statements = await preparedDuring(async () => {
        const refused = store.personMerges.merge({ tenant_uuid: tenant.uuid, canonical_uuid: bob.uuid, superseded_uuid: ada.person_uuid, preview: true, merged_by_user_uuid: null });
        await expect(refused).rejects.toThrow(/internal user's own record/);
      });
      // The store prepares a statement once: both persons' lookups show as one.
      const byPerson = [...new Set(statements.filter((source) => /from "users" where "tenant_uuid" = \? and "person_uuid" = \?/.test(source)))];
      expect(byPerson).toHaveLength(1);
      const sqlite = new SqliteDatabase(path, { readonly: true });
      try {
        const indexes = sqlite.prepare("select name from sqlite_master where type = 'index' and tbl_name = 'users' order by name").pluck().all();
        expect(indexes).toContain("users_by_person");
        expect(planOf(sqlite, byPerson[0]!)).toBe("SEARCH users USING INDEX users_by_person (person_uuid=? AND tenant_uuid=?)");
      } finally {
        sqlite.close();
      }
    } finally {
      await store.close();
    }
  });
});
