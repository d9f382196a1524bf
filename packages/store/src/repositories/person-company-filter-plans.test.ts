/**
 * The person list filtered by `company_uuid`, planned under statistics like benchmark scale L's (200,000 persons
 * and affiliations): the page and its total start from the company's current affiliations in their index, each
 * person sought by key, in every sort, alone or with the other filters, and from a cursor too, never walking the
 * tenant's persons to test each one's affiliations.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { PERSON_SORT_FIELDS, type PersonListFilters } from "../store.js";
import { useScaleLStatistics } from "../testing/scale-l-statistics.js";
import { planOf, preparedDuring, tenantWalksIn } from "../testing/sqlite-plans.js";
import { registerFoldName } from "./fold-name.js";

const NOW = Date.UTC(2026, 0, 15);
const folder = mkdtempSync(join(tmpdir(), "rapport-person-company-plans-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("the person list's company_uuid filter, under statistics like scale L's", () => {
  it("reads the company's current affiliations for the page and the total, in every sort, by offset and by cursor", async () => {
    const path = join(folder, "plans.db");
    const store = await createSqliteStore({ path, now: () => NOW });
    let statements: string[];
    const filterSetCount = 4;
    try {
      const tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
      const company = (await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Northwind" })).uuid;
      const named = [];
      for (const name of ["Jordan Blake", "Casey Blake", "Dana Moss"]) {
        named.push(await store.persons.create({ tenant_uuid: tenantUuid, name, primary_company_uuid: company }));
      }
      const filterSets: PersonListFilters[] = [
        { company_uuid: company },
        { company_uuid: company, modified_since: NOW - 1 },
        { company_uuid: company, name: "blake" },
        { company_uuid: company, uuids: named.map((person) => person.uuid) },
      ];
      expect(filterSets).toHaveLength(filterSetCount);
      statements = await preparedDuring(async () => {
        for (const sort_by of PERSON_SORT_FIELDS) {
          for (const order of ["asc", "desc"] as const) {
            for (const filters of filterSets) {
              const request = { filters, sort_by, order, limit: 1 };
              const first = await store.persons.list(tenantUuid, { ...request, position: { kind: "offset", offset: 0 } });
              expect(first.rows).toHaveLength(1);
              const next = await store.persons.list(tenantUuid, { ...request, position: { kind: "after", key: first.lastKey! } });
              expect(next.rows).toHaveLength(1);
            }
          }
        }
      });
    } finally {
      await store.close();
    }
    const sqlite = new SqliteDatabase(path);
    registerFoldName(sqlite);
    try {
      useScaleLStatistics(sqlite, ["persons", "affiliations", "name_search_pending"]);
      const filtered = statements.filter((source) => /from "persons"/.test(source) && /from "affiliations"/.test(source));
      // Per sort and order: a page and a total for each filter set, a page from the cursor for each.
      expect(filtered.length).toBeGreaterThanOrEqual(PERSON_SORT_FIELDS.length * 2 * filterSetCount);
      for (const source of filtered) {
        const plan = planOf(sqlite, source);
        expect(plan, source).toMatch(/SEARCH affiliations USING COVERING INDEX affiliations_tenant_company_current \(tenant_uuid=\? AND company_uuid=\? AND is_current=\?\)/);
        expect(tenantWalksIn(plan), `${source}\n${plan}`).toEqual([]);
        // Each member by its key: a walk of the sort's index (from a cursor, a range tenantWalksIn lets pass)
        // would read the tenant's persons from there to the end.
        expect(plan, `${source}\n${plan}`).toMatch(/SEARCH persons USING INDEX sqlite_autoindex_persons_1 \(uuid=\?\)/);
        expect(plan, `${source}\n${plan}`).not.toMatch(/(SCAN|SEARCH) persons USING (COVERING )?INDEX (?!sqlite_autoindex_persons_1 )/);
        expect(plan, `${source}\n${plan}`).not.toMatch(/SCAN persons\b/);
      }
    } finally {
      sqlite.close();
    }
  });
});
