import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { planOf, preparedDuring } from "../../testing/sqlite-plans.js";
import { createSqliteStore } from "../create-sqlite-store.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-person-emails-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("migration 0022-person-emails-by-person", () => {
  it("reads many persons' emails from the index alone, in the order their records show them", async () => {
    const path = join(folder, "emails.db");
    const store = await createSqliteStore({ path });
    try {
      const tenant = await store.tenants.create({ name: "Acme", tier: "standard" });
      const ada = await store.persons.create({ tenant_uuid: tenant.uuid, name: "Ada", emails: ["ada@home.example", "ada@acme.example"] });
      const ben = await store.persons.create({ tenant_uuid: tenant.uuid, name: "Ben", emails: ["ben@acme.example"] });
      let displays = new Map<string, { emails: Array<{ address: string }> }>();
      const statements = await preparedDuring(async () => {
        displays = await store.persons.displays(tenant.uuid, [ada.uuid, ben.uuid, "unknown"]);
      });
      expect(displays.get(ada.uuid)?.emails.map((email) => email.address)).toEqual(["ada@home.example", "ada@acme.example"]);
      expect(displays.get(ben.uuid)?.emails.map((email) => email.address)).toEqual(["ben@acme.example"]);
      const emails = statements.filter((source) => /from "person_emails"/.test(source));
      expect(emails).toHaveLength(1);
      const sqlite = new SqliteDatabase(path, { readonly: true });
      try {
        expect(planOf(sqlite, emails[0]!)).toContain("COVERING INDEX person_emails_by_person (person_uuid=?)");
      } finally {
        sqlite.close();
      }
    } finally {
      await store.close();
    }
  });
});
