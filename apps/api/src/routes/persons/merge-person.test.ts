/** POST /v1/persons/{person_uuid}/merge: the spec's States table and Errors, preview and real merge. */
import { personReferenceMovers } from "@rapport/store";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { databaseSnapshotBesideUsage } from "../../testing/database-snapshot.js";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;

beforeEach(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
});
afterEach(() => context.close());

const json = async (response: Response) => (await response.json()) as Record<string, any>;

async function merge(canonicalUuid: string, body: Record<string, unknown>, key = acme.key) {
  const response = await context.request(`/v1/persons/${canonicalUuid}/merge`, { key, method: "POST", body });
  return { status: response.status, body: await json(response) };
}

const getPerson = async (uuid: string) => {
  const response = await context.request(`/v1/persons/${uuid}`, { key: acme.key });
  return { status: response.status, body: await json(response) };
};

/** Two records of one person, each with references of every kind this branch has. */
async function duplicates() {
  const { store } = context.services;
  const tenantUuid = acme.tenant.uuid;
  const globex = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Globex" });
  const initech = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Initech" });
  const umbra = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Umbra" });
  const canonical = await store.persons.create({
    tenant_uuid: tenantUuid,
    name: "Jane Doe",
    emails: ["jane@globex.example"],
    primary_company_uuid: globex.uuid,
    tags: ["investor"],
  });
  context.clock.advance(1_000);
  const superseded = await store.persons.create({
    tenant_uuid: tenantUuid,
    name: "J. Doe",
    emails: ["jdoe@gmail.example", "jane.doe@initech.example"],
    job_title: "CTO",
    primary_company_uuid: globex.uuid,
    linkedin_url: "https://www.linkedin.com/in/jane-doe",
    city: "Boston",
    tags: ["Investor", "founder"],
    affiliations: [{ company_uuid: initech.uuid, title: "Engineer", is_current: false, started_on: "2015-01-01", ended_on: "2019-12-31" }],
  });
  // An earlier duplicate already merged into the superseded record.
  const older = await store.persons.create({ tenant_uuid: tenantUuid, name: "Jane D.", emails: ["jd@umbra.example"], primary_company_uuid: umbra.uuid });
  await store.personMerges.merge({ tenant_uuid: tenantUuid, canonical_uuid: superseded.uuid, superseded_uuid: older.uuid, preview: false, merged_by_user_uuid: null });
  const onlySuperseded = await store.entityLists.create({ tenant_uuid: tenantUuid, name: "Founders", kind: "persons", owner_user_uuid: null });
  const both = await store.entityLists.create({ tenant_uuid: tenantUuid, name: "Investors", kind: "persons", owner_user_uuid: null });
  await store.entityLists.addMembers(tenantUuid, onlySuperseded.uuid, [superseded.uuid], null);
  await store.entityLists.addMembers(tenantUuid, both.uuid, [canonical.uuid, superseded.uuid], null);
  return { globex, initech, umbra, canonical, superseded, older, onlySuperseded, both };
}

describe("POST /v1/persons/{person_uuid}/merge with preview: true", () => {
  it("persists nothing (every row of every table unchanged) and shows canonical, superseded and merged", async () => {
    const { canonical, superseded, initech, umbra } = await duplicates();
    context.clock.advance(60_000);
    const before = databaseSnapshotBesideUsage(context.databasePath);
    const { status, body } = await merge(canonical.uuid, { superseded_person_uuid: superseded.uuid, preview: true });
    expect(status).toBe(200);
    const after = databaseSnapshotBesideUsage(context.databasePath);
    expect(after).toEqual(before);
    // The only write is the rate limiter counting the request itself (written within its flush period).
    expect(await context.services.store.usage.monthly(acme.tenant.uuid, "2026-11")).toBe(1);

    expect(body).toMatchObject({ canonical_uuid: canonical.uuid, superseded_uuid: superseded.uuid, merged: false, person: null });
    expect(body.preview.canonical).toMatchObject({ uuid: canonical.uuid, city: null, service_updated_at: canonical.service_updated_at });
    expect(body.preview.superseded).toMatchObject({ uuid: superseded.uuid, city: "Boston", service_updated_at: superseded.service_updated_at });
    expect(body.preview.merged).toMatchObject({
      uuid: canonical.uuid,
      name: "Jane Doe",
      email: "jane@globex.example",
      job_title: "CTO",
      city: "Boston",
      linkedin_url: "https://www.linkedin.com/in/jane-doe",
      tags: ["investor", "founder"],
      service_updated_at: context.clock.now(),
    });
    expect(body.preview.merged.emails.map((email: { address: string }) => email.address).sort()).toEqual(
      ["jane.doe@initech.example", "jane@globex.example", "jd@umbra.example", "jdoe@gmail.example"].sort(),
    );
    expect(body.preview.merged.affiliations.map((affiliation: { company: { uuid: string } }) => affiliation.company.uuid)).toEqual(
      expect.arrayContaining([initech.uuid, umbra.uuid]),
    );
    expect(body.moved).toMatchObject({ emails: 3, list_memberships: 1, merged_persons: 1 });

    // Still two persons, both readable, unchanged.
    expect((await getPerson(superseded.uuid)).body).toMatchObject({ uuid: superseded.uuid, service_updated_at: superseded.service_updated_at });
    expect((await getPerson(canonical.uuid)).body.service_updated_at).toBe(canonical.service_updated_at);
  });

  it("previews exactly what the real merge then does, relationship fields included", async () => {
    const { canonical, superseded } = await duplicates();
    // Each record has its own relationships: the merged person has both.
    const { store } = context.services;
    const now = context.clock.now();
    await store.emails.ingest(acme.tenant.uuid, { message_id: "<old@acme>", sent_at: now - 40 * 86_400_000, from: { person_uuid: acme.admin.person_uuid }, to: [{ person_uuid: canonical.uuid }] });
    await store.emails.ingest(acme.tenant.uuid, { message_id: "<new@acme>", sent_at: now - 86_400_000, from: { person_uuid: acme.member.person_uuid }, to: [{ person_uuid: superseded.uuid }] });
    const before = (await getPerson(canonical.uuid)).body;
    const preview = await merge(canonical.uuid, { superseded_person_uuid: superseded.uuid, preview: true });
    expect(preview.body.preview.canonical.strongest_relationships).toEqual(before.strongest_relationships);
    expect(preview.body.preview.merged.strongest_relationships.map((row: { user_uuid: string }) => row.user_uuid).sort()).toEqual([acme.admin.uuid, acme.member.uuid].sort());
    expect(preview.body.preview.merged.last_activity_date).not.toBe(before.last_activity_date);
    const real = await merge(canonical.uuid, { superseded_person_uuid: superseded.uuid });
    expect(real.body.moved).toEqual(preview.body.moved);
    const { affiliations: previewAffiliations, ...previewRest } = preview.body.preview.merged;
    const { affiliations: realAffiliations, ...realRest } = real.body.person;
    expect(realRest).toEqual(previewRest);
    expect(realAffiliations).toHaveLength(previewAffiliations.length);
  });

  it("previews the meetings the merge stops counting: one the canonical person declined", async () => {
    const { canonical, superseded } = await duplicates();
    const { store } = context.services;
    const now = context.clock.now();
    const day = 86_400_000;
    await store.emails.ingest(acme.tenant.uuid, { message_id: "<old@acme>", sent_at: now - 40 * day, from: { person_uuid: acme.admin.person_uuid }, to: [{ person_uuid: canonical.uuid }] });
    // The superseded record attended a meeting with a member yesterday; the canonical one declined it.
    await store.meetings.create(acme.tenant.uuid, {
      title: "Intro",
      starts_at: now - day,
      attendees: [{ person_uuid: acme.member.person_uuid }, { person_uuid: superseded.uuid }, { person_uuid: canonical.uuid, response: "declined" }],
    });
    const preview = await merge(canonical.uuid, { superseded_person_uuid: superseded.uuid, preview: true });
    const real = await merge(canonical.uuid, { superseded_person_uuid: superseded.uuid });
    // The merged person declined it: their last activity is the email, and the member's meeting no relationship.
    expect(real.body.person.last_activity_date).toBe(new Date(now - 40 * day).toISOString().slice(0, 10));
    expect(preview.body.preview.merged.last_activity_date).toBe(real.body.person.last_activity_date);
    expect(preview.body.preview.merged.strongest_relationships).toEqual(real.body.person.strongest_relationships);
  });
});

describe("POST /v1/persons/{person_uuid}/merge", () => {
  it("moves every kind of reference to the canonical person and removes the superseded one", async () => {
    const { canonical, superseded, older, globex, initech, umbra, onlySuperseded, both } = await duplicates();
    const note = (uuids: string[]) =>
      context.services.store.notes.create(
        { tenant_uuid: acme.tenant.uuid, content: "Met Jane", associations: uuids.map((entity_uuid) => ({ entity_type: "PERSON" as const, entity_uuid })) },
        { user_uuid: null },
      );
    await note([canonical.uuid, superseded.uuid]);
    await note([superseded.uuid]);
    context.clock.advance(60_000);
    const { status, body } = await merge(canonical.uuid, { superseded_person_uuid: superseded.uuid }, acme.memberKey);
    expect(status).toBe(200);
    expect(body).toMatchObject({ merged: true, preview: null });
    // Every mover ran: a kind added by another feature shows up here too. One list membership moved; on the list
    // that had both, the superseded one was a duplicate, dropped.
    expect(Object.keys(body.moved).sort()).toEqual(personReferenceMovers.map((mover) => mover.kind).sort());
    // Duplicates dropped are not moved: the Globex tenure folded into the canonical one, the link of the note on both
    // (until 2026-12-07 both counted: 3 affiliations, 2 links).
    expect(body.moved).toEqual(expect.objectContaining({ emails: 3, affiliations: 2, list_memberships: 1, merged_persons: 1, deal_references: 1 }));

    // Emails: the union, the canonical primary still primary.
    const merged = (await getPerson(canonical.uuid)).body;
    expect(merged.emails[0]).toEqual({ address: "jane@globex.example", is_primary: true });
    expect(merged.emails.filter((email: { is_primary: boolean }) => email.is_primary)).toHaveLength(1);
    expect(merged.emails).toHaveLength(4);
    const lookedUp = await context.request("/v1/persons/lookup/batch", {
      key: acme.key,
      method: "POST",
      body: { criteria: [{ email: "jdoe@gmail.example" }, { linkedin_url: "linkedin.com/in/jane-doe" }, { email: "jd@umbra.example" }] },
    });
    expect((await json(lookedUp)).results.map((result: { matches: Array<{ uuid: string }> }) => result.matches.map((match) => match.uuid))).toEqual([
      [canonical.uuid],
      [canonical.uuid],
      [canonical.uuid],
    ]);

    // Affiliations: the duplicate current one at Globex is folded in; the past one at Initech and Umbra moved.
    const byCompany = (uuid: string) => merged.affiliations.filter((affiliation: { company: { uuid: string } }) => affiliation.company.uuid === uuid);
    expect(byCompany(globex.uuid)).toEqual([expect.objectContaining({ is_current: true, title: "CTO" })]);
    expect(byCompany(initech.uuid)).toEqual([expect.objectContaining({ is_current: false, title: "Engineer" })]);
    expect(byCompany(umbra.uuid)).toHaveLength(1);
    const current = await context.services.store.affiliations.listCurrent(acme.tenant.uuid, { company_uuid: globex.uuid });
    expect(current.map((affiliation) => affiliation.person_uuid)).toEqual([canonical.uuid]);

    // List memberships: moved, without duplicating the list both were in.
    const members = async (listUuid: string) =>
      (await json(await context.request(`/v1/lists/${listUuid}/entities`, { key: acme.key }))).items.map((item: { entity_uuid: string }) => item.entity_uuid);
    expect(await members(onlySuperseded.uuid)).toEqual([canonical.uuid]);
    expect(await members(both.uuid)).toEqual([canonical.uuid]);

    // Fields: empty canonical fields filled, tags united (one of a tag in two cases); service_updated_at bumped.
    expect(merged).toMatchObject({ name: "Jane Doe", job_title: "CTO", city: "Boston", tags: ["investor", "founder"], service_updated_at: context.clock.now() });

    // The superseded uuid (and the one merged into it before) now answer 404 naming the canonical person.
    for (const gone of [superseded.uuid, older.uuid]) {
      const read = await getPerson(gone);
      expect(read.status).toBe(404);
      expect(read.body.error).toBe(`person ${gone} was merged into person ${canonical.uuid}`);
    }
    const update = await context.request(`/v1/persons/${superseded.uuid}`, { key: acme.key, method: "PUT", body: { city: "Paris" } });
    expect(update.status).toBe(404);
    const listed = await json(await context.request("/v1/persons?per_page=50", { key: acme.key }));
    expect(listed.items.map((item: { uuid: string }) => item.uuid)).not.toContain(superseded.uuid);
    expect((await context.services.store.personMerges.listInto(acme.tenant.uuid, canonical.uuid)).map((record) => record.superseded_uuid).sort()).toEqual(
      [superseded.uuid, older.uuid].sort(),
    );
  });

  it("names the merged-away persons on the canonical person, which a modified_since poll from before the merge brings", async () => {
    const { canonical, superseded, older } = await duplicates();
    const untouched = await context.services.store.persons.create({ tenant_uuid: acme.tenant.uuid, name: "Someone Else" });
    expect((await getPerson(superseded.uuid)).body.merged_person_uuids).toEqual([older.uuid]);
    context.clock.advance(60_000);
    const pollFrom = new Date(context.clock.now()).toISOString();
    const { body } = await merge(canonical.uuid, { superseded_person_uuid: superseded.uuid });
    const mergedAway = [older.uuid, superseded.uuid].sort();
    expect(body.person.merged_person_uuids).toEqual(mergedAway);

    const polled = await context.request(`/v1/persons?modified_since=${pollFrom}`, { key: acme.key });
    const items = (await json(polled)).items as Array<Record<string, any>>;
    expect(items.map((item) => item.uuid)).toEqual([canonical.uuid]);
    expect(items[0]!.merged_person_uuids).toEqual(mergedAway);
    expect((await getPerson(canonical.uuid)).body.merged_person_uuids).toEqual(mergedAway);
    expect((await getPerson(untouched.uuid)).body.merged_person_uuids).toEqual([]);
  });

  it("answers 409 for the same uuid twice and for persons already merged, either way round", async () => {
    const { canonical, superseded } = await duplicates();
    const same = await merge(canonical.uuid, { superseded_person_uuid: canonical.uuid });
    expect(same.status).toBe(409);
    expect(same.body.error).toMatch(/same person/);
    expect((await merge(canonical.uuid, { superseded_person_uuid: superseded.uuid })).status).toBe(200);
    for (const [into, from] of [
      [canonical.uuid, superseded.uuid],
      [superseded.uuid, canonical.uuid],
    ] as const) {
      for (const preview of [false, true]) {
        const again = await merge(into, { superseded_person_uuid: from, preview });
        expect(again.status).toBe(409);
        expect(again.body.error).toBe(`person ${superseded.uuid} was already merged into person ${canonical.uuid}`);
      }
    }
  });

  it("answers 404 when either uuid does not exist, or belongs to another tenant", async () => {
    const { canonical, superseded } = await duplicates();
    const unknown = "00000000-0000-4000-8000-000000000000";
    const missingSuperseded = await merge(canonical.uuid, { superseded_person_uuid: unknown });
    expect(missingSuperseded.status).toBe(404);
    expect(missingSuperseded.body.error).toBe(`person ${unknown} not found`);
    expect((await merge(unknown, { superseded_person_uuid: superseded.uuid, preview: true })).status).toBe(404);

    const other = await buildTenant(context.services, { name: "Other" });
    const theirs = await context.services.store.persons.create({ tenant_uuid: other.tenant.uuid, name: "Theirs" });
    expect((await merge(canonical.uuid, { superseded_person_uuid: theirs.uuid }, acme.adminKey)).status).toBe(404);
    expect((await merge(theirs.uuid, { superseded_person_uuid: canonical.uuid }, acme.adminKey)).status).toBe(404);
    expect((await context.services.store.persons.get(other.tenant.uuid, theirs.uuid))?.name).toBe("Theirs");
    expect((await getPerson(canonical.uuid)).status).toBe(200);
  });

  it("answers 400 for two users' own persons, active or deactivated, either way round, and changes nothing (409 is only for the same person or one already merged)", async () => {
    const { store } = context.services;
    const refusal = (superseded: { uuid: string; person_uuid: string }, canonical: { uuid: string; person_uuid: string }, deactivated = "") =>
      `person ${superseded.person_uuid} is user ${superseded.uuid}'s own${deactivated} and person ${canonical.person_uuid} is user ${canonical.uuid}'s own: ` +
      "two users never share a person, so neither can be merged into the other";
    const before = databaseSnapshotBesideUsage(context.databasePath);
    for (const preview of [false, true]) {
      const memberIntoAdmin = await merge(acme.admin.person_uuid, { superseded_person_uuid: acme.member.person_uuid, preview });
      expect(memberIntoAdmin).toEqual({ status: 400, body: { error: refusal(acme.member, acme.admin) } });
      const adminIntoMember = await merge(acme.member.person_uuid, { superseded_person_uuid: acme.admin.person_uuid, preview });
      expect(adminIntoMember).toEqual({ status: 400, body: { error: refusal(acme.admin, acme.member) } });
    }
    const after = databaseSnapshotBesideUsage(context.databasePath);
    expect(after).toEqual(before);

    await store.users.deactivate(acme.tenant.uuid, acme.member.uuid);
    const deactivated = await merge(acme.admin.person_uuid, { superseded_person_uuid: acme.member.person_uuid });
    expect(deactivated).toEqual({ status: 400, body: { error: refusal(acme.member, acme.admin, " (a deactivated user)") } });
    expect((await getPerson(acme.member.person_uuid)).status).toBe(200);
    expect(await store.users.reactivate(acme.tenant.uuid, acme.member.uuid)).toBe(true);
  });

  it("answers 400, changing nothing, when the merged person would hold more addresses or tags than a PUT writes back", async () => {
    const { store } = context.services;
    const tenantUuid = acme.tenant.uuid;
    const addresses = (prefix: string, count: number) => Array.from({ length: count }, (_, index) => `${prefix}${index}@example.com`);
    const labels = (prefix: string, count: number) => Array.from({ length: count }, (_, index) => `${prefix}${index}`);
    const full = await store.persons.create({ tenant_uuid: tenantUuid, name: "Jane Doe", emails: addresses("jane", 20), tags: labels("a", 50) });
    const moreAddresses = await store.persons.create({ tenant_uuid: tenantUuid, name: "J. Doe", emails: ["jd@example.com"] });
    const moreTags = await store.persons.create({ tenant_uuid: tenantUuid, name: "J. D.", tags: ["a0", "b0"] });
    const before = databaseSnapshotBesideUsage(context.databasePath);
    for (const preview of [true, false]) {
      expect(await merge(full.uuid, { superseded_person_uuid: moreAddresses.uuid, preview })).toEqual({
        status: 400,
        body: { error: "the merged person would hold 21 email addresses, more than the 20 a person may hold: remove some from either person (PUT /v1/persons/{person_uuid}), then merge" },
      });
      expect((await merge(full.uuid, { superseded_person_uuid: moreTags.uuid, preview })).body.error).toMatch(/^the merged person would hold 51 tags, more than the 50/);
    }
    expect(databaseSnapshotBesideUsage(context.databasePath)).toEqual(before);
    // At the limits the merge is taken, and the merged person is written back as read.
    const merged = await merge(moreTags.uuid, { superseded_person_uuid: moreAddresses.uuid });
    expect(merged.status).toBe(200);
    const { emails, tags } = (await getPerson(moreTags.uuid)).body;
    const written = await context.request(`/v1/persons/${moreTags.uuid}`, { key: acme.key, method: "PUT", body: { emails, tags } });
    expect(written.status).toBe(200);
  });

  it("answers 400 for other validation failures: an internal user's person as the superseded side, a bad body", async () => {
    const contact = await context.services.store.persons.create({ tenant_uuid: acme.tenant.uuid, name: "Mike (contact)", emails: ["mike.old@example.com"] });
    const internal = await merge(contact.uuid, { superseded_person_uuid: acme.member.person_uuid });
    expect(internal.status).toBe(400);
    expect(internal.body.error).toMatch(/internal user's own record.*merge the other way/);
    // The other way round is allowed: the user's person stays, the contact is folded in.
    expect((await merge(acme.member.person_uuid, { superseded_person_uuid: contact.uuid })).status).toBe(200);
    for (const body of [{}, { superseded_person_uuid: "nope" }, { superseded_person_uuid: contact.uuid, preview: "yes" }, { superseded_person_uuid: contact.uuid, dry_run: true }]) {
      expect((await merge(acme.member.person_uuid, body)).status, JSON.stringify(body)).toBe(400);
    }
  });
});
