/**
 * Migration 0085: the company tag rows written before 2026-12-07 in their lower case ("υγεία", "i̇zmir") hold the tag's
 * key after it, which is all a filter seeks; a deleted tenant's rows are left.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { createSqliteStore } from "../create-sqlite-store.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-0085-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("migration 0085-company-tag-keys", () => {
  it("writes the tag rows of the filters in their key, where rows written before held the tag's lower case", async () => {
    const path = join(folder, "rapport.db");
    let store = await createSqliteStore({ path });
    const tenant = (await store.tenants.create({ name: "Bank", tier: "standard" })).uuid;
    const gone = (await store.tenants.create({ name: "Gone", tier: "standard" })).uuid;
    const clinic = (
      await store.companies.create({ tenant_uuid: tenant, company_name: "Klinik", service_industry_tags: ["Υγεία", "İzmir", "ＡＩ", "SaaS"], investor_types: ["Straße"] })
    ).uuid;
    const left = (await store.companies.create({ tenant_uuid: gone, company_name: "Left", service_industry_tags: ["Υγεία"] })).uuid;
    await store.close();

    // As the release before wrote them: each tag lower-cased (a deleted tenant's rows refuse writes: made so after).
    const sqlite = new SqliteDatabase(path);
    const lowerCased = sqlite.prepare("update company_tags set value = ? where company_uuid = ? and value = ?");
    for (const [value, key] of [["υγεία", "υγεια"], ["i̇zmir", "izmir"], ["ａｉ", "ai"]]) lowerCased.run(value, clinic, key);
    lowerCased.run("straße", clinic, "strasse");
    lowerCased.run("υγεία", left, "υγεια");
    sqlite.prepare("update tenants set deleted_at = 1 where uuid = ?").run(gone);
    sqlite.prepare("delete from kysely_migration where name = '0085-company-tag-keys'").run();
    sqlite.close();

    store = await createSqliteStore({ path });
    try {
      const stored = new SqliteDatabase(path, { readonly: true });
      const rows = (company: string) => stored.prepare("select kind, value from company_tags where company_uuid = ? order by kind, value").all(company);
      try {
        expect(rows(clinic)).toEqual([
          { kind: "industry", value: "ai" },
          { kind: "industry", value: "izmir" },
          { kind: "industry", value: "saas" },
          { kind: "industry", value: "υγεια" },
          { kind: "investor_type", value: "strasse" },
        ]);
        expect(rows(left)).toEqual([{ kind: "industry", value: "υγεία" }]);
      } finally {
        stored.close();
      }
      const found = async (filters: object) =>
        (await store.companies.list(tenant, { filters, sort_by: "created_at", order: "asc", position: { kind: "offset", offset: 0 }, limit: 10 })).rows.map((row) => row.uuid);
      expect(await found({ industry_tags: { values: ["ΥΓΕΙΑ", "izmir", "AI"], operator: "AND" } })).toEqual([clinic]);
      expect(await found({ investor_types: ["STRASSE"] })).toEqual([clinic]);
    } finally {
      await store.close();
    }
  });
});
