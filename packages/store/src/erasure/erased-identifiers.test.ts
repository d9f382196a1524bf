/**
 * An erasure that holds: the erased person's addresses and LinkedIn profile, remembered as keyed digests, keep mail,
 * calendars and explicit creation from bringing them back, until an operator allows an address again.
 */
import SqliteDatabase from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConflictError } from "../errors.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { Store } from "../store.js";
import { erasedIdentifierDigest } from "./erased-identifiers.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-erased-identifiers-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const NOW = Date.UTC(2026, 10, 21);
const HOUR = 3_600_000;

describe("erased identifiers", () => {
  let path: string;
  let store: Store;
  let tenantUuid: string;
  let otherTenantUuid: string;
  let ada: string;
  let dan: string;

  beforeEach(async () => {
    path = join(folder, `${Math.random().toString(36).slice(2)}.db`);
    store = await createSqliteStore({ path, now: () => NOW });
    tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
    otherTenantUuid = (await store.tenants.create({ name: "Other", tier: "standard" })).uuid;
    ada = (await store.users.create({ tenant_uuid: tenantUuid, name: "Ada", email: "ada@acme.example", role: "administrator" })).person_uuid;
    dan = (await store.persons.create({ tenant_uuid: tenantUuid, name: "Dan Ortiz", emails: ["dan@initech.example"] })).uuid;
    const zelda = await store.persons.create({
      tenant_uuid: tenantUuid,
      name: "Zelda Quist",
      emails: ["zelda@quist.example", "Z.Quist@Home.example"],
      linkedin_url: "https://www.linkedin.com/in/zelda-quist",
    });
    await store.persons.create({ tenant_uuid: otherTenantUuid, name: "Zelda Quist", emails: ["zelda@quist.example"] });
    expect(await store.persons.erase(tenantUuid, zelda.uuid)).toBe(true);
  });
  afterEach(() => store.close());

  /** The names of the tenant's live persons, read from the file. */
  const personsOf = async (tenant: string) => {
    const sqlite = new SqliteDatabase(path, { readonly: true });
    try {
      const rows = sqlite.prepare("select name from persons where tenant_uuid = ? and deleted_at is null order by name").all(tenant) as Array<{ name: string }>;
      return rows.map((row) => row.name);
    } finally {
      sqlite.close();
    }
  };
  const participant = (email: string) => ({ email });
  const emailOf = (messageId: string, from: string, to: string[], cc: string[] = []) => ({
    message_id: messageId,
    sent_at: NOW - HOUR,
    from: participant(from),
    to: to.map(participant),
    cc: cc.map(participant),
  });

  it("remembers the addresses as digests only: no table holds the address in any form", async () => {
    await store.close();
    const sqlite = new SqliteDatabase(path, { readonly: true });
    try {
      const digests = sqlite.prepare("select digest from erased_identifiers").all() as Array<{ digest: string }>;
      // Two addresses and a profile, of this tenant alone.
      expect(digests).toHaveLength(3);
      for (const { digest } of digests) expect(digest).toMatch(/^[0-9a-f]{64}$/);
      const dump = JSON.stringify(sqlite.prepare("select * from erased_identifiers").all()) + JSON.stringify(sqlite.prepare("select hex(secret) from erasure_secrets").all());
      expect(dump).not.toMatch(/zelda|quist/i);
    } finally {
      sqlite.close();
    }
    store = await createSqliteStore({ path, now: () => NOW });
  });

  it("creates no person for an erased address from ingested mail, and leaves the participant out", async () => {
    const results = await store.emails.ingestMany(tenantUuid, [
      // Sent by the erased person: not stored, as the erasure deleted what they sent.
      emailOf("m1@x.example", "Zelda@Quist.example", ["dan@initech.example"]),
      // To them alone: one person left, no interaction.
      emailOf("m2@x.example", "dan@initech.example", ["z.quist@home.example"]),
      // To them and another: stored without them.
      emailOf("m3@x.example", "dan@initech.example", ["zelda@quist.example", "ada@acme.example"], ["mailto:zelda@quist.example"]),
    ]);
    expect(results.map((result) => result.status)).toEqual(["SKIPPED", "SKIPPED", "CREATED"]);
    expect(results[0]).toMatchObject({ reason: expect.stringMatching(/sender's address was erased on a data subject's request/) });
    expect(results[1]).toMatchObject({ reason: expect.stringMatching(/fewer than two persons/) });
    const stored = results[2]!;
    if (!("email" in stored)) throw new Error("m3 not stored");
    expect(stored.email).toMatchObject({ from_person_uuid: dan, to_person_uuids: [ada], cc_person_uuids: [] });
    expect(await store.emails.get(tenantUuid, "m1@x.example")).toBeNull();
    expect(await store.emails.get(tenantUuid, "m2@x.example")).toBeNull();
    expect(await personsOf(tenantUuid)).toEqual(["Ada", "Dan Ortiz"]);
    expect(await store.persons.findByEmails(tenantUuid, ["zelda@quist.example", "z.quist@home.example"])).toEqual(new Map());
  });

  it("keeps one ingest's refusal plain: a skipped email is a ConflictError naming why", async () => {
    await expect(store.emails.ingest(tenantUuid, emailOf("m1@x.example", "zelda@quist.example", ["dan@initech.example"]))).rejects.toThrow(ConflictError);
  });

  it("leaves an erased organizer and attendee out of a meeting, and creates no person for them", async () => {
    const meeting = await store.meetings.create(tenantUuid, {
      title: "Board",
      starts_at: NOW - HOUR,
      organizer: { email: "zelda@quist.example" },
      attendees: [{ email: "z.quist@home.example" }, { person_uuid: dan }, { email: "ada@acme.example" }],
    });
    expect(meeting.organizer_person_uuid).toBeNull();
    expect(meeting.attendees.map((attendee) => attendee.person_uuid).sort()).toEqual([ada, dan].sort());
    expect(await personsOf(tenantUuid)).toEqual(["Ada", "Dan Ortiz"]);
  });

  it("refuses to create a person with an erased address or profile, or to give one to a person", async () => {
    await expect(store.persons.create({ tenant_uuid: tenantUuid, name: "Zelda", emails: ["ZELDA@quist.example"] })).rejects.toThrow(
      new ConflictError("email zelda@quist.example was erased on a data subject's request: it is not stored again unless an operator allows it (rapport persons allow-address)"),
    );
    await expect(store.persons.create({ tenant_uuid: tenantUuid, name: "Zelda", linkedin_url: "linkedin.com/in/Zelda-Quist/" })).rejects.toThrow(/linkedin_url .* was erased on a data subject's request/);
    await expect(store.persons.update(tenantUuid, dan, { emails: [{ address: "dan@initech.example" }, { address: "z.quist@home.example" }] })).rejects.toThrow(ConflictError);
    await expect(store.persons.update(tenantUuid, dan, { linkedin_url: "https://uk.linkedin.com/in/zelda-quist" })).rejects.toThrow(ConflictError);
    expect((await store.persons.get(tenantUuid, dan))!.emails.map((email) => email.address)).toEqual(["dan@initech.example"]);
    expect(await personsOf(tenantUuid)).toEqual(["Ada", "Dan Ortiz"]);
  });

  it("tells which addresses are erased, and lets an operator allow one again, address by address", async () => {
    expect(await store.persons.erasedAddresses(tenantUuid, [" Zelda@Quist.example", "dan@initech.example", "z.quist@home.example"])).toEqual(
      new Set(["zelda@quist.example", "z.quist@home.example"]),
    );
    expect(await store.persons.erasedLinkedinUrls(tenantUuid, ["http://m.linkedin.com/in/Zelda-Quist/", "https://linkedin.com/in/dan", "not a url"])).toEqual(
      new Set(["http://m.linkedin.com/in/Zelda-Quist/"]),
    );
    expect(await store.persons.allowErased(tenantUuid, { email: "ZELDA@quist.example" })).toBe(true);
    expect(await store.persons.allowErased(tenantUuid, { email: "zelda@quist.example" })).toBe(false);
    expect(await store.persons.erasedAddresses(tenantUuid, ["zelda@quist.example", "z.quist@home.example"])).toEqual(new Set(["z.quist@home.example"]));
    const [result] = await store.emails.ingestMany(tenantUuid, [emailOf("m1@x.example", "zelda@quist.example", ["dan@initech.example"])]);
    expect(result!.status).toBe("CREATED");
    await expect(store.persons.create({ tenant_uuid: tenantUuid, name: "Zelda", linkedin_url: "https://linkedin.com/in/zelda-quist" })).rejects.toThrow(ConflictError);
    expect(await store.persons.allowErased(tenantUuid, { linkedin_url: "https://linkedin.com/in/zelda-quist" })).toBe(true);
    expect((await store.persons.create({ tenant_uuid: tenantUuid, name: "Zelda Q", linkedin_url: "https://linkedin.com/in/zelda-quist" })).name).toBe("Zelda Q");
  });

  it("recognizes an address erased under its domain's other spelling, as erasures before store migration 0083 keyed it", async () => {
    const sqlite = new SqliteDatabase(path);
    try {
      const { secret } = sqlite.prepare("select secret from erasure_secrets where tenant_uuid = ?").get(tenantUuid) as { secret: Buffer };
      sqlite.prepare("insert into erased_identifiers (tenant_uuid, digest, erased_at) values (?, ?, 1)").run(tenantUuid, erasedIdentifierDigest(secret, "email:eve@xn--mller-kva.de"));
    } finally {
      sqlite.close();
    }
    await expect(store.persons.create({ tenant_uuid: tenantUuid, name: "Eve", emails: ["eve@müller.de"] })).rejects.toThrow(/email eve@müller\.de was erased/);
    expect(await store.persons.erasedAddresses(tenantUuid, ["EVE@XN--MLLER-KVA.DE", "eve@müller.de.", "dan@initech.example"])).toEqual(new Set(["eve@müller.de"]));
    expect(await store.persons.allowErased(tenantUuid, { email: "eve@MÜLLER.de" })).toBe(true);
    expect((await store.persons.create({ tenant_uuid: tenantUuid, name: "Eve", emails: ["eve@xn--mller-kva.de"] })).emails[0]!.address).toBe("eve@müller.de");
  });

  it("recognizes in every spelling an address erased under a key with a trailing dot, full-width or decomposed letters", async () => {
    // Keys the release before store migration 0083 stored, and an erasure digested, for "FRITZ@MÜLLER.DE.",
    // "GERD@XN--MLLER-KVA.DE.", "ｈａｎｓ@ｍüｌｌｅｒ.ｄｅ" and a "ü" typed on macOS.
    const legacyKeys = ["fritz@müller.de.", "gerd@xn--mller-kva.de.", "ｈａｎｓ@ｍüｌｌｅｒ.ｄｅ", "ivo@mu\u0308ller.de"];
    const sqlite = new SqliteDatabase(path);
    try {
      const { secret } = sqlite.prepare("select secret from erasure_secrets where tenant_uuid = ?").get(tenantUuid) as { secret: Buffer };
      const insert = sqlite.prepare("insert into erased_identifiers (tenant_uuid, digest, erased_at) values (?, ?, 1)");
      for (const key of legacyKeys) insert.run(tenantUuid, erasedIdentifierDigest(secret, `email:${key}`));
    } finally {
      sqlite.close();
    }
    const spellings = (local: string) => [`${local}@müller.de`, `${local.toUpperCase()}@XN--MLLER-KVA.DE`, `${local}@müller.de.`, `${local}@ｍüｌｌｅｒ．ｄｅ`];
    for (const local of ["fritz", "gerd", "hans", "ivo"]) {
      expect(await store.persons.erasedAddresses(tenantUuid, spellings(local))).toEqual(new Set([`${local}@müller.de`]));
    }
    await expect(store.persons.create({ tenant_uuid: tenantUuid, name: "Fritz", emails: ["fritz@xn--mller-kva.de"] })).rejects.toThrow(/email fritz@müller\.de was erased/);
    expect(await store.persons.allowErased(tenantUuid, { email: "ＨＡＮＳ＠müller.de" })).toBe(true);
    expect(await store.persons.erasedAddresses(tenantUuid, ["hans@müller.de", "dan@initech.example"])).toEqual(new Set());
  });

  it("never reaches another tenant: its mail, creations and lifts are its own", async () => {
    expect(await store.persons.erasedAddresses(otherTenantUuid, ["zelda@quist.example", "z.quist@home.example"])).toEqual(new Set());
    expect(await store.persons.erasedLinkedinUrls(otherTenantUuid, ["https://www.linkedin.com/in/zelda-quist"])).toEqual(new Set());
    expect(await store.persons.allowErased(otherTenantUuid, { email: "z.quist@home.example" })).toBe(false);
    const other = await store.persons.create({ tenant_uuid: otherTenantUuid, name: "Zed", emails: ["z.quist@home.example"] });
    expect(other.emails.map((email) => email.address)).toEqual(["z.quist@home.example"]);
    const [result] = await store.emails.ingestMany(otherTenantUuid, [emailOf("m1@x.example", "zelda@quist.example", ["new@else.example"])]);
    expect(result!.status).toBe("CREATED");
    // Still erased in the tenant that erased it.
    expect(await store.persons.erasedAddresses(tenantUuid, ["z.quist@home.example"])).toEqual(new Set(["z.quist@home.example"]));
  });
});
