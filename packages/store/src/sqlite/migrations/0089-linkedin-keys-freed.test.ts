/**
 * Migration 0089: a person 0063 left on their URL's former LinkedIn key is found by their URL once nobody else matches
 * by the profile's key; one whose profile another person still matches by stays a duplicate for `rapport status`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, expect, it } from "vitest";
import { legacyLinkedinKey } from "../../erasure/legacy-linkedin-key.js";
import { createSqliteStore } from "../create-sqlite-store.js";
import { databaseStatus } from "../database-status.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-0089-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

it("gives a person left on a former LinkedIn key their profile's once nobody else matches by it, moving no change time", async () => {
  const path = join(folder, "rapport.db");
  let clock = Date.UTC(2026, 11, 1);
  let store = await createSqliteStore({ path, now: () => (clock += 1000) });
  const tenant = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
  const person = async (name: string, url: string) => (await store.persons.create({ tenant_uuid: tenant, name, linkedin_url: url })).uuid;
  // Each profile's first person took its key in 0063; the second, a page of it, was left on the page's former key.
  const ada = await person("Ada Park", "https://www.linkedin.com/in/ada-park");
  const adaPage = await person("A. Park", "https://www.linkedin.com/in/ada-park/en");
  const bo = await person("Bo Lee", "https://www.linkedin.com/in/bo-lee");
  const boPage = await person("Bo", "https://www.linkedin.com/in/bo-lee/details/experience/");
  // Since then, Ada's first person was given another profile.
  await store.persons.update(tenant, ada, { linkedin_url: "https://www.linkedin.com/in/ada-park-2" });
  await store.close();
  const sqlite = new SqliteDatabase(path);
  for (const [uuid, url] of [[adaPage, "https://www.linkedin.com/in/ada-park/en"], [boPage, "https://www.linkedin.com/in/bo-lee/details/experience/"]] as const) {
    sqlite.prepare("update persons set linkedin_key = ? where uuid = ?").run(legacyLinkedinKey(url), uuid);
  }
  sqlite.prepare("delete from kysely_migration where name = '0089-linkedin-keys-freed'").run();
  const updatedAt = () => sqlite.prepare("select uuid, service_updated_at from persons order by uuid").all();
  const before = updatedAt();
  store = await createSqliteStore({ path, now: () => (clock += 1000) });
  try {
    // Ada's page was found by no spelling of her profile.
    expect(await store.persons.findByLinkedinUrls(tenant, ["linkedin.com/in/ada-park", "https://www.linkedin.com/in/bo-lee/details/experience/"])).toEqual(
      new Map([
        ["linkedin.com/in/ada-park", [adaPage]],
        ["linkedin.com/in/bo-lee", [bo]],
      ]),
    );
    expect(updatedAt()).toEqual(before);
    expect((await databaseStatus(path)).linkedinKeysLeft).toEqual({ count: 1, persons: [{ tenant_uuid: tenant, person_uuid: boPage, matched_person_uuid: bo }] });
  } finally {
    sqlite.close();
    await store.close();
  }
});
