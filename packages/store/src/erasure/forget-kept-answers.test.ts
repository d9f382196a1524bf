/**
 * A person's erasure forgets the kept answers (`Idempotency-Key`, migration 0069) that hold their data: their uuid,
 * an address, their full name or a profile URL, found as JSON writes them (a name with `"` or `\`); the answers of
 * others that only share their address's domain or a first name stay.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { Store } from "../store.js";

const NOW = Date.UTC(2026, 11, 6);
const DAY = 86_400_000;
let store: Store;
let tenantUuid: string;

beforeEach(async () => {
  store = await createSqliteStore({ path: ":memory:", now: () => NOW });
  tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
});
afterEach(() => store.close());

const request = (key: string) => ({ caller: "key-1:", key, fingerprint: key, at: NOW, keepForMs: DAY, staleAfterMs: 300_000 });

/** Keeps `answer` (as the API writes it: JSON.stringify) for the key. */
async function kept(key: string, answer: unknown, tenant = tenantUuid): Promise<void> {
  const claim = await store.idempotentRequests.claim(tenant, request(key));
  if (claim.outcome !== "claimed") throw new Error(claim.outcome);
  await store.idempotentRequests.answer(tenant, { caller: "key-1:", key, claim: claim.claim, status: 201, response: JSON.stringify(answer), at: NOW, keepForMs: DAY });
}

/** The keys whose answers a retry still gets (the others run again). */
async function stillKept(keys: readonly string[], tenant = tenantUuid): Promise<string[]> {
  const answered: string[] = [];
  for (const key of keys) {
    const found = await store.idempotentRequests.claim(tenant, request(key));
    if (found.outcome === "answered") answered.push(key);
    else if (found.outcome === "claimed") await store.idempotentRequests.release(tenant, { caller: "key-1:", key, claim: found.claim });
  }
  return answered;
}

describe("persons.erase and the kept answers", () => {
  it("forgets the answers holding her uuid, an address, her full name or her profile, and keeps those sharing only a domain or a first name", async () => {
    const name = 'Zoë "Zed" O\\Brien';
    const zoe = await store.persons.create({
      tenant_uuid: tenantUuid,
      name,
      first_name: "Zoë",
      last_name: 'O\\Brien',
      emails: ["zoe.obrien@gmail.com"],
      linkedin_url: "https://www.linkedin.com/in/zoe-obrien-42",
    });
    const ben = await store.persons.create({ tenant_uuid: tenantUuid, name: "Ben Okafor", emails: ["ben.okafor@gmail.com"] });
    const other = await store.persons.create({ tenant_uuid: tenantUuid, name: "Zoë Adams", first_name: "Zoë", last_name: "Adams", emails: ["zoe@adams.example"] });
    await kept("her-record", { uuid: zoe.uuid, name });
    await kept("note-by-name", { content: `Lunch with ${name} next week`, associations: [] });
    await kept("note-by-address", { content: "Write to Zoe.OBrien@Gmail.com." });
    await kept("note-by-address-on-a-line", { content: "Contacts:\nzoe.obrien@gmail.com\n<zoe.obrien@gmail.com>" });
    await kept("note-by-profile", { content: "Profile: https://www.linkedin.com/in/zoe-obrien-42" });
    // Others': the same mail domain, the same first name, her last name's letters without the backslash.
    await kept("ben-same-domain", { uuid: ben.uuid, emails: ["ben.okafor@gmail.com"], domain: "gmail.com" });
    await kept("other-zoe", { uuid: other.uuid, name: "Zoë Adams", first_name: "Zoë" });
    await kept("o-brien-spelled-otherwise", { content: "OBrien and O'Brien called" });
    await kept("longer-address", { content: "cc jzoe.obrien@gmail.com and zoe.obrien@gmail.com.au" });
    const everyKey = ["her-record", "note-by-name", "note-by-address", "note-by-address-on-a-line", "note-by-profile", "ben-same-domain", "other-zoe", "o-brien-spelled-otherwise", "longer-address"];
    expect(await stillKept(everyKey)).toEqual(everyKey);

    expect(await store.persons.erase(tenantUuid, zoe.uuid)).toBe(true);

    expect(await stillKept(everyKey)).toEqual(["ben-same-domain", "other-zoe", "o-brien-spelled-otherwise", "longer-address"]);
  });

  it("finds a full name holding a quote or a backslash as JSON writes it", async () => {
    const quoted = await store.persons.create({ tenant_uuid: tenantUuid, name: 'Jo "Ace" Ruiz' });
    const slashed = await store.persons.create({ tenant_uuid: tenantUuid, name: "Kai Tan\\Lee" });
    await kept("quoted-by-name", { content: 'Call Jo "Ace" Ruiz about the renewal' });
    await kept("slashed-by-name", { content: "Kai Tan\\Lee signed" });
    expect(await store.persons.erase(tenantUuid, quoted.uuid)).toBe(true);
    expect(await store.persons.erase(tenantUuid, slashed.uuid)).toBe(true);
    expect(await stillKept(["quoted-by-name", "slashed-by-name"])).toEqual([]);
  });

  it("finds one of a thousand addresses in many answers, each answer read once", async () => {
    const addresses = Array.from({ length: 1_200 }, (_, index) => `zelda${index}@domain-${index}.example`);
    const zelda = await store.persons.create({ tenant_uuid: tenantUuid, name: "Zelda Quintero", emails: addresses });
    // More answers than one read takes, hers among them.
    for (let index = 0; index < 250; index += 1) await kept(`other-${index}`, { content: `Met someone${index}@domain-${index}.example` });
    await kept("other-zz", { content: "From zelda1199@domain-1199.example, late" });
    expect(await store.persons.erase(tenantUuid, zelda.uuid)).toBe(true);
    expect(await stillKept(["other-0", "other-249", "other-zz"])).toEqual(["other-0", "other-249"]);
  });

  it("forgets the answers naming a person merged into her, and only in her tenant", async () => {
    const globexUuid = (await store.tenants.create({ name: "Globex", tier: "standard" })).uuid;
    const zelda = await store.persons.create({ tenant_uuid: tenantUuid, name: "Zelda Quintero", emails: ["zelda@quintero.example"] });
    const old = await store.persons.create({ tenant_uuid: tenantUuid, name: "Z. Quintero", emails: ["zq@oldmail.example"] });
    await kept("old-record", { uuid: old.uuid });
    await kept("old-address", { content: "zq@oldmail.example wrote" });
    await kept("globex-same-name", { content: "Zelda Quintero at Globex" }, globexUuid);
    await store.personMerges.merge({ tenant_uuid: tenantUuid, canonical_uuid: zelda.uuid, superseded_uuid: old.uuid, preview: false, merged_by_user_uuid: null });

    expect(await store.persons.erase(tenantUuid, zelda.uuid)).toBe(true);

    expect(await stillKept(["old-record", "old-address"])).toEqual([]);
    expect(await stillKept(["globex-same-name"], globexUuid)).toEqual(["globex-same-name"]);
  });
});
