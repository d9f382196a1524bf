/**
 * Migration 0063: persons written under the LinkedIn keys of before (a profile's page, an escaped or capital slug as a
 * key of its own) are found by their profile's key, unless an older person of the tenant already is: that one is left
 * on its key and counted by `databaseStatus`, never silently made a second match.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { legacyLinkedinKey } from "../../erasure/legacy-linkedin-key.js";
import { createSqliteStore } from "../create-sqlite-store.js";
import { databaseStatus } from "../database-status.js";

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), "rapport-0063-"));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

/** Puts every person back on the key their URL had before migration 0063, and the migration back to pending. */
function asBeforeMigration(path: string): void {
  const sqlite = new SqliteDatabase(path);
  const persons = sqlite.prepare("select uuid, linkedin_url from persons where linkedin_url is not null").all() as Array<{ uuid: string; linkedin_url: string }>;
  for (const person of persons) sqlite.prepare("update persons set linkedin_key = ? where uuid = ?").run(legacyLinkedinKey(person.linkedin_url), person.uuid);
  sqlite.prepare("delete from kysely_migration where name = '0063-linkedin-profile-keys'").run();
  sqlite.close();
}

function keysOf(path: string): Map<string, string | null> {
  const sqlite = new SqliteDatabase(path, { readonly: true });
  try {
    const rows = sqlite.prepare("select uuid, linkedin_key from persons").all() as Array<{ uuid: string; linkedin_key: string | null }>;
    return new Map(rows.map((row) => [row.uuid, row.linkedin_key]));
  } finally {
    sqlite.close();
  }
}

describe("migration 0063-linkedin-profile-keys", () => {
  it("gives each person their profile's key, leaving a newer person of an already matched profile on their own", async () => {
    const path = join(folder, "rapport.db");
    let clock = Date.UTC(2026, 11, 1);
    let store = await createSqliteStore({ path, now: () => (clock += 1000) });
    const acme = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
    const other = (await store.tenants.create({ name: "Other", tier: "standard" })).uuid;
    const person = async (tenant: string, name: string, url: string) =>
      (await store.persons.create({ tenant_uuid: tenant, name, linkedin_url: url })).uuid;
    // Oldest first: Ada's page and, later, another of her pages; Bo's profile then an escaped, capital spelling of it;
    // Cy on a page first, then on the profile itself; Dee alone, written with a capital; another tenant's Ada.
    const adaPage = await person(acme, "Ada Park", "https://www.linkedin.com/in/ada-park/en");
    const adaDetails = await person(acme, "A. Park", "https://uk.linkedin.com/in/ada-park/details/experience/");
    const bo = await person(acme, "Bo Lee", "https://www.linkedin.com/in/bo-lee");
    const boEscaped = await person(acme, "Bo", "https://www.linkedin.com/in/%42o-Lee");
    const cyPage = await person(acme, "Cy Diaz", "linkedin.com/in/cy-diaz/recent-activity/all/");
    const cy = await person(acme, "Cy", "https://www.linkedin.com/in/cy-diaz");
    const dee = await person(acme, "Dee Fox", "https://www.linkedin.com/in/J%C3%96RG-FOX");
    const otherAda = await person(other, "Ada Park", "linkedin.com/in/ada-park/de");
    // Two members by their old profile URLs, one key for both until now.
    const eli = await person(acme, "Eli Moss", "https://www.linkedin.com/profile/view?id=12345&trk=nav");
    const fay = await person(acme, "Fay Ng", "https://www.linkedin.com/profile/view?id=67890");
    await store.close();
    asBeforeMigration(path);
    expect(keysOf(path).get(dee)).toBe("linkedin.com/in/jÖrg-fox");
    expect(keysOf(path).get(fay)).toBe("linkedin.com/profile/view");

    store = await createSqliteStore({ path, now: () => (clock += 1000) });
    try {
      expect(Object.fromEntries(keysOf(path))).toEqual({
        [adaPage]: "linkedin.com/in/ada-park",
        [adaDetails]: "linkedin.com/in/ada-park/details/experience",
        [bo]: "linkedin.com/in/bo-lee",
        [boEscaped]: "linkedin.com/in/Bo-lee",
        [cyPage]: "linkedin.com/in/cy-diaz/recent-activity/all",
        [cy]: "linkedin.com/in/cy-diaz",
        [dee]: "linkedin.com/in/jörg-fox",
        [otherAda]: "linkedin.com/in/ada-park",
        [eli]: "linkedin.com/profile/view?id=12345",
        [fay]: "linkedin.com/profile/view?id=67890",
      });
      // Any spelling of a profile finds the one person it names.
      const found = await store.persons.findByLinkedinUrls(acme, [
        "https://www.linkedin.com/in/Ada-Park/",
        "linkedin.com/in/jörg-fox/en",
        "linkedin.com/in/bo-lee/en",
        "linkedin.com/profile/view?id=67890",
      ]);
      expect(found).toEqual(
        new Map([
          ["linkedin.com/in/ada-park", [adaPage]],
          ["linkedin.com/in/jörg-fox", [dee]],
          ["linkedin.com/in/bo-lee", [bo]],
          ["linkedin.com/profile/view?id=67890", [fay]],
        ]),
      );
    } finally {
      await store.close();
    }

    // The persons left are the status's, each with the person their profile finds.
    const { linkedinKeysLeft } = await databaseStatus(path);
    expect(linkedinKeysLeft.count).toBe(3);
    expect(linkedinKeysLeft.persons).toEqual(
      expect.arrayContaining([
        { tenant_uuid: acme, person_uuid: adaDetails, matched_person_uuid: adaPage },
        { tenant_uuid: acme, person_uuid: boEscaped, matched_person_uuid: bo },
        { tenant_uuid: acme, person_uuid: cyPage, matched_person_uuid: cy },
      ]),
    );

    // Run again (as after a release's upgrade is retried), it changes nothing.
    const before = keysOf(path);
    const sqlite = new SqliteDatabase(path);
    sqlite.prepare("delete from kysely_migration where name = '0063-linkedin-profile-keys'").run();
    sqlite.close();
    await (await createSqliteStore({ path })).close();
    expect(keysOf(path)).toEqual(before);
  });

  it("leaves a deleted tenant's persons as they are, and counts nobody in a database without such duplicates", async () => {
    const path = join(folder, "rapport.db");
    let store = await createSqliteStore({ path });
    const gone = (await store.tenants.create({ name: "Gone", tier: "standard" })).uuid;
    const kept = (await store.tenants.create({ name: "Kept", tier: "standard" })).uuid;
    const goneAda = (await store.persons.create({ tenant_uuid: gone, name: "Ada", linkedin_url: "linkedin.com/in/ada/en" })).uuid;
    const keptAda = (await store.persons.create({ tenant_uuid: kept, name: "Ada", linkedin_url: "linkedin.com/in/ada/en" })).uuid;
    await store.close();
    asBeforeMigration(path);
    // Deleted (as `tenants.delete` marks it) once its persons are back on their older keys: its rows refuse writes.
    const sqlite = new SqliteDatabase(path);
    sqlite.prepare("update tenants set deleted_at = 1 where uuid = ?").run(gone);
    sqlite.close();
    store = await createSqliteStore({ path });
    await store.close();
    expect(keysOf(path).get(goneAda)).toBe("linkedin.com/in/ada/en");
    expect(keysOf(path).get(keptAda)).toBe("linkedin.com/in/ada");
    expect((await databaseStatus(path)).linkedinKeysLeft).toEqual({ count: 0, persons: [] });
  });
});
