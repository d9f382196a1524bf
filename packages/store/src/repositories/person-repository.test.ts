import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConflictError, InvalidInputError } from "../errors.js";
import { normalizeDomain, normalizeLinkedinUrl } from "../normalize.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { Store } from "../store.js";
import { readDuring } from "../testing/sqlite-plans.js";

let store: Store;
let tenantUuid: string;
let clock: number;

beforeEach(async () => {
  clock = Date.UTC(2026, 10, 21, 12);
  store = await createSqliteStore({ path: ":memory:", now: () => clock });
  tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
});
afterEach(() => store.close());

describe("normalizers", () => {
  it("reduce every LinkedIn URL form to one key", () => {
    const forms = [
      "https://www.linkedin.com/in/jane-doe",
      "http://linkedin.com/in/jane-doe/",
      "linkedin.com/in/Jane-Doe",
      "www.linkedin.com/in/jane-doe/?trk=public_profile",
      " HTTPS://uk.LinkedIn.com/in/jane-doe/#about ",
      "https://www.linkedin.com//in/jane-doe//",
    ];
    for (const form of forms) expect(normalizeLinkedinUrl(form), form).toBe("linkedin.com/in/jane-doe");
    for (const bad of ["https://example.com/in/jane", "linkedin.com", "jane-doe", ""]) expect(normalizeLinkedinUrl(bad), bad).toBeNull();
  });

  it("reduce a member's pages, mobile, subdomain and escaped spellings to the profile's key", () => {
    const forms = [
      "linkedin.com/in/jörg-maier/en",
      "https://www.linkedin.com/in/jörg-maier/details/experience/",
      "https://www.linkedin.com/in/jörg-maier/recent-activity/all/",
      "https://www.linkedin.com/in/jörg-maier?originalSubdomain=uk",
      "https://uk.linkedin.com/in/jörg-maier",
      "https://www.linkedin.com/in/JÖRG-Maier",
      "https://www.linkedin.com/in/J%C3%96RG-MAIER/",
      "https://www.linkedin.com/in/j%C3%B6rg-maier",
      "https://www.linkedin.com/in/%4A%C3%B6rg-maier",
      "https://www.linkedin.com/in/jo%CC%88rg-maier", // ö as o and a combining diaeresis (NFD)
      "https://www.linkedin.com/mwlite/in/jörg-maier",
    ];
    for (const form of forms) expect(normalizeLinkedinUrl(form), form).toBe("linkedin.com/in/jörg-maier");
    // An old profile URL names its member by the id in its query.
    expect(normalizeLinkedinUrl("https://www.linkedin.com/profile/view?trk=nav&id=AAkAAB3x#top")).toBe("linkedin.com/profile/view?id=AAkAAB3x");
    expect(normalizeLinkedinUrl("http://LinkedIn.com/profile/view/?id=12345")).toBe("linkedin.com/profile/view?id=12345");
    expect(normalizeLinkedinUrl("https://www.linkedin.com/profile/view?id=67890")).not.toBe(normalizeLinkedinUrl("https://www.linkedin.com/profile/view?id=12345"));
    expect(normalizeLinkedinUrl("https://www.linkedin.com/profile/view")).toBe("linkedin.com/profile/view");
    // Pages that are not a member's profile keep their whole path.
    expect(normalizeLinkedinUrl("https://www.linkedin.com/pub/jane-doe/1a/2b/3c")).toBe("linkedin.com/pub/jane-doe/1a/2b/3c");
    expect(normalizeLinkedinUrl("https://www.linkedin.com/in/")).toBe("linkedin.com/in");
    expect(normalizeLinkedinUrl("https://www.linkedin.com/in/50%-off")).toBe("linkedin.com/in/50%-off");
  });

  it("reduce domains, URLs and addresses to a host name", () => {
    for (const form of ["acme.com", "ACME.com.", "https://www.acme.com/about?x=1", "www.acme.com:443", "jane@acme.com", "mailto:jane@Acme.com"]) {
      expect(normalizeDomain(form), form).toBe("acme.com");
    }
    for (const bad of ["acme", "", "https://", "not a domain"]) expect(normalizeDomain(bad), bad).toBeNull();
  });
});

describe("persons", () => {
  it("creates a person with affiliations and a current one for the primary company", async () => {
    const globex = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Globex" });
    const initech = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Initech" });
    const person = await store.persons.create({
      tenant_uuid: tenantUuid,
      first_name: "Grace",
      last_name: "Hopper",
      job_title: "CTO",
      primary_company_uuid: globex.uuid,
      affiliations: [{ company_uuid: initech.uuid, title: "Engineer", is_current: false, started_on: "2019-01-01", ended_on: "2022-06-30" }],
    });
    expect(person.affiliations).toEqual([
      expect.objectContaining({ company_uuid: globex.uuid, title: "CTO", is_current: true, ended_on: null }),
      expect.objectContaining({ company_uuid: initech.uuid, title: "Engineer", is_current: false, ended_on: "2022-06-30" }),
    ]);
    expect(await store.affiliations.listCurrent(tenantUuid, { company_uuid: globex.uuid })).toEqual([
      expect.objectContaining({ person_uuid: person.uuid, company_uuid: globex.uuid }),
    ]);
    expect(await store.affiliations.listCurrent(tenantUuid, { company_uuid: initech.uuid })).toEqual([]);
  });

  it("names a Chinese, Japanese or Korean person family name first, found by the name as typed", async () => {
    const yamada = await store.persons.create({ tenant_uuid: tenantUuid, first_name: "太郎", last_name: "山田" });
    const kim = await store.persons.create({ tenant_uuid: tenantUuid, first_name: "민수", last_name: "김" });
    expect([yamada.name, kim.name]).toEqual(["山田太郎", "김민수"]);
    expect((await store.persons.update(tenantUuid, yamada.uuid, { first_name: "花子" }))!.name).toBe("山田花子");
    const named = async (name: string) =>
      (await store.persons.list(tenantUuid, { position: { kind: "offset", offset: 0 }, limit: 10, filters: { name }, sort_by: "name", order: "asc" })).rows.map((person) => person.name);
    expect(await named("山田花子")).toEqual(["山田花子"]);
    expect(await named("山田 花子")).toEqual(["山田花子"]);
    expect(await named("김민수")).toEqual(["김민수"]);
  });

  it("rejects an unknown company and a taken email, writing nothing", async () => {
    await expect(
      store.persons.create({ tenant_uuid: tenantUuid, name: "X", primary_company_uuid: "00000000-0000-4000-8000-000000000000" }),
    ).rejects.toBeInstanceOf(InvalidInputError);
    await store.persons.create({ tenant_uuid: tenantUuid, name: "Ada", emails: ["ada@example.com"] });
    await expect(store.persons.create({ tenant_uuid: tenantUuid, name: "Ada 2", emails: ["new@example.com", "ADA@example.com"] })).rejects.toBeInstanceOf(
      ConflictError,
    );
    expect(await store.persons.findByEmails(tenantUuid, ["new@example.com"])).toEqual(new Map());
  });

  it("refuses a person with no name, email address or LinkedIn URL, as the REST API does, and writes nothing", async () => {
    const refusal = "persons.create: a person needs at least a name (name, first_name or last_name), an email address or a LinkedIn URL";
    for (const input of [{}, { name: "  ", first_name: "", last_name: null, emails: [" ", { address: "mailto:" }], linkedin_url: " " }, { job_title: "CEO", city: "Paris" }]) {
      await expect(store.persons.create({ tenant_uuid: tenantUuid, ...input }), JSON.stringify(input)).rejects.toThrow(new InvalidInputError(refusal));
    }
    const page = await store.persons.list(tenantUuid, { filters: {}, sort_by: "name", order: "asc", position: { kind: "offset", offset: 0 }, limit: 10 });
    expect(page.total).toBe(0);
    const identified = [{ last_name: "Park" }, { emails: [{ address: "ada@acme.example" }] }, { linkedin_url: "https://www.linkedin.com/in/ada-park" }];
    const created = await Promise.all(identified.map((input) => store.persons.create({ tenant_uuid: tenantUuid, ...input })));
    expect(created.map((person) => person.name)).toEqual(["Park", "ada@acme.example", ""]);
  });

  it("updates only the fields given, replaces emails, and ends the previous tenure on a job change", async () => {
    const globex = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Globex" });
    const initech = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Initech" });
    const person = await store.persons.create({
      tenant_uuid: tenantUuid,
      name: "Grace Hopper",
      emails: ["grace@globex.example"],
      job_title: "CTO",
      city: "Boston",
      primary_company_uuid: globex.uuid,
    });
    clock += 60_000;
    const updated = await store.persons.update(tenantUuid, person.uuid, {
      primary_company_uuid: initech.uuid,
      job_title: "CEO",
      emails: [{ address: "grace@home.example" }, { address: "Grace@Initech.example", is_primary: true }],
    });
    expect(updated).toMatchObject({
      name: "Grace Hopper",
      city: "Boston",
      job_title: "CEO",
      primary_company_uuid: initech.uuid,
      service_updated_at: clock,
      emails: [
        { address: "grace@initech.example", is_primary: true },
        { address: "grace@home.example", is_primary: false },
      ],
    });
    expect(updated!.affiliations).toEqual([
      expect.objectContaining({ company_uuid: initech.uuid, title: "CEO", is_current: true }),
      expect.objectContaining({ company_uuid: globex.uuid, title: "CTO", is_current: false, ended_on: "2026-11-21" }),
    ]);
    expect(await store.persons.findByEmails(tenantUuid, ["grace@globex.example", "grace@home.example"])).toEqual(
      new Map([["grace@home.example", person.uuid]]),
    );
    expect(await store.persons.update(tenantUuid, "00000000-0000-4000-8000-000000000000", { city: "X" })).toBeNull();
  });

  it("leaves a person untitled on a job change that names no new title: the old title was the old company's", async () => {
    const globex = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Globex" });
    const initech = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Initech" });
    const person = await store.persons.create({ tenant_uuid: tenantUuid, name: "Grace Hopper", job_title: "CTO", primary_company_uuid: globex.uuid });
    const moved = await store.persons.update(tenantUuid, person.uuid, { primary_company_uuid: initech.uuid });
    expect(moved!.job_title).toBeNull();
    expect(moved!.affiliations).toEqual([
      expect.objectContaining({ company_uuid: initech.uuid, title: null, is_current: true }),
      expect.objectContaining({ company_uuid: globex.uuid, title: "CTO", is_current: false, ended_on: "2026-11-21" }),
    ]);
    // Leaving for no company is a job change too; a title given with the first company is kept.
    const left = await store.persons.update(tenantUuid, person.uuid, { job_title: "CEO" }).then(() => store.persons.update(tenantUuid, person.uuid, { primary_company_uuid: null }));
    expect(left!.job_title).toBeNull();
    const untied = await store.persons.create({ tenant_uuid: tenantUuid, name: "Ada", job_title: "Angel investor" });
    expect((await store.persons.update(tenantUuid, untied.uuid, { primary_company_uuid: initech.uuid }))!.job_title).toBe("Angel investor");
  });

  it("refuses affiliations that list the primary company only as past, writing nothing, and takes the move with a new primary", async () => {
    const targetco = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "TargetCo" });
    const newco = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "NewCo" });
    const cindy = await store.persons.create({ tenant_uuid: tenantUuid, name: "Cindy", primary_company_uuid: targetco.uuid, job_title: "CFO" });
    const leftTargetco = [{ company_uuid: targetco.uuid, is_current: false, ended_on: "2026-10-31" }];
    const refusal = `affiliations list company ${targetco.uuid} only as a past tenure, but it is the primary company (primary_company_uuid)`;
    // Until then she stayed current at TargetCo beside the past tenure sent, and counted for it in every ranking.
    await expect(store.persons.update(tenantUuid, cindy.uuid, { affiliations: leftTargetco })).rejects.toThrow(InvalidInputError);
    await expect(store.persons.update(tenantUuid, cindy.uuid, { affiliations: [...leftTargetco, { company_uuid: newco.uuid }], city: "Austin" })).rejects.toThrow(refusal);
    expect(await store.persons.get(tenantUuid, cindy.uuid)).toMatchObject({
      city: null,
      primary_company_uuid: targetco.uuid,
      affiliations: [expect.objectContaining({ company_uuid: targetco.uuid, is_current: true, title: "CFO" })],
    });
    await expect(store.persons.create({ tenant_uuid: tenantUuid, name: "Dan", primary_company_uuid: targetco.uuid, affiliations: leftTargetco })).rejects.toThrow(refusal);

    const moved = await store.persons.update(tenantUuid, cindy.uuid, { primary_company_uuid: newco.uuid, affiliations: [...leftTargetco, { company_uuid: newco.uuid }] });
    expect(moved!.affiliations).toEqual([
      expect.objectContaining({ company_uuid: newco.uuid, is_current: true }),
      expect.objectContaining({ company_uuid: targetco.uuid, is_current: false, ended_on: "2026-10-31" }),
    ]);
    expect(await store.affiliations.listCurrent(tenantUuid, { company_uuid: targetco.uuid })).toEqual([]);
    // A past tenure beside a current one at the primary company (a return) is no contradiction.
    const back = await store.persons.update(tenantUuid, cindy.uuid, { primary_company_uuid: targetco.uuid, affiliations: [...leftTargetco, { company_uuid: targetco.uuid }] });
    expect(back!.affiliations.map((affiliation) => [affiliation.company_uuid, affiliation.is_current])).toEqual([
      [targetco.uuid, true],
      [targetco.uuid, false],
    ]);
  });

  it("finds persons by LinkedIn URL form and by domain of an email or a current employer", async () => {
    const acme = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Acme", domain: "https://www.Acme.com/" });
    expect(acme.domain).toBe("acme.com");
    const jane = await store.persons.create({ tenant_uuid: tenantUuid, name: "Jane", linkedin_url: "https://www.linkedin.com/in/jane-doe/" });
    const bob = await store.persons.create({ tenant_uuid: tenantUuid, name: "Bob", emails: ["bob@acme.com"] });
    const carol = await store.persons.create({ tenant_uuid: tenantUuid, name: "Carol", primary_company_uuid: acme.uuid });
    await store.persons.create({ tenant_uuid: tenantUuid, name: "Dan", emails: ["dan@sub.acme.com"] });
    expect(await store.persons.findByLinkedinUrls(tenantUuid, ["linkedin.com/in/JANE-DOE?x=1", "linkedin.com/in/nobody"])).toEqual(
      new Map([["linkedin.com/in/jane-doe", [jane.uuid]]]),
    );
    expect(await store.persons.findByDomain(tenantUuid, "acme.com", 10)).toEqual({ uuids: [bob.uuid, carol.uuid], total: 2 });
    expect(await store.persons.findByDomain(tenantUuid, "acme.com", 1)).toEqual({ uuids: [bob.uuid], total: 2 });
  });
});

describe("person display records", () => {
  it("agree with the full records, with the primary company's name, and leave out other tenants' and merged persons", async () => {
    const acme = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Acme Corp", logo_url: "https://logo.example/acme.png" });
    const jane = await store.persons.create({
      tenant_uuid: tenantUuid,
      name: "Jane Doe",
      job_title: "CFO",
      emails: ["jane@acme.example", { address: "j.doe@home.example", is_primary: true }],
      primary_company_uuid: acme.uuid,
      linkedin_url: "https://linkedin.com/in/jane",
      tags: ["board"],
    });
    const bare = await store.persons.create({ tenant_uuid: tenantUuid, name: "No Company" });
    const merged = await store.persons.create({ tenant_uuid: tenantUuid, name: "Jane D." });
    await store.personMerges.merge({ tenant_uuid: tenantUuid, canonical_uuid: jane.uuid, superseded_uuid: merged.uuid, preview: false, merged_by_user_uuid: null });
    const otherTenant = (await store.tenants.create({ name: "Other", tier: "standard" })).uuid;
    const stranger = await store.persons.create({ tenant_uuid: otherTenant, name: "Stranger" });

    const asked = [jane.uuid, bare.uuid, jane.uuid, merged.uuid, stranger.uuid, "unknown"];
    let cards = new Map<string, unknown>();
    const cardStatements = await readDuring(async () => {
      cards = await store.persons.displayCards(tenantUuid, asked);
    });
    const displays = await store.persons.displays(tenantUuid, asked);
    expect([...displays.keys()].sort()).toEqual([jane.uuid, bare.uuid].sort());
    const full = await store.persons.getMany(tenantUuid, [jane.uuid, bare.uuid]);
    for (const [uuid, display] of displays) {
      const person = full.get(uuid)!;
      const { emails, primary_company, ...fields } = display;
      expect(fields).toEqual({
        uuid,
        name: person.name,
        job_title: person.job_title,
        primary_company_uuid: person.primary_company_uuid,
        linkedin_url: person.linkedin_url,
        twitter_url: person.twitter_url,
        facebook_url: person.facebook_url,
        logo_url: person.logo_url,
        tags: person.tags,
      });
      expect(emails).toEqual(person.emails);
    }
    expect(displays.get(jane.uuid)?.emails.map((email) => email.address)).toEqual(["j.doe@home.example", "jane@acme.example"]);
    expect(displays.get(jane.uuid)?.primary_company).toEqual({ uuid: acme.uuid, company_name: "Acme Corp", logo_url: "https://logo.example/acme.png" });
    expect(displays.get(bare.uuid)?.primary_company).toBeNull();
    expect(await store.persons.displays(tenantUuid, [])).toEqual(new Map());

    // The cards (read first, before any display record is remembered) are the same records without the
    // emails, and read none.
    expect(cards).toEqual(new Map([...displays].map(([uuid, { emails: _emails, ...card }]) => [uuid, card])));
    expect(cardStatements.some((source) => /from "persons"/.test(source))).toBe(true);
    expect(cardStatements.filter((source) => /person_emails/.test(source))).toEqual([]);
  });

  it("list a person's emails primary first, then oldest first, then by address", async () => {
    const kept = await store.persons.create({ tenant_uuid: tenantUuid, name: "Kept", emails: ["z@old.example", { address: "m@old.example", is_primary: true }, "b@old.example"] });
    clock += 1_000;
    const later = await store.persons.create({ tenant_uuid: tenantUuid, name: "Later", emails: ["a@new.example"] });
    await store.personMerges.merge({ tenant_uuid: tenantUuid, canonical_uuid: kept.uuid, superseded_uuid: later.uuid, preview: false, merged_by_user_uuid: null });
    const expected = ["m@old.example", "b@old.example", "z@old.example", "a@new.example"];
    const displays = await store.persons.displays(tenantUuid, [kept.uuid]);
    expect(displays.get(kept.uuid)?.emails.map((email) => email.address)).toEqual(expected);
    expect((await store.persons.get(tenantUuid, kept.uuid))?.emails.map((email) => [email.address, email.is_primary])).toEqual([
      [expected[0], true],
      ...expected.slice(1).map((address) => [address, false]),
    ]);
  });
});

describe("entity lists", () => {
  it("adds members of the list's kind only, idempotently, and removes them", async () => {
    const person = await store.persons.create({ tenant_uuid: tenantUuid, name: "Jane" });
    const company = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Acme" });
    const list = await store.entityLists.create({ tenant_uuid: tenantUuid, name: "Founders", kind: "persons", owner_user_uuid: null });
    expect(await store.entityLists.addMembers(tenantUuid, list.uuid, [person.uuid, person.uuid], null)).toEqual({ added: 1, already_members: 0 });
    expect(await store.entityLists.addMembers(tenantUuid, list.uuid, [person.uuid], null)).toEqual({ added: 0, already_members: 1 });
    await expect(store.entityLists.addMembers(tenantUuid, list.uuid, [company.uuid], null)).rejects.toThrow(/is a company, and this list holds persons/);
    expect((await store.entityLists.get(tenantUuid, list.uuid))?.member_count).toBe(1);
    expect((await store.entityLists.listsContaining(tenantUuid, person.uuid)).map((found) => found.uuid)).toEqual([list.uuid]);
    expect(await store.entityLists.removeMember(tenantUuid, list.uuid, person.uuid)).toBe(true);
    expect(await store.entityLists.removeMember(tenantUuid, list.uuid, person.uuid)).toBe(false);
    expect(await store.entityLists.delete(tenantUuid, list.uuid)).toBe(true);
    expect(await store.entityLists.get(tenantUuid, list.uuid)).toBeNull();
  });
});

describe("person merges", () => {
  it("previews without persisting, then merges: references move, the superseded person is gone", async () => {
    const canonical = await store.persons.create({ tenant_uuid: tenantUuid, name: "Jane", emails: ["jane@a.example"] });
    const superseded = await store.persons.create({ tenant_uuid: tenantUuid, name: "J.", emails: ["j@b.example"], city: "Oslo" });
    const list = await store.entityLists.create({ tenant_uuid: tenantUuid, name: "L", kind: "persons", owner_user_uuid: null });
    await store.entityLists.addMembers(tenantUuid, list.uuid, [superseded.uuid], null);
    clock += 1_000;
    const request = { tenant_uuid: tenantUuid, canonical_uuid: canonical.uuid, superseded_uuid: superseded.uuid, merged_by_user_uuid: null };

    const preview = await store.personMerges.merge({ ...request, preview: true });
    expect(preview).toMatchObject({ preview: true, moved: { emails: 1, list_memberships: 1 }, merged: { city: "Oslo", service_updated_at: clock } });
    expect(await store.persons.get(tenantUuid, superseded.uuid)).not.toBeNull();
    expect((await store.persons.get(tenantUuid, canonical.uuid))?.city).toBeNull();
    expect(await store.personMerges.listInto(tenantUuid, canonical.uuid)).toEqual([]);

    const merged = await store.personMerges.merge({ ...request, preview: false });
    expect(merged.merged.emails.map((email) => [email.address, email.is_primary])).toEqual([
      ["jane@a.example", true],
      ["j@b.example", false],
    ]);
    expect(await store.persons.get(tenantUuid, superseded.uuid)).toBeNull();
    expect(await store.personMerges.mergedInto(tenantUuid, superseded.uuid)).toBe(canonical.uuid);
    expect(await store.personMerges.mergedInto(tenantUuid, canonical.uuid)).toBeNull();
    expect((await store.entityLists.listsContaining(tenantUuid, canonical.uuid)).map((found) => found.uuid)).toEqual([list.uuid]);
    await expect(store.personMerges.merge({ ...request, preview: false })).rejects.toBeInstanceOf(ConflictError);
  });

  it("makes the canonical person the sender and organizer of the superseded one's emails and meetings, and only of those", async () => {
    const canonical = await store.persons.create({ tenant_uuid: tenantUuid, name: "Jane", emails: ["jane@a.example"] });
    const superseded = await store.persons.create({ tenant_uuid: tenantUuid, name: "J.", emails: ["j@b.example"] });
    const other = await store.persons.create({ tenant_uuid: tenantUuid, name: "Olga", emails: ["olga@c.example"] });
    const sent = await store.emails.ingest(tenantUuid, { message_id: "sent", sent_at: 1, from: { email: "j@b.example" }, to: [{ email: "jane@a.example" }] });
    const received = await store.emails.ingest(tenantUuid, { message_id: "received", sent_at: 2, from: { email: "olga@c.example" }, to: [{ email: "j@b.example" }] });
    // The canonical person also attends: the superseded one's attendee row goes, the organizer still moves.
    const organized = await store.meetings.create(tenantUuid, { title: "Organized", starts_at: 3, organizer: { person_uuid: superseded.uuid }, attendees: [{ person_uuid: canonical.uuid }] });
    const attended = await store.meetings.create(tenantUuid, { title: "Attended", starts_at: 4, organizer: { person_uuid: other.uuid }, attendees: [{ person_uuid: superseded.uuid }] });

    const outcome = await store.personMerges.merge({ tenant_uuid: tenantUuid, canonical_uuid: canonical.uuid, superseded_uuid: superseded.uuid, preview: false, merged_by_user_uuid: null });
    // Moved: the "from" row of sent, the "to" row of received, the attendee row of attended (on organized the
    // canonical person already attends: that row is dropped, not moved), the sender and the organizer.
    expect(outcome.moved.activity).toBe(5);
    expect(await store.emails.get(tenantUuid, "sent")).toMatchObject({ uuid: sent.email.uuid, from_person_uuid: canonical.uuid, to_person_uuids: [canonical.uuid] });
    expect(await store.emails.get(tenantUuid, "received")).toMatchObject({ uuid: received.email.uuid, from_person_uuid: other.uuid, to_person_uuids: [canonical.uuid] });
    const organizedNow = await store.meetings.get(tenantUuid, organized.uuid);
    expect(organizedNow?.organizer_person_uuid).toBe(canonical.uuid);
    expect(organizedNow?.attendees.map((attendee) => attendee.person_uuid)).toEqual([canonical.uuid]);
    const attendedNow = await store.meetings.get(tenantUuid, attended.uuid);
    expect(attendedNow?.organizer_person_uuid).toBe(other.uuid);
    expect(attendedNow?.attendees.map((attendee) => attendee.person_uuid).sort()).toEqual([canonical.uuid, other.uuid].sort());
  });
});
