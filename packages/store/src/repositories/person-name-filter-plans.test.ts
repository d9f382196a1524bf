/**
 * The person list filtered by `name`, planned under statistics like benchmark scale L's (200,000 persons, a
 * thousand guessed per tenant): the page and its total start from the persons the name index finds, each sought
 * by key, in every sort and from a cursor too, never walking the tenant's persons to test each name.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { registerFoldName } from "./fold-name.js";
import { PERSON_SORT_FIELDS } from "../store.js";
import { useScaleLStatistics } from "../testing/scale-l-statistics.js";
import { planOf, preparedDuring, tenantWalksIn } from "../testing/sqlite-plans.js";

const NOW = Date.UTC(2026, 0, 15);
const folder = mkdtempSync(join(tmpdir(), "rapport-person-name-plans-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("the person list's name filter, under statistics like scale L's", () => {
  it("reads the name index's matches for the page and the total, in every sort, by offset and by cursor", async () => {
    const path = join(folder, "plans.db");
    const store = await createSqliteStore({ path, now: () => NOW });
    let statements: string[];
    try {
      const tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
      for (const name of ["Jordan Blake", "Jordan Blakely", "Casey Blake", "Dana Moss"]) await store.persons.create({ tenant_uuid: tenantUuid, name });
      statements = await preparedDuring(async () => {
        for (const sort_by of PERSON_SORT_FIELDS) {
          for (const order of ["asc", "desc"] as const) {
            for (const filters of [{ name: "blake jordan" }, { name: "blake", modified_since: NOW - 1 }]) {
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
      useScaleLStatistics(sqlite, ["persons", "name_search_pending"]);
      const filtered = statements.filter((source) => /from "persons"/.test(source) && source.includes("person_name_search"));
      // Per sort and order: a page and a total for each filter, a page from the cursor for each.
      expect(filtered.length).toBeGreaterThanOrEqual(PERSON_SORT_FIELDS.length * 2 * 2);
      for (const source of filtered) {
        const plan = planOf(sqlite, source);
        expect(plan, source).toContain("SCAN person_name_search VIRTUAL TABLE");
        expect(tenantWalksIn(plan), `${source}\n${plan}`).toEqual([]);
        // Each match by its key: a walk of the sort's index from a cursor (a range, which tenantWalksIn lets pass)
        // would read the tenant's persons from there to the end.
        expect(plan.split("; ")[0], `${source}\n${plan}`).toBe("SEARCH persons USING INDEX sqlite_autoindex_persons_1 (uuid=?)");
      }
    } finally {
      sqlite.close();
    }
  });
  it("seeks a misspelt name's fuzzy matches by key for the page and the total, in every sort and from a cursor", async () => {
    const path = join(folder, "fuzzy-plans.db");
    const store = await createSqliteStore({ path, now: () => NOW });
    let statements: string[];
    try {
      const tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
      for (const name of ["Jordan Blake", "Jordan Blakely", "Casey Blake", "Dana Moss"]) await store.persons.create({ tenant_uuid: tenantUuid, name });
      statements = await preparedDuring(async () => {
        for (const sort_by of [undefined, ...PERSON_SORT_FIELDS]) {
          const request = { filters: { name: "jordn blak" }, sort_by, order: "asc" as const, limit: 1 };
          const first = await store.persons.list(tenantUuid, { ...request, position: { kind: "offset", offset: 0 } });
          expect(first.rows).toHaveLength(1);
          const next = await store.persons.list(tenantUuid, { ...request, position: { kind: "after", key: first.lastKey! } });
          expect(next.rows).toHaveLength(1);
        }
      });
    } finally {
      await store.close();
    }
    const sqlite = new SqliteDatabase(path);
    registerFoldName(sqlite);
    try {
      useScaleLStatistics(sqlite, ["persons", "name_search_pending"]);
      const fuzzy = statements.filter((source) => /from "persons"/.test(source) && source.includes("json_each"));
      // A page and a total by offset, a page from the cursor, for closest first and each sort.
      expect(fuzzy.length).toBeGreaterThanOrEqual((PERSON_SORT_FIELDS.length + 1) * 2);
      for (const source of fuzzy) {
        const plan = planOf(sqlite, source);
        expect(tenantWalksIn(plan), `${source}\n${plan}`).toEqual([]);
        expect(plan, `${source}\n${plan}`).toContain("SEARCH persons USING INDEX sqlite_autoindex_persons_1 (uuid=?)");
      }
    } finally {
      sqlite.close();
    }
  });
  it("seeks an email address given as the name by the addresses' key, and its owners by key, in every sort and from a cursor", async () => {
    const path = join(folder, "email-plans.db");
    const store = await createSqliteStore({ path, now: () => NOW });
    let statements: string[];
    try {
      const tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
      await store.persons.create({ tenant_uuid: tenantUuid, name: "Jordan Blake", emails: ["jordan@acme.example"] });
      await store.persons.create({ tenant_uuid: tenantUuid, name: "Jordan B.", emails: ["jordan.b@acme.example"] });
      statements = await preparedDuring(async () => {
        for (const sort_by of [undefined, ...PERSON_SORT_FIELDS]) {
          const request = { filters: { name: "jordan@acme.example" }, sort_by, order: "asc" as const, limit: 1 };
          const first = await store.persons.list(tenantUuid, { ...request, position: { kind: "offset", offset: 0 } });
          expect(first.rows).toHaveLength(1);
          await store.persons.list(tenantUuid, { ...request, position: { kind: "after", key: first.lastKey! } });
        }
      });
    } finally {
      await store.close();
    }
    const sqlite = new SqliteDatabase(path);
    registerFoldName(sqlite);
    try {
      useScaleLStatistics(sqlite, ["persons", "person_emails", "name_search_pending"]);
      const byAddress = statements.filter((source) => /from "persons"/.test(source) && source.includes('from "person_emails"'));
      // At least one page per sort (statements alike are prepared once).
      expect(byAddress.length).toBeGreaterThanOrEqual(PERSON_SORT_FIELDS.length + 1);
      for (const source of byAddress) {
        const plan = planOf(sqlite, source);
        expect(tenantWalksIn(plan), `${source}\n${plan}`).toEqual([]);
        expect(plan, `${source}\n${plan}`).toMatch(/SEARCH person_emails USING (PRIMARY KEY|INDEX sqlite_autoindex_person_emails_1) \(tenant_uuid=\? AND address=\?\)/);
        expect(plan, `${source}\n${plan}`).toContain("SEARCH persons USING INDEX sqlite_autoindex_persons_1 (uuid=?)");
      }
    } finally {
      sqlite.close();
    }
  });
});
