/**
 * Two persons holding one address in two spellings (store migration 0083 left `anna@müller.de.` where another person
 * held `anna@müller.de`): merged, they hold it once, primary if either was; the erasure of one does not take the
 * address from the other.
 */
import SqliteDatabase from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { Store } from "../store.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-move-emails-"));

let store: Store;
/** Three pairs, one for each test, each in a tenant of its own: one person holding `anna@müller.de.`, the other `anna@müller.de`. */
const pairs: Array<{ tenantUuid: string; dotted: string; plain: string }> = [];
let tenantUuid: string;
let dotted: string;
let plain: string;

beforeAll(async () => {
  const path = join(folder, "rapport.db");
  store = await createSqliteStore({ path });
  for (let index = 0; index < 3; index += 1) {
    const tenant = (await store.tenants.create({ name: `Acme ${index}`, tier: "standard" })).uuid;
    const person = async (name: string, emails: string[]) => (await store.persons.create({ tenant_uuid: tenant, name, emails })).uuid;
    pairs.push({ tenantUuid: tenant, dotted: await person("Anna M.", [`anna@dotted${index}.example`, "am@work.example"]), plain: await person("Anna Müller", ["other@home.example", "anna@müller.de"]) });
  }
  await store.close();
  // As the release before 0083 stored it, left so by the migration: the one form was the other person's.
  const sqlite = new SqliteDatabase(path);
  sqlite.prepare("update person_emails set address = 'anna@müller.de.', domain = 'müller.de.' where address like 'anna@dotted%'").run();
  sqlite.close();
  store = await createSqliteStore({ path });
});
afterAll(async () => {
  await store.close();
  rmSync(folder, { recursive: true, force: true });
});
beforeEach(() => ({ tenantUuid, dotted, plain } = pairs.shift()!));

/** The merged person's addresses, primary first, and how many the merge counts as moved. */
async function mergedAddresses(canonical: string, superseded: string): Promise<{ addresses: string[]; moved: number | undefined }> {
  const { merged, moved } = await store.personMerges.merge({ tenant_uuid: tenantUuid, canonical_uuid: canonical, superseded_uuid: superseded, preview: false, merged_by_user_uuid: null });
  const addresses = merged.emails.map((email) => `${email.address}${email.is_primary ? " (primary)" : ""}`);
  return { addresses: addresses.sort((a, b) => Number(b.endsWith(")")) - Number(a.endsWith(")")) || a.localeCompare(b)), moved: moved.emails };
}

describe("two spellings of one address on two persons", () => {
  it("are one address once the persons are merged, in its one form, primary if either was", async () => {
    // The superseded person's primary spelling: the canonical person's address, not primary (the canonical primary stays).
    // The address the canonical person held already is not counted as one it gained.
    expect(await mergedAddresses(plain, dotted)).toEqual({ addresses: ["other@home.example (primary)", "am@work.example", "anna@müller.de"], moved: 1 });
    expect((await store.persons.findByEmails(tenantUuid, ["anna@müller.de"])).get("anna@müller.de")).toBe(plain);
  });

  it("keep the primary of the canonical person's spelling merged the other way round", async () => {
    expect((await mergedAddresses(dotted, plain)).addresses).toEqual(["anna@müller.de (primary)", "am@work.example", "other@home.example"]);
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
