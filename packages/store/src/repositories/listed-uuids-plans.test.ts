/**
 * Statements named by a list of keys together with the tenant (`uuids=` of the person and company lists, the
 * stamp of opportunities whose links changed, an import's LinkedIn keys), planned under statistics like benchmark
 * scale L's (a thousand rows guessed per tenant): each seeks its rows by key, where `tenant_uuid = ? and uuid in
 * (500 values)` walked every row of the tenant in an index led by the tenant (the sort's, to skip sorting).
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import type { Database } from "../database-schema.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { useScaleLStatistics } from "../testing/scale-l-statistics.js";
import { planOf, tenantWalksIn, preparedDuring } from "../testing/sqlite-plans.js";
import { stampOpportunitiesChanged } from "./opportunity-change-stamp.js";

const NOW = Date.UTC(2026, 0, 15);
const folder = mkdtempSync(join(tmpdir(), "rapport-listed-uuids-plans-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const firstPage = { position: { kind: "offset" as const, offset: 0 }, limit: 10 };
/** 499 uuids of nothing: with the record's, as many as the planner weighs against walking the tenant. */
const others = Array.from({ length: 499 }, () => randomUUID());


describe("statements named by many uuids, under statistics like scale L's", () => {
  it("the person and company lists filtered by uuids, and the stamp of linked opportunities, seek each uuid", async () => {
    const path = join(folder, "plans.db");
    const store = await createSqliteStore({ path, now: () => NOW });
    const statements: string[] = [];
    try {
      const tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
      const ada = await store.persons.create({ tenant_uuid: tenantUuid, name: "Ada" });
      await store.persons.create({ tenant_uuid: tenantUuid, name: "Bob" });
      const initech = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Initech", domain: "initech.com" });
      await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Globex", domain: "globex.com" });
      statements.push(
        ...(await preparedDuring(async () => {
          const persons = await store.persons.list(tenantUuid, { ...firstPage, filters: { uuids: [ada.uuid, ...others] }, sort_by: "name", order: "asc" });
          expect(persons.rows.map((person) => person.uuid)).toEqual([ada.uuid]);
          const companies = await store.companies.list(tenantUuid, { ...firstPage, filters: { uuids: [initech.uuid, ...others] }, sort_by: "company_name", order: "asc" });
          expect(companies.rows.map((company) => company.uuid)).toEqual([initech.uuid]);
        })),
      );
    } finally {
      await store.close();
    }
    const sqlite = new SqliteDatabase(path);
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    try {
      statements.push(...(await preparedDuring(() => stampOpportunitiesChanged(db, randomUUID(), [randomUUID(), ...others], NOW))));
      useScaleLStatistics(sqlite, ["persons", "companies", "opportunities"]);
      const named = statements.filter((source) => /from "(persons|companies)"|update "opportunities"/.test(source) && /"uuid" in \(/.test(source));
      expect(named.filter((source) => /from "persons"/.test(source)).length).toBeGreaterThan(0);
      expect(named.filter((source) => /from "companies"/.test(source)).length).toBeGreaterThan(0);
      expect(named.filter((source) => /update "opportunities"/.test(source)).length).toBe(1);
      for (const source of named) expect(tenantWalksIn(planOf(sqlite, source)), source.slice(0, 160)).toEqual([]);
    } finally {
      await db.destroy();
    }
  });

  it("findByLinkedinUrls (an import's rows) seeks each LinkedIn key", async () => {
    const path = join(folder, "linkedin.db");
    const store = await createSqliteStore({ path, now: () => NOW });
    let statements: string[];
    try {
      const tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
      const jane = await store.persons.create({ tenant_uuid: tenantUuid, name: "Jane", linkedin_url: "https://www.linkedin.com/in/jane" });
      const urls = ["linkedin.com/in/jane", ...others.map((uuid) => `linkedin.com/in/${uuid}`)];
      statements = await preparedDuring(async () => {
        expect(await store.persons.findByLinkedinUrls(tenantUuid, urls)).toEqual(new Map([["linkedin.com/in/jane", [jane.uuid]]]));
      });
    } finally {
      await store.close();
    }
    const sqlite = new SqliteDatabase(path);
    try {
      useScaleLStatistics(sqlite, ["persons"]);
      const reads = statements.filter((source) => /linkedin_key/.test(source));
      expect(reads.length).toBe(1);
      expect(planOf(sqlite, reads[0]!)).toMatch(/SEARCH p USING INDEX persons_tenant_linkedin_key \(tenant_uuid=\? AND linkedin_key=\?\)/);
      // The person a merged-away profile names is sought by key too.
      expect(planOf(sqlite, reads[0]!)).toMatch(/SEARCH c USING INDEX sqlite_autoindex_persons_1 \(uuid=\?\) LEFT-JOIN/);
    } finally {
      sqlite.close();
    }
  });
});
