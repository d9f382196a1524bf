/**
 * The totals of GET /v1/persons and GET /v1/meetings: they count live rows only, and under statistics like
 * benchmark scale L's they are counted from the live-row indexes (migration 0014) instead of reading every
 * row of the tenant for its `deleted_at`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Store } from "../store.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-live-totals-"));
const path = join(folder, "totals.db");
const firstPage = { position: { kind: "offset" as const, offset: 0 }, limit: 5 };

let store: Store;
let tenantUuid: string;

beforeAll(async () => {
  let time = Date.UTC(2026, 0, 1);
  store = await createSqliteStore({ path, now: () => (time += 1_000) });
  tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
  const persons: string[] = [];
  for (let index = 0; index < 30; index += 1) persons.push((await store.persons.create({ tenant_uuid: tenantUuid, name: `Person ${index}` })).uuid);
  for (let index = 0; index < 20; index += 1) {
    const meeting = await store.meetings.create(tenantUuid, { title: `Meeting ${index}`, starts_at: index * 60_000, attendees: [{ person_uuid: persons[index]! }] });
    if (index % 5 === 0) await store.meetings.delete(tenantUuid, meeting.uuid);
  }
  // Merged persons are left with a `deleted_at`; the repository has no other way to delete one.
  const sqlite = new SqliteDatabase(path);
  try {
    sqlite.prepare("update persons set deleted_at = ? where uuid in (?, ?, ?)").run(time, persons[0], persons[1], persons[2]);
  } finally {
    sqlite.close();
  }
}, 60_000);
afterAll(async () => {
  await store.close();
  rmSync(folder, { recursive: true, force: true });
});

/** The SQL that `read` prepares (a statement prepared earlier in the process would not show). */
async function preparedDuring(read: () => Promise<unknown>): Promise<string[]> {
  const statements: string[] = [];
  const prepare = SqliteDatabase.prototype.prepare;
  const spy = vi.spyOn(SqliteDatabase.prototype, "prepare").mockImplementation(function (this: SqliteDatabase.Database, source: string) {
    statements.push(source);
    return prepare.call(this, source);
  });
  try {
    await read();
  } finally {
    spy.mockRestore();
  }
  return statements;
}

describe("list totals", () => {
  it("count live persons and meetings only, from the live-row indexes under statistics like scale L's", async () => {
    const statements = await preparedDuring(async () => {
      const persons = await store.persons.list(tenantUuid, { ...firstPage, filters: {}, sort_by: "name", order: "asc" });
      expect(persons.total).toBe(27);
      const changed = await store.persons.list(tenantUuid, { ...firstPage, filters: { modified_since: 0 }, sort_by: "service_updated_at", order: "desc" });
      expect(changed.total).toBe(27);
      const meetings = await store.meetings.list(tenantUuid, { ...firstPage, filters: {}, order: "desc" });
      expect(meetings.total).toBe(16);
    });
    const counts = statements.filter((source) => /count\(\*\)/i.test(source));
    expect(counts).toHaveLength(3);

    const sqlite = new SqliteDatabase(path);
    try {
      // What sampled statistics said at benchmark scale L: a thousand rows per tenant in every index.
      sqlite.exec("analyze");
      sqlite.exec("delete from sqlite_stat1 where tbl in ('persons', 'meetings')");
      const stat = sqlite.prepare("insert into sqlite_stat1 (tbl, idx, stat) values (?, ?, ?)");
      for (const index of ["persons_live_updated", "persons_tenant_service_updated_at", "persons_tenant_created_at"]) stat.run("persons", index, "200020 1001 1001 1");
      stat.run("persons", "persons_tenant_name", "200020 1001 1 1");
      stat.run("persons", "persons_tenant_linkedin_key", "200020 1001 1001");
      for (const index of ["meetings_live_starts", "meetings_tenant_starts"]) stat.run("meetings", index, "333951 1001 1 1");
      stat.run("meetings", "meetings_tenant_external", "333951 1001 1001");
      sqlite.exec("analyze sqlite_schema");
      const planOf = (source: string) =>
        (sqlite.prepare(`explain query plan ${source}`).all(...new Array<null>((source.match(/\?/g) ?? []).length).fill(null)) as Array<{ detail: string }>)
          .map((row) => row.detail)
          .join("; ");
      expect(counts.map(planOf)).toEqual([
        expect.stringContaining("INDEX persons_live_updated"),
        expect.stringContaining("INDEX persons_live_updated"),
        expect.stringContaining("INDEX meetings_live_starts"),
      ]);
    } finally {
      sqlite.close();
    }
  });
});
