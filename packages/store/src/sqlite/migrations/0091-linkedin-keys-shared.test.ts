/**
 * Migration 0091: a person 0063 left on their URL's former LinkedIn key, beside a person matching by the profile's, is
 * found by their own URL too (both are), and alone once that person has another; still a duplicate for `rapport status`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, expect, it } from "vitest";
import { legacyLinkedinKey } from "../../erasure/legacy-linkedin-key.js";
import { createSqliteStore } from "../create-sqlite-store.js";
import { databaseStatus } from "../database-status.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-0091-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

it("gives a person left on a former LinkedIn key their profile's: a lookup finds both, then them once the other has another URL", async () => {
  const path = join(folder, "rapport.db");
  let clock = Date.UTC(2026, 11, 1);
  let store = await createSqliteStore({ path, now: () => (clock += 1000) });
  const tenant = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
  // Ada's page first, then her profile, which took the profile's key in 0063: the page was left on its former key.
  const page = (await store.persons.create({ tenant_uuid: tenant, name: "Ada Park", linkedin_url: "https://www.linkedin.com/in/ada-park/en" })).uuid;
  const profile = (await store.persons.create({ tenant_uuid: tenant, name: "Ada", linkedin_url: "https://www.linkedin.com/in/ada-park" })).uuid;
  await store.close();
  const sqlite = new SqliteDatabase(path);
  sqlite.prepare("update persons set linkedin_key = ? where uuid = ?").run(legacyLinkedinKey("https://www.linkedin.com/in/ada-park/en"), page);
  sqlite.prepare("delete from kysely_migration where name = '0091-linkedin-keys-shared'").run();
  const updatedAt = () => sqlite.prepare("select uuid, service_updated_at from persons order by uuid").all();
  const before = updatedAt();
  store = await createSqliteStore({ path, now: () => (clock += 1000) });
  try {
    // The page's own URL found the profile alone.
    expect(await store.persons.findByLinkedinUrls(tenant, ["linkedin.com/in/ada-park/en"])).toEqual(new Map([["linkedin.com/in/ada-park", [page, profile]]]));
    expect(updatedAt()).toEqual(before);
    expect((await databaseStatus(path)).linkedinKeysLeft).toEqual({ count: 1, persons: [{ tenant_uuid: tenant, person_uuid: profile, matched_person_uuid: page }] });
    await store.persons.update(tenant, profile, { linkedin_url: "https://www.linkedin.com/in/ada-park-2" });
    expect(await store.persons.findByLinkedinUrls(tenant, ["https://www.linkedin.com/in/ada-park"])).toEqual(new Map([["linkedin.com/in/ada-park", [page]]]));
    expect((await databaseStatus(path)).linkedinKeysLeft).toEqual({ count: 0, persons: [] });
  } finally {
    sqlite.close();
    await store.close();
  }
});
