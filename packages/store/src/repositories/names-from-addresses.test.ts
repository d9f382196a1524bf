/**
 * A person created from a bare address, or from a display name that was only the address or its local part, is named
 * by the first real name seen later (email ingest, a meeting's organizer or attendee, a contact card through
 * `persons.nameIfUnnamed`), their change time moving; a name a user or an integrator gave is never replaced.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { Store } from "../store.js";
import { isNameFromAddress } from "./names-from-addresses.js";

const START = Date.UTC(2026, 11, 1);
let clock = START;
let store: Store;
let tenantUuid: string;

beforeEach(async () => {
  clock = START;
  store = await createSqliteStore({ path: ":memory:", now: () => clock });
  tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
});
afterEach(() => store.close());

/** Ingests one email from `from` to Ada, returning the sender's person uuid. */
async function mailFrom(messageId: string, from: { email: string; name?: string | null }): Promise<string> {
  const result = await store.emails.ingest(tenantUuid, { message_id: messageId, sent_at: START - 1000, from, to: [{ email: "ada@acme.example" }] });
  return result.email.from_person_uuid;
}

const person = async (uuid: string) => (await store.persons.get(tenantUuid, uuid))!;

describe("isNameFromAddress", () => {
  it("is true for a blank name, the address or its local part in any case, false for a real name", () => {
    expect(isNameFromAddress("", ["bob@x.example"])).toBe(true);
    expect(isNameFromAddress(" BOB@x.example ", ["bob@x.example"])).toBe(true);
    expect(isNameFromAddress("Bob", ["bob@x.example"])).toBe(true);
    expect(isNameFromAddress("Bob Partner", ["bob@x.example"])).toBe(false);
    expect(isNameFromAddress("Bob", ["robert@x.example"])).toBe(false);
  });
});

describe("email ingest", () => {
  it.each([
    ["no display name", null, "bob@partner.example"],
    ["the address as display name", "bob@partner.example", "bob@partner.example"],
    ["the local part as display name", "bob", "bob"],
  ])("names a person first seen with %s by a later message's display name, and moves their change time", async (_, first, stored) => {
    const bob = await mailFrom("m-1", { email: "Bob@Partner.example", name: first });
    expect((await person(bob)).name).toBe(stored);
    clock = START + 60_000;
    expect(await mailFrom("m-2", { email: "bob@partner.example", name: "Bob Partner" })).toBe(bob);
    expect(await person(bob)).toMatchObject({ name: "Bob Partner", service_updated_at: START + 60_000 });
    // The first real name stays: a later one does not replace it.
    clock = START + 120_000;
    await mailFrom("m-3", { email: "bob@partner.example", name: "Robert P." });
    expect(await person(bob)).toMatchObject({ name: "Bob Partner", service_updated_at: START + 60_000 });
  });

  it("never renames a person whose name was given, nor one first seen with a real display name", async () => {
    const typed = await store.persons.create({ tenant_uuid: tenantUuid, name: "bob", emails: ["bob@partner.example"] });
    const cleo = await mailFrom("m-1", { email: "cleo@partner.example", name: "Cleo Smith" });
    await mailFrom("m-2", { email: "bob@partner.example", name: "Bob Partner" });
    await mailFrom("m-3", { email: "cleo@partner.example", name: "C. Smith" });
    expect((await person(typed.uuid)).name).toBe("bob");
    expect((await person(cleo)).name).toBe("Cleo Smith");
  });

  it("takes the first real name of a batch, in item order then sender, to, cc, from stored items only", async () => {
    const results = await store.emails.ingestMany(tenantUuid, [
      { message_id: "m-1", sent_at: START - 3000, from: { email: "ada@acme.example" }, to: [{ email: "bob@partner.example" }] },
      { message_id: "m-2", sent_at: START - 2000, from: { email: "ada@acme.example" }, to: [{ email: "bob@partner.example", name: "Not Stored" }], cc: [{ email: "not an address" }] },
      { message_id: "m-3", sent_at: START - 1000, from: { email: "ada@acme.example" }, to: [{ email: "bob@partner.example", name: "Bob Partner" }], cc: [{ email: "bob@partner.example", name: "Bobby" }] },
      { message_id: "m-4", sent_at: START - 500, from: { email: "bob@partner.example", name: "Robert Partner" }, to: [{ email: "ada@acme.example", name: "Ada Lovelace" }] },
    ]);
    expect(results.map((result) => result.status)).toEqual(["CREATED", "ERROR", "CREATED", "CREATED"]);
    const bob = (results[0] as { email: { to_person_uuids: string[] } }).email.to_person_uuids[0]!;
    const ada = (results[0] as { email: { from_person_uuid: string } }).email.from_person_uuid;
    expect((await person(bob)).name).toBe("Bob Partner");
    expect((await person(ada)).name).toBe("Ada Lovelace");
  });

  it("names a known person from a duplicate message (mail stored before, imported again), creating no one", async () => {
    const bob = await mailFrom("m-1", { email: "bob@partner.example" });
    const typed = await store.persons.create({ tenant_uuid: tenantUuid, name: "Cleo", emails: ["cleo@partner.example"] });
    clock = START + 60_000;
    const resent = { message_id: "m-1", sent_at: START - 1000, from: { email: "Bob@Partner.example", name: "Bob Partner" } };
    const results = await store.emails.ingestMany(tenantUuid, [
      { ...resent, to: [{ email: "cleo@partner.example", name: "Cleo Smith" }, { email: "new@partner.example", name: "New Person" }] },
      { ...resent, message_id: "m-1", from: { email: "bob@partner.example", name: "Robert" }, to: [{ email: "not an address", name: "Nobody" }] },
    ]);
    expect(results.map((result) => result.status)).toEqual(["DUPLICATE", "DUPLICATE"]);
    expect(await person(bob)).toMatchObject({ name: "Bob Partner", service_updated_at: START + 60_000 });
    expect((await person(typed.uuid)).name).toBe("Cleo");
    expect(await store.persons.findByEmails(tenantUuid, ["new@partner.example"])).toEqual(new Map());
  });
});

describe("meetings", () => {
  it("names an organizer or attendee first seen by address with the CN of a later meeting", async () => {
    const first = await store.meetings.create(tenantUuid, { title: "Intro", starts_at: START - 5000, organizer: { email: "bob@partner.example" }, attendees: [{ email: "cleo@partner.example", name: "cleo" }] });
    const bob = first.organizer_person_uuid!;
    const cleo = first.attendees.find((attendee) => attendee.person_uuid !== bob)!.person_uuid;
    clock = START + 60_000;
    await store.meetings.create(tenantUuid, {
      title: "Follow-up",
      starts_at: START - 1000,
      organizer: { email: "cleo@partner.example", name: "Cleo Smith" },
      attendees: [{ email: "bob@partner.example", name: "Bob Partner" }, { email: "cleo@partner.example", name: "Cleo S." }],
    });
    expect(await person(bob)).toMatchObject({ name: "Bob Partner", service_updated_at: START + 60_000 });
    expect((await person(cleo)).name).toBe("Cleo Smith");
  });
});

describe("persons", () => {
  it("nameIfUnnamed names a person created with only an address, not one named by hand; canNameIfUnnamed tells without writing", async () => {
    const bare = await store.persons.create({ tenant_uuid: tenantUuid, emails: ["bob@partner.example"] });
    const named = await store.persons.create({ tenant_uuid: tenantUuid, first_name: "Cleo", emails: ["cleo@partner.example"] });
    expect(await store.persons.canNameIfUnnamed(tenantUuid, bare.uuid, "bob")).toBe(false);
    expect(await store.persons.canNameIfUnnamed(tenantUuid, bare.uuid, "Bob Partner")).toBe(true);
    expect(await store.persons.canNameIfUnnamed(tenantUuid, named.uuid, "Cleo Smith")).toBe(false);
    expect((await person(bare.uuid)).name).toBe("bob@partner.example");
    expect(await store.persons.nameIfUnnamed(tenantUuid, bare.uuid, "bob")).toBe(false);
    expect(await store.persons.nameIfUnnamed(tenantUuid, bare.uuid, "  ")).toBe(false);
    clock = START + 60_000;
    expect(await store.persons.nameIfUnnamed(tenantUuid, bare.uuid, " Bob Partner ")).toBe(true);
    expect(await person(bare.uuid)).toMatchObject({ name: "Bob Partner", service_updated_at: START + 60_000 });
    expect(await store.persons.nameIfUnnamed(tenantUuid, bare.uuid, "Robert")).toBe(false);
    expect(await store.persons.canNameIfUnnamed(tenantUuid, bare.uuid, "Robert")).toBe(false);
    expect(await store.persons.nameIfUnnamed(tenantUuid, named.uuid, "Cleo Smith")).toBe(false);
    expect((await person(named.uuid)).name).toBe("Cleo");
  });

  it("a name given by an update is kept; clearing it names the person after their address again, which mail can fill", async () => {
    const bob = await mailFrom("m-1", { email: "bob@partner.example" });
    await store.persons.update(tenantUuid, bob, { name: "bob@partner.example" });
    await mailFrom("m-2", { email: "bob@partner.example", name: "Bob Partner" });
    expect((await person(bob)).name).toBe("bob@partner.example");
    await store.persons.update(tenantUuid, bob, { name: null });
    await mailFrom("m-3", { email: "bob@partner.example", name: "Bob Partner" });
    expect((await person(bob)).name).toBe("Bob Partner");
  });

  it("another tenant's person of the same address is not renamed", async () => {
    const other = (await store.tenants.create({ name: "Other", tier: "standard" })).uuid;
    const theirs = (await store.emails.ingest(other, { message_id: "m-1", sent_at: START - 1000, from: { email: "bob@partner.example" }, to: [{ email: "eve@other.example" }] })).email.from_person_uuid;
    await mailFrom("m-1", { email: "bob@partner.example", name: "Bob Partner" });
    expect(await store.persons.nameIfUnnamed(tenantUuid, theirs, "Bob Partner")).toBe(false);
    expect((await store.persons.get(other, theirs))!.name).toBe("bob@partner.example");
  });
});
