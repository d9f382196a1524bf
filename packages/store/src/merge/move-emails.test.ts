/**
 * Two persons holding one address in two spellings (store migration 0083 left `anna@müller.de.` where another person
 * held `anna@müller.de`): merged, they hold it once, primary if either was; the erasure of one does not take the
 * address from the other.
 */
import SqliteDatabase from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { Store } from "../store.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-move-emails-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

let store: Store;
let tenantUuid: string;
let dotted: string;
let plain: string;

beforeEach(async () => {
  const path = join(folder, `${Math.random().toString(36).slice(2)}.db`);
  store = await createSqliteStore({ path });
  tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
  dotted = (await store.persons.create({ tenant_uuid: tenantUuid, name: "Anna M.", emails: ["anna@dotted.example", "am@work.example"] })).uuid;
  plain = (await store.persons.create({ tenant_uuid: tenantUuid, name: "Anna Müller", emails: ["other@home.example", "anna@müller.de"] })).uuid;
  await store.close();
  // As the release before 0083 stored it, left so by the migration: the one form was the other person's.
  const sqlite = new SqliteDatabase(path);
  sqlite.prepare("update person_emails set address = 'anna@müller.de.', domain = 'müller.de.' where address = 'anna@dotted.example'").run();
  sqlite.close();
  store = await createSqliteStore({ path });
});
afterEach(() => store.close());

/** The merged person's addresses, primary first. */
async function mergedAddresses(canonical: string, superseded: string): Promise<string[]> {
  const { merged } = await store.personMerges.merge({ tenant_uuid: tenantUuid, canonical_uuid: canonical, superseded_uuid: superseded, preview: false, merged_by_user_uuid: null });
  return merged.emails.map((email) => `${email.address}${email.is_primary ? " (primary)" : ""}`).sort((a, b) => Number(b.endsWith(")")) - Number(a.endsWith(")")) || a.localeCompare(b));
}

describe("two spellings of one address on two persons", () => {
  it("are one address once the persons are merged, in its one form, primary if either was", async () => {
    // The superseded person's primary spelling: the canonical person's address, not primary (the canonical primary stays).
    expect(await mergedAddresses(plain, dotted)).toEqual(["other@home.example (primary)", "am@work.example", "anna@müller.de"]);
    expect((await store.persons.findByEmails(tenantUuid, ["anna@müller.de"])).get("anna@müller.de")).toBe(plain);
  });

  it("keep the primary of the canonical person's spelling merged the other way round", async () => {
    expect(await mergedAddresses(dotted, plain)).toEqual(["anna@müller.de (primary)", "am@work.example", "other@home.example"]);
  });

  it("are one address to an erasure, which does not refuse the other person's write keeping it", async () => {
    expect(await store.persons.erase(tenantUuid, dotted)).toBe(true);
    const kept = await store.persons.update(tenantUuid, plain, { emails: [{ address: "anna@müller.de", is_primary: true }, { address: "new@home.example" }] });
    expect(kept?.emails.map((email) => email.address)).toEqual(expect.arrayContaining(["anna@müller.de", "new@home.example"]));
    // Given to anyone else, or back once dropped, the address is the erased person's again.
    await expect(store.persons.create({ tenant_uuid: tenantUuid, name: "Someone", emails: ["anna@müller.de."] })).rejects.toThrow(/already belongs/);
    await store.persons.update(tenantUuid, plain, { emails: [{ address: "new@home.example" }] });
    await expect(store.persons.update(tenantUuid, plain, { emails: [{ address: "anna@müller.de" }] })).rejects.toThrow(/erased on a data subject's request/);
  });
});
