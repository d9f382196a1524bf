/**
 * `mergedAwayPersons` finds where merged-away persons went, for the refusals that name them, within one tenant;
 * under statistics like benchmark scale L's it seeks each uuid instead of walking the tenant or every merge.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { Kysely } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import type { Database } from "../database-schema.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { ImmediateTransactionsSqliteDialect } from "../sqlite/immediate-transactions.js";
import { useScaleLStatistics } from "../testing/scale-l-statistics.js";
import { planOf, readDuring } from "../testing/sqlite-plans.js";
import { mergedAwayNote, mergedAwayPersons } from "./merged-away-persons.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-merged-away-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("mergedAwayPersons", () => {
  it("answers the person each merged-away uuid went to, of this tenant only, seeking each uuid", async () => {
    const path = join(folder, "merged.db");
    const store = await createSqliteStore({ path });
    const merge = (tenantUuid: string, canonical: string, superseded: string) =>
      store.personMerges.merge({ tenant_uuid: tenantUuid, canonical_uuid: canonical, superseded_uuid: superseded, preview: false, merged_by_user_uuid: null });
    const acme = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
    const other = (await store.tenants.create({ name: "Other", tier: "standard" })).uuid;
    const [jordan, duplicate, live] = await Promise.all(["Jordan", "J.", "Kim"].map(async (name) => (await store.persons.create({ tenant_uuid: acme, name })).uuid));
    const [theirs, theirDuplicate] = await Promise.all(["Zelda", "Z."].map(async (name) => (await store.persons.create({ tenant_uuid: other, name })).uuid));
    await merge(acme, jordan!, duplicate!);
    await merge(other, theirs!, theirDuplicate!);
    await store.close();

    const sqlite = new SqliteDatabase(path);
    const db = new Kysely<Database>({ dialect: new ImmediateTransactionsSqliteDialect({ database: sqlite }) });
    try {
      const uuids = [duplicate!, live!, theirDuplicate!, "00000000-0000-4000-8000-000000000000"];
      let found = new Map<string, string>();
      const statements = await readDuring(async () => (found = await mergedAwayPersons(db, acme, uuids)));
      expect(found).toEqual(new Map([[duplicate!, jordan!]]));
      expect(mergedAwayNote(found.get(duplicate!))).toBe(`: it was merged into person ${jordan}`);
      expect(mergedAwayNote(found.get(theirDuplicate!))).toBe("");

      useScaleLStatistics(sqlite, ["persons"]);
      const lookups = statements.filter((source) => /from "persons"/.test(source));
      expect(lookups).toHaveLength(1);
      expect(planOf(sqlite, lookups[0]!)).toMatch(/^SEARCH persons USING INDEX sqlite_autoindex_persons_1 \(uuid=\?\)$/);
    } finally {
      await db.destroy();
    }
  });
});
