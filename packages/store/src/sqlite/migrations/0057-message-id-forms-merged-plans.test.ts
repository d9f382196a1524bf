/**
 * Migration 0057's statements under statistics like benchmark scale L's (2M emails): each finds the tenants and the
 * emails it merges by seeks on `emails_tenant_message` and deletes by key, never walking a tenant's emails.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { createSqliteStore } from "../create-sqlite-store.js";
import { useScaleLStatistics } from "../../testing/scale-l-statistics.js";
import { planOf, preparedDuring, tenantWalksIn, withInListsOf } from "../../testing/sqlite-plans.js";
import { mergeMessageIdForms } from "./0057-message-id-forms-merged.js";

const NOW = Date.UTC(2026, 0, 15);
const folder = mkdtempSync(join(tmpdir(), "rapport-0057-plans-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("migration 0057 under statistics like scale L's", () => {
  it("seeks the emails it reads and deletes, by tenant and Message-ID or by key", async () => {
    const path = join(folder, "plans.db");
    // Each email stored a millisecond after the one before: the first stored of a message is the one kept.
    let tick = 0;
    const store = await createSqliteStore({ path, now: () => NOW + (tick += 1) });
    let tenantUuid: string;
    try {
      tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
      for (const id of ["<m1@x.example>", "later", "other@x.example"]) {
        await store.emails.ingest(tenantUuid, { message_id: id, sent_at: NOW - 1, from: { email: "ada@x.example" }, to: [{ email: "bo@x.example" }] });
      }
    } finally {
      await store.close();
    }
    const sqlite = new SqliteDatabase(path);
    try {
      sqlite.prepare("update emails set message_id = 'm1@x.example' where message_id = 'later'").run();
      const statements = await preparedDuring(() => mergeMessageIdForms(new Kysely({ dialect: new SqliteDialect({ database: sqlite }) }), NOW));
      expect(sqlite.prepare("select message_id from emails order by message_id").pluck().all()).toEqual(["<m1@x.example>", "other@x.example"]);
      useScaleLStatistics(sqlite, ["emails", "email_participants"]);
      const own = statements.filter((source) => /\b(from|update|join) (emails|email_participants|email_bodies)\b/.test(source));
      expect(own.length).toBeGreaterThanOrEqual(6);
      for (const source of own) {
        const plan = planOf(sqlite, withInListsOf(source, 500));
        expect(tenantWalksIn(plan), `${source}\n${plan}`).toEqual([]);
        expect(plan, source).not.toMatch(/SCAN (e|b|emails|email_participants|email_bodies)(;|$)/);
      }
    } finally {
      sqlite.close();
    }
  });
});
