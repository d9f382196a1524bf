/**
 * The statements of `persons.addFreeAddresses` (one a contact card a contact import matched), planned under statistics
 * like benchmark scale L's: each seeks its addresses, or the person's, by key, never walking the tenant's addresses.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { useScaleLStatistics } from "../testing/scale-l-statistics.js";
import { planOf, preparedDuring, tenantWalksIn, withInListsOf } from "../testing/sqlite-plans.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-further-addresses-plans-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("a contact card's further addresses, under statistics like scale L's", () => {
  it("are sought by key, as is the person's first address", async () => {
    const path = join(folder, "plans.db");
    const store = await createSqliteStore({ path });
    let statements: string[];
    try {
      const tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
      const ada = await store.persons.create({ tenant_uuid: tenantUuid, name: "Ada", emails: ["ada@acme.example"] });
      statements = await preparedDuring(() => store.persons.addFreeAddresses(tenantUuid, ada.uuid, ["ada@acme.example", "ada@home.example", "a.park@globex.example"]));
    } finally {
      await store.close();
    }
    const sqlite = new SqliteDatabase(path);
    try {
      useScaleLStatistics(sqlite, ["persons", "person_emails"]);
      const reads = statements.filter((source) => /^select .* from "person_emails"/.test(source));
      expect(reads.length).toBe(2);
      for (const source of reads) {
        const plan = planOf(sqlite, withInListsOf(source, 50));
        expect(tenantWalksIn(plan), plan).toEqual([]);
        expect(plan).toMatch(/USING (COVERING )?INDEX (sqlite_autoindex_person_emails_1 \(tenant_uuid=\? AND address=\?\)|person_emails_by_person \(person_uuid=\?)/);
      }
    } finally {
      sqlite.close();
    }
  });
});
