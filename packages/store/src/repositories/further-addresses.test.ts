/**
 * `persons.addFreeAddresses` and `persons.freeAddresses`: a contact card's further addresses go to the person it
 * matched only when no person of the tenant holds them and no erasure remembers them.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { Store } from "../store.js";

let store: Store;
let tenantUuid: string;
let clock: number;

beforeEach(async () => {
  clock = Date.UTC(2026, 11, 1, 12);
  store = await createSqliteStore({ path: ":memory:", now: () => clock });
  tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
});
afterEach(() => store.close());

const addressesOf = async (personUuid: string) =>
  (await store.persons.get(tenantUuid, personUuid))!.emails.map((email) => [email.address, email.is_primary] as const);

describe("persons.addFreeAddresses", () => {
  it("gives the person the addresses nobody holds and no erasure remembers, after their own", async () => {
    const ada = await store.persons.create({ tenant_uuid: tenantUuid, name: "Ada Park", emails: ["ada@acme.example"] });
    const bo = await store.persons.create({ tenant_uuid: tenantUuid, name: "Bo Lee", emails: ["bo@acme.example"] });
    const gone = await store.persons.create({ tenant_uuid: tenantUuid, name: "Gone", emails: ["gone@acme.example"] });
    expect(await store.persons.erase(tenantUuid, gone.uuid)).toBe(true);
    const other = (await store.tenants.create({ name: "Other", tier: "standard" })).uuid;
    await store.persons.create({ tenant_uuid: other, name: "Elsewhere", emails: ["ada.park@home.example"] });
    const card = ["ADA@acme.example", "ada.park@home.example", "bo@acme.example", "gone@acme.example", "not an address", "a.park@globex.example", " Ada.Park@Home.example "];

    expect(await store.persons.freeAddresses(tenantUuid, card)).toEqual(["ada.park@home.example", "a.park@globex.example"]);
    clock += 1000;
    expect(await store.persons.addFreeAddresses(tenantUuid, ada.uuid, card)).toEqual(["ada.park@home.example", "a.park@globex.example"]);
    // Primary first, then by address, as a person's addresses read.
    expect(await addressesOf(ada.uuid)).toEqual([
      ["ada@acme.example", true],
      ["a.park@globex.example", false],
      ["ada.park@home.example", false],
    ]);
    expect((await store.persons.get(tenantUuid, ada.uuid))!.service_updated_at).toBe(clock);
    expect(await addressesOf(bo.uuid)).toEqual([["bo@acme.example", true]]);
    expect(await store.persons.findByEmails(tenantUuid, ["a.park@globex.example"])).toEqual(new Map([["a.park@globex.example", ada.uuid]]));

    // Given already: nothing more, and the change time stays.
    clock += 1000;
    expect(await store.persons.addFreeAddresses(tenantUuid, ada.uuid, card)).toEqual([]);
    expect((await store.persons.get(tenantUuid, ada.uuid))!.service_updated_at).toBe(clock - 1000);
    expect(await store.persons.freeAddresses(tenantUuid, card)).toEqual([]);
  });

  it("makes the first address given the primary one of a person who had none", async () => {
    const jo = await store.persons.create({ tenant_uuid: tenantUuid, name: "Jo", linkedin_url: "https://www.linkedin.com/in/jo" });
    expect(await store.persons.addFreeAddresses(tenantUuid, jo.uuid, ["jo@home.example", "jo@acme.example"])).toEqual(["jo@home.example", "jo@acme.example"]);
    expect(await addressesOf(jo.uuid)).toEqual([
      ["jo@home.example", true],
      ["jo@acme.example", false],
    ]);
  });

  it("answers null for another tenant's person, writing nothing", async () => {
    const other = (await store.tenants.create({ name: "Other", tier: "standard" })).uuid;
    const theirs = await store.persons.create({ tenant_uuid: other, name: "Theirs", emails: ["theirs@other.example"] });
    expect(await store.persons.addFreeAddresses(tenantUuid, theirs.uuid, ["new@other.example"])).toBeNull();
    expect(await store.persons.findByEmails(other, ["new@other.example"])).toEqual(new Map());
    expect(await store.persons.freeAddresses(tenantUuid, ["theirs@other.example"])).toEqual(["theirs@other.example"]);
  });
});
