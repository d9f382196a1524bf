/**
 * An erased LinkedIn profile is recognized by the profile, whatever page or spelling of it is written later, and a
 * digest an erasure recorded under the keys of before store migration 0063 (a page's whole path) still matches.
 */
import SqliteDatabase from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConflictError } from "../errors.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { Store } from "../store.js";
import { erasedIdentifierDigest, linkedinIdentifier } from "./erased-identifiers.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-erased-linkedin-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("erased LinkedIn profiles", () => {
  let path: string;
  let store: Store;
  let tenantUuid: string;

  beforeEach(async () => {
    path = join(folder, `${Math.random().toString(36).slice(2)}.db`);
    store = await createSqliteStore({ path, now: () => Date.UTC(2026, 11, 1) });
    tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
  });
  afterEach(() => store.close());

  /** Writes, beside the store, what an erasure of a release before migration 0063 remembered: the digest of `key`. */
  function rememberAsBefore(key: string): void {
    const sqlite = new SqliteDatabase(path);
    try {
      const { secret } = sqlite.prepare("select secret from erasure_secrets where tenant_uuid = ?").get(tenantUuid) as { secret: Buffer };
      sqlite.prepare("insert into erased_identifiers (tenant_uuid, digest, erased_at) values (?, ?, 1)").run(tenantUuid, erasedIdentifierDigest(secret, linkedinIdentifier(key)));
    } finally {
      sqlite.close();
    }
  }

  const create = (linkedin_url: string) => store.persons.create({ tenant_uuid: tenantUuid, name: "Eve Stone", linkedin_url });

  it("refuses every page and spelling of a profile erased on one of them", async () => {
    expect(await store.persons.erase(tenantUuid, (await create("https://www.linkedin.com/in/eve-stone/en")).uuid)).toBe(true);
    await expect(create("https://uk.linkedin.com/in/Eve-Stone")).rejects.toThrow(ConflictError);
    expect(await store.persons.erasedLinkedinUrls(tenantUuid, ["linkedin.com/in/eve-stone/details/experience/", "linkedin.com/in/eve-stones"])).toEqual(
      new Set(["linkedin.com/in/eve-stone/details/experience/"]),
    );
  });

  it("still matches a digest recorded under the key of before, and lifts it", async () => {
    // The tenant's secret, made by a first erasure; then what an older release remembered of a profile's page and
    // of an escaped capital slug (lower-cased before decoding, so it kept the capital Ö).
    expect(await store.persons.erase(tenantUuid, (await store.persons.create({ tenant_uuid: tenantUuid, name: "Someone", emails: ["someone@x.example"] })).uuid)).toBe(true);
    rememberAsBefore("linkedin.com/in/eve-stone/en");
    rememberAsBefore("linkedin.com/in/jÖrg-fox");
    await expect(create("https://www.linkedin.com/in/eve-stone/en/")).rejects.toThrow(/linkedin_url .* was erased on a data subject's request/);
    await expect(create("linkedin.com/in/J%C3%96RG-FOX")).rejects.toThrow(ConflictError);
    expect(await store.persons.erasedLinkedinUrls(tenantUuid, ["HTTPS://WWW.LINKEDIN.COM/in/Eve-Stone/EN", "linkedin.com/in/j%c3%96rg-fox", "linkedin.com/in/adam"])).toEqual(
      new Set(["HTTPS://WWW.LINKEDIN.COM/in/Eve-Stone/EN", "linkedin.com/in/j%c3%96rg-fox"]),
    );
    expect(await store.persons.allowErased(tenantUuid, { linkedin_url: "https://www.linkedin.com/in/eve-stone/en" })).toBe(true);
    expect((await create("https://www.linkedin.com/in/eve-stone/en")).linkedin_url).toBe("https://www.linkedin.com/in/eve-stone/en");
  });

  it("remembers the profile of a person left on the key of before (store migration 0063), not only that key", async () => {
    const fay = await create("https://www.linkedin.com/in/fay-moss/en");
    const sqlite = new SqliteDatabase(path);
    sqlite.prepare("update persons set linkedin_key = 'linkedin.com/in/fay-moss/en' where uuid = ?").run(fay.uuid);
    sqlite.close();
    expect(await store.persons.erase(tenantUuid, fay.uuid)).toBe(true);
    await expect(create("https://www.linkedin.com/in/fay-moss")).rejects.toThrow(ConflictError);
    await expect(create("https://www.linkedin.com/in/fay-moss/en")).rejects.toThrow(ConflictError);
  });
});
