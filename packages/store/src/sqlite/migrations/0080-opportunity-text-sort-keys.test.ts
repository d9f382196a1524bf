/**
 * Migration 0080: opportunities and users already there get the keys of the text sorts, a deleted tenant's rows (which
 * refuse writes) are left as they are, nothing a client polls moves, and the list reads the alphabetical order at once.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { OpportunitySortField } from "../../deal-store.js";
import { createSqliteStore } from "../create-sqlite-store.js";

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), "rapport-0080-"));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

/** Takes the keys out of the database and puts migration 0080 back to pending. */
function asBeforeMigration(path: string): void {
  const sqlite = new SqliteDatabase(path);
  try {
    sqlite.exec(`alter table opportunities drop column name_sort_key; alter table opportunities drop column details_sort_key;
      alter table opportunities drop column next_step_sort_key; alter table users drop column name_sort_key;
      delete from kysely_migration where name = '0080-opportunity-text-sort-keys'`);
  } finally {
    sqlite.close();
  }
}

/** What a client could see move: the triggers (each table's in firing order), change generations and change times. */
function visibleState(path: string): unknown {
  const sqlite = new SqliteDatabase(path, { readonly: true });
  try {
    return {
      triggers: sqlite.prepare("select name, sql from sqlite_master where type = 'trigger' order by tbl_name, rowid").all(),
      generations: sqlite.prepare("select * from change_generations order by tenant_uuid, scope").all(),
      stamps: sqlite.prepare("select uuid, updated_at from opportunities union all select uuid, updated_at from users order by 1").all(),
    };
  } finally {
    sqlite.close();
  }
}

function keysOf(path: string): { opportunities: Map<string, unknown[]>; users: Map<string, string> } {
  const sqlite = new SqliteDatabase(path, { readonly: true });
  try {
    const opportunities = sqlite.prepare("select uuid, name_sort_key, details_sort_key, next_step_sort_key from opportunities").raw().all() as unknown[][];
    const users = sqlite.prepare("select uuid, name_sort_key from users").raw().all() as Array<[string, string]>;
    return { opportunities: new Map(opportunities.map(([uuid, ...keys]) => [uuid as string, keys])), users: new Map(users) };
  } finally {
    sqlite.close();
  }
}

describe("migration 0080-opportunity-text-sort-keys", () => {
  it("has a key written by hand mended by the row's next write, even one that changes nothing, which moves no change time", async () => {
    const path = join(folder, "rapport.db");
    const store = await createSqliteStore({ path });
    try {
      const acme = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
      const type = await store.opportunityTypes.create({ tenant_uuid: acme, label: "Deal" });
      const stage = await store.opportunityStages.create({ tenant_uuid: acme, type_uuid: type.uuid, stage_type: "PARENT", name: "Lead" });
      const deal = await store.opportunities.create({ tenant_uuid: acme, name: "Émile", details: "Öl", type_uuid: type.uuid, stage_uuid: stage.uuid }, { user_uuid: null });
      const byHand = new SqliteDatabase(path);
      byHand.prepare("update opportunities set name_sort_key = 'zzz', details_sort_key = null where uuid = ?").run(deal.uuid);
      byHand.close();
      const before = visibleState(path);
      const written = await store.opportunities.update(acme, deal.uuid, { name: "Émile", details: "Öl" }, { user_uuid: null }, { user_uuid: null });
      expect(written?.updated_at).toBe(deal.updated_at);
      expect(keysOf(path).opportunities.get(deal.uuid)).toEqual(["emile", "ol", null]);
      expect(visibleState(path)).toEqual(before);
    } finally {
      await store.close();
    }
  });

  it("gives the opportunities and users already there their texts' keys, a deleted tenant's left as they are, and moves no change time", async () => {
    const path = join(folder, "rapport.db");
    let store = await createSqliteStore({ path });
    const acme = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
    const gone = (await store.tenants.create({ name: "Gone", tier: "standard" })).uuid;
    const user = (tenant: string, name: string, email: string) => store.users.create({ tenant_uuid: tenant, name, email, role: "member" });
    const zoltan = await user(acme, "Zoltán", "zoltan@acme.test");
    const abel = await user(acme, "Ábel", "abel@acme.test");
    const goneUser = await user(gone, "Émile", "emile@gone.test");
    const opportunity = async (tenant: string, name: string, details: string | null, owner: string | null) => {
      const type = await store.opportunityTypes.create({ tenant_uuid: tenant, label: `Deal ${name}` });
      const stage = await store.opportunityStages.create({ tenant_uuid: tenant, type_uuid: type.uuid, stage_type: "PARENT", name: "Lead" });
      const created = await store.opportunities.create(
        { tenant_uuid: tenant, name, details, next_step: details === null ? "Call" : null, type_uuid: type.uuid, stage_uuid: stage.uuid, owner_user_uuid: owner },
        { user_uuid: null },
      );
      return created.uuid;
    };
    const zeta = await opportunity(acme, "Zeta", "Österreich first", zoltan.uuid);
    const emile = await opportunity(acme, "Émile", null, abel.uuid);
    const goneDeal = await opportunity(gone, "Ärzte", "Öl", goneUser.uuid);
    expect(await store.tenants.delete(gone)).toBe(true);
    await store.close();
    asBeforeMigration(path);
    const before = visibleState(path);

    store = await createSqliteStore({ path });
    try {
      expect(visibleState(path)).toEqual(before);
      const keys = keysOf(path);
      expect(keys.opportunities).toEqual(
        new Map([
          [zeta, ["zeta", "osterreich first", null]],
          [emile, ["emile", null, "call"]],
          [goneDeal, ["", null, null]],
        ]),
      );
      expect([zoltan, abel, goneUser].map((row) => keys.users.get(row.uuid))).toEqual(["zoltan", "abel", ""]);
      const namesBy = async (sortBy: OpportunitySortField) =>
        (await store.opportunities.list(acme, { position: { kind: "offset", offset: 0 }, limit: 10, filters: {}, sort_by: sortBy, order: "asc", viewer: { user_uuid: null } })).rows.map(
          (row) => row.name,
        );
      expect(await namesBy("name")).toEqual(["Émile", "Zeta"]);
      expect(await namesBy("owner")).toEqual(["Émile", "Zeta"]);
      expect(await namesBy("details")).toEqual(["Zeta", "Émile"]);
    } finally {
      await store.close();
    }
  });
});
