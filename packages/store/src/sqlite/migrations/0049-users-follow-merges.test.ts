import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { createSqliteStore } from "../create-sqlite-store.js";
import { usersFollowMergesMigration } from "./0049-users-follow-merges.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-0049-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const NOW = Date.UTC(2026, 0, 15);

describe("migration 0049-users-follow-merges", () => {
  it("moves a deactivated user to the person theirs was merged into, unless that person is another user's", async () => {
    const path = join(folder, "users.db");
    const store = await createSqliteStore({ path, now: () => NOW });
    const tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
    const user = (name: string) => store.users.create({ tenant_uuid: tenantUuid, name, email: `${name.toLowerCase()}@acme.example`, role: "member" });
    const [ada, ben, cleo] = [await user("Ada"), await user("Ben"), await user("Cleo")];
    const contact = await store.persons.create({ tenant_uuid: tenantUuid, name: "Ben Okafor", emails: ["ben@home.example"] });
    await store.users.deactivate(tenantUuid, ben.uuid);
    await store.users.deactivate(tenantUuid, cleo.uuid);
    await store.close();

    const sqlite = new SqliteDatabase(path);
    // What merges before this release left: Ben's person merged into a contact, Cleo's into Ada's (refused since).
    const mergedBehindTheStore = sqlite.prepare("update persons set deleted_at = 1, merged_into_uuid = ? where uuid = ?");
    mergedBehindTheStore.run(contact.uuid, ben.person_uuid);
    mergedBehindTheStore.run(ada.person_uuid, cleo.person_uuid);
    const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqlite }) });
    try {
      const before = Date.now();
      await usersFollowMergesMigration.up(db);
      const rows = sqlite.prepare("select uuid, person_uuid, updated_at from users order by name").all() as Array<{ uuid: string; person_uuid: string; updated_at: number }>;
      expect(rows.map(({ uuid, person_uuid }) => ({ uuid, person_uuid }))).toEqual([
        { uuid: ada.uuid, person_uuid: ada.person_uuid },
        { uuid: ben.uuid, person_uuid: contact.uuid },
        { uuid: cleo.uuid, person_uuid: cleo.person_uuid },
      ]);
      expect(rows[1]!.updated_at).toBeGreaterThanOrEqual(before);
      expect(rows[0]!.updated_at).toBe(NOW);
      expect(rows[2]!.updated_at).toBe(NOW);
    } finally {
      await db.destroy();
    }
  });
});
