/** POST /v1/persons and PUT /v1/persons/{person_uuid}: happy, error and security paths. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MAX_EMAIL_ADDRESS_LENGTH } from "../../platform/request/field-limits.js";
import { buildTenant, createTestContext, TEST_START, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;

// One database for the file (opening one per test was most of a short test's time); each test gets a tenant of its
// own and the clock back at its start, as a database of its own would give it.
beforeAll(async () => {
  context = await createTestContext();
});
beforeEach(async () => {
  context.clock.set(TEST_START);
  acme = await buildTenant(context.services);
});
afterAll(() => context.close());

const json = async (response: Response) => (await response.json()) as Record<string, any>;

async function send(method: string, path: string, body: unknown, key = acme.key) {
  const response = await context.request(path, { key, method, body });
  return { status: response.status, body: await json(response) };
}

/** An address exactly `length` characters long. */
const address = (length: number) => `${"a".repeat(length - "@acme.example".length)}@acme.example`;

const company = (name: string) => context.services.store.companies.create({ tenant_uuid: acme.tenant.uuid, company_name: name });

describe("POST /v1/persons", () => {
  it("creates a person with normalized emails, a primary company and past affiliations", async () => {
    const globex = await company("Globex");
    const initech = await company("Initech");
    const { status, body } = await send("POST", "/v1/persons", {
      first_name: "Grace",
      last_name: "Hopper",
      emails: [" mailto:Grace@Home.example ", { address: "GRACE@globex.example", is_primary: true }],
      job_title: "CTO",
      primary_company_uuid: globex.uuid,
      linkedin_url: "linkedin.com/in/grace-hopper",
      city: "Arlington",
      tags: ["navy", "Navy", "compilers"],
      affiliations: [{ company_uuid: initech.uuid, title: "Engineer", is_current: false, started_on: "2010-01-01", ended_on: "2014-12-31" }],
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      name: "Grace Hopper",
      email: "grace@globex.example",
      emails: [
        { address: "grace@globex.example", is_primary: true },
        { address: "grace@home.example", is_primary: false },
      ],
      primary_company: { uuid: globex.uuid, name: "Globex" },
      tags: ["navy", "compilers"],
      affiliations: [
        { company: { uuid: globex.uuid, name: "Globex" }, title: "CTO", is_current: true, started_on: null, ended_on: null },
        { company: { uuid: initech.uuid, name: "Initech" }, title: "Engineer", is_current: false, ended_on: "2014-12-31" },
      ],
      is_internal: false,
      created_at: context.clock.now(),
      service_updated_at: context.clock.now(),
    });
    expect(await json(await context.request(`/v1/persons/${body.uuid}`, { key: acme.memberKey }))).toEqual(body);
  });

  it("answers 409 naming the owner of a taken email, and 400 for what cannot be a person", async () => {
    const first = await send("POST", "/v1/persons", { name: "Ada", emails: ["ada@example.com"] });
    const taken = await send("POST", "/v1/persons", { name: "Ada again", emails: ["ADA@example.com"] });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe(`email ada@example.com already belongs to person ${first.body.uuid}`);
    const cases: Array<[unknown, RegExp]> = [
      [{ tags: ["x"] }, /needs at least a name/],
      [{ name: "  " }, /needs at least a name/],
      [{ name: "X", emails: ["not-an-email"] }, /'not-an-email' is not an email address/],
      [{ name: "X", emails: [{ address: "a@b.example", is_primary: true }, { address: "c@d.example", is_primary: true }] }, /at most one address/],
      [{ name: "X", linkedin_url: "https://example.com/in/x" }, /must be a LinkedIn URL/],
      [{ name: "X", logo_url: "javascript:alert(1)" }, /logo_url'.*not a web address/],
      [{ name: "X", twitter_url: "data:text/html,hi" }, /twitter_url'.*not a web address/],
      [{ name: "X", primary_company_uuid: "00000000-0000-4000-8000-000000000000" }, /company 00000000-0000-4000-8000-000000000000 does not exist/],
      [{ name: "X", affiliations: [{ company_uuid: "00000000-0000-4000-8000-000000000000", is_current: true, ended_on: "2020-01-01" }] }, /current affiliation.*has no ended_on/],
      [{ name: "X", is_internal: true }, /is_internal/],
      [{ name: "Jo\u0000rdan" }, /^body field 'name': text must not contain the NUL character \(U\+0000\)$/],
      [{ name: "X", emails: ["x\u0000@example.com"] }, /^body field 'emails\.0': text must not contain the NUL character/],
      // Stored, it became three U+FFFD: the 201 showed one name and every later read another.
      [{ name: "Zo\ud800e" }, /^body field 'name': text must not contain a lone surrogate \(U\+D800 to U\+DFFF unpaired\)$/],
      [{ name: "X", email: "x@example.com" }, /^body: unknown field 'email' \(did you mean 'emails'\?\); accepted here: name, first_name, last_name, emails,/],
    ];
    for (const [body, message] of cases) {
      const result = await send("POST", "/v1/persons", body);
      expect(result.status, JSON.stringify(body)).toBe(400);
      expect(result.body.error, JSON.stringify(body)).toMatch(message);
    }
    const listed = await json(await context.request("/v1/persons?per_page=50", { key: acme.key }));
    expect(listed.total).toBe(3);
  });

  it("holds an email address to its limit once trimmed, as it is stored: the longest address with spaces around is taken", async () => {
    const longest = address(MAX_EMAIL_ADDRESS_LENGTH);
    const personCount = async () => (await json(await context.request("/v1/persons", { key: acme.key }))).total as number;
    const before = await personCount();
    const created = await send("POST", "/v1/persons", { name: "Long", emails: [`  ${longest} `] });
    expect(created.status).toBe(201);
    expect(created.body.emails).toEqual([{ address: longest, is_primary: true }]);

    const tooLong = await send("POST", "/v1/persons", { name: "Longer", emails: [{ address: ` ${address(MAX_EMAIL_ADDRESS_LENGTH + 1)} ` }] });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toMatch(new RegExp(`emails.*at most ${MAX_EMAIL_ADDRESS_LENGTH} characters`));
    expect(await personCount()).toBe(before + 1);
  });

  it("cannot attach another tenant's company", async () => {
    const other = await buildTenant(context.services, { name: "Other" });
    const theirs = await context.services.store.companies.create({ tenant_uuid: other.tenant.uuid, company_name: "Theirs" });
    const result = await send("POST", "/v1/persons", { name: "X", primary_company_uuid: theirs.uuid }, acme.memberKey);
    expect(result.status).toBe(400);
    expect(result.body.error).not.toContain("Theirs");
  });
});

describe("PUT /v1/persons/{person_uuid}", () => {
  it("writes only the fields present, replaces emails, and moves a job change into the past", async () => {
    const globex = await company("Globex");
    const initech = await company("Initech");
    const created = (
      await send("POST", "/v1/persons", { name: "Grace Hopper", emails: ["grace@globex.example"], job_title: "CTO", city: "Boston", primary_company_uuid: globex.uuid })
    ).body;
    context.clock.advance(86_400_000);
    const { status, body } = await send("PUT", `/v1/persons/${created.uuid}`, {
      primary_company_uuid: initech.uuid,
      job_title: "CEO",
      emails: ["grace@initech.example"],
      city: null,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      name: "Grace Hopper",
      city: null,
      job_title: "CEO",
      emails: [{ address: "grace@initech.example", is_primary: true }],
      primary_company: { uuid: initech.uuid },
      affiliations: [
        { company: { uuid: initech.uuid }, title: "CEO", is_current: true },
        { company: { uuid: globex.uuid }, title: "CTO", is_current: false, ended_on: "2026-11-22" },
      ],
      service_updated_at: created.service_updated_at + 86_400_000,
    });
    // The old address is free again.
    expect((await send("POST", "/v1/persons", { name: "Someone", emails: ["grace@globex.example"] })).status).toBe(201);
  });

  it("removes one address of several by writing the list without it, freeing it; the first kept becomes primary", async () => {
    const ada = (await send("POST", "/v1/persons", { name: "Ada", emails: ["ada@home.example", { address: "ada@work.example", is_primary: true }, "ada@old.example"] })).body;
    const kept = ada.emails.filter((email: { address: string }) => email.address !== "ada@work.example").map((email: { address: string }) => email.address);
    const written = await send("PUT", `/v1/persons/${ada.uuid}`, { emails: kept });
    expect(written.status).toBe(200);
    expect(written.body.emails).toEqual([{ address: "ada@home.example", is_primary: true }, { address: "ada@old.example", is_primary: false }]);
    expect(written.body.email).toBe("ada@home.example");
    expect((await send("POST", "/v1/persons", { name: "Someone", emails: ["ada@work.example"] })).status).toBe(201);
    // The last one too, when the name still identifies the person.
    expect((await send("PUT", `/v1/persons/${ada.uuid}`, { emails: [] })).body.emails).toEqual([]);
  });

  it("leaves a person written back unchanged out of the next modified_since poll; a changed field lists them", async () => {
    const globex = await company("Globex");
    const grace = (await send("POST", "/v1/persons", { name: "Grace Hopper", emails: ["grace@globex.example"], tags: ["navy", "cobol"], primary_company_uuid: globex.uuid })).body;
    context.clock.advance(86_400_000);
    const polled = async () =>
      (await send("GET", `/v1/persons?modified_since=${new Date(context.clock.now() - 1).toISOString()}`, undefined)).body.items.map((item: Record<string, any>) => item.uuid);

    // A sync's morning write: the same record, the address in another case, the tags again.
    const same = await send("PUT", `/v1/persons/${grace.uuid}`, { name: "Grace Hopper", emails: ["Grace@Globex.example"], tags: ["navy", "cobol"], primary_company_uuid: globex.uuid });
    expect(same).toEqual({ status: 200, body: grace });
    expect(await polled()).toEqual([]);

    await send("PUT", `/v1/persons/${grace.uuid}`, { city: "Arlington" });
    expect(await polled()).toEqual([grace.uuid]);
  });

  it("stamps writes after the server's clock stepped back no lower than the newest stamp, so a modified_since poll misses none", async () => {
    const grace = (await send("POST", "/v1/persons", { name: "Grace Hopper" })).body;
    const ada = (await send("POST", "/v1/persons", { name: "Ada Lovelace" })).body;
    context.clock.advance(3_600_000);
    await send("PUT", `/v1/persons/${grace.uuid}`, { city: "Arlington" });
    const globex = (await send("POST", "/v1/companies", { company_name: "Globex" })).body;
    // A poller's watermark: the newest stamp read before its pull.
    const newest = async (list: string) => (await send("GET", `/v1/${list}?sort_by=service_updated_at&order=desc&per_page=1`, undefined)).body.items[0].service_updated_at as number;
    const watermarks = { persons: await newest("persons"), companies: await newest("companies") };

    context.clock.set(TEST_START); // an NTP correction: the clock an hour back
    await send("PUT", `/v1/persons/${ada.uuid}`, { city: "London" });
    const initech = (await send("POST", "/v1/companies", { company_name: "Initech" })).body;
    await send("PUT", `/v1/companies/${globex.uuid}`, { city: "Springfield" });
    const polled = async (list: "persons" | "companies") =>
      (await send("GET", `/v1/${list}?modified_since=${new Date(watermarks[list]).toISOString()}`, undefined)).body.items.map((item: Record<string, any>) => item.uuid).sort();
    expect(await polled("persons")).toEqual([grace.uuid, ada.uuid].sort());
    expect(await polled("companies")).toEqual([globex.uuid, initech.uuid].sort());
  });

  it("answers 409 for another person's email and 400 for bad fields, writing nothing", async () => {
    const ada = (await send("POST", "/v1/persons", { name: "Ada", emails: ["ada@example.com"], city: "London" })).body;
    await send("POST", "/v1/persons", { name: "Bob", emails: ["bob@example.com"] });
    const conflict = await send("PUT", `/v1/persons/${ada.uuid}`, { city: "Paris", emails: ["ada@example.com", "bob@example.com"] });
    expect(conflict.status).toBe(409);
    expect((await send("PUT", `/v1/persons/${ada.uuid}`, { city: "Paris", nickname: "A" })).status).toBe(400);
    const read = await json(await context.request(`/v1/persons/${ada.uuid}`, { key: acme.key }));
    expect(read).toMatchObject({ city: "London", emails: [{ address: "ada@example.com" }], service_updated_at: ada.service_updated_at });
  });

  it("answers 400 for affiliations that end the primary company's tenure without a new primary, and the person stays in the company's answers", async () => {
    const targetco = await company("TargetCo");
    const cindy = (await send("POST", "/v1/persons", { name: "Cindy CFO", emails: ["cindy@targetco.example"], primary_company_uuid: targetco.uuid })).body;
    await context.services.store.emails.ingest(acme.tenant.uuid, { message_id: "m1", sent_at: context.clock.now() - 86_400_000, from: { email: acme.admin.email }, to: [{ person_uuid: cindy.uuid }] });
    const left = await send("PUT", `/v1/persons/${cindy.uuid}`, { affiliations: [{ company_uuid: targetco.uuid, is_current: false, ended_on: "2026-10-31" }] });
    // Until then a 200 that kept her current at TargetCo beside the past tenure, counting in its PathPower.
    expect(left.status).toBe(400);
    expect(left.body.error).toContain(`affiliations list company ${targetco.uuid} only as a past tenure, but it is the primary company (primary_company_uuid)`);
    expect((await send("GET", `/v1/persons/${cindy.uuid}`, undefined)).body.affiliations).toEqual([expect.objectContaining({ is_current: true, ended_on: null })]);
    const moved = await send("PUT", `/v1/persons/${cindy.uuid}`, { primary_company_uuid: null, affiliations: [{ company_uuid: targetco.uuid, is_current: false, ended_on: "2026-10-31" }] });
    expect(moved.status).toBe(200);
    expect(moved.body.affiliations).toEqual([expect.objectContaining({ is_current: false, ended_on: "2026-10-31" })]);
    expect((await send("GET", `/v1/companies/${targetco.uuid}/pathpower`, undefined)).body).toMatchObject({ score: null, meta: { person_count: 0 } });
  });

  it("answers 400 for a past affiliation ending after today, on create, update and in a batch, writing nothing", async () => {
    const initech = await company("Initech");
    const ada = (await send("POST", "/v1/persons", { name: "Ada", affiliations: [{ company_uuid: initech.uuid }] })).body;
    // TEST_START is 2026-11-21 12:00 UTC, already 2026-11-22 at UTC+14: a tenure ending that day has ended (a job
    // change ends one so, and a client there sends its own today), the next day's has not.
    const endsLater = [{ company_uuid: initech.uuid, is_current: false, ended_on: "2026-11-23" }];
    const refusal = "affiliations[0].ended_on 2026-11-23 is after today (2026-11-22 where the day is latest, UTC+14): a past affiliation (is_current: false) has ended";
    // Until then a 200 that took Ada out of Initech at once, months before the date sent.
    const updated = await send("PUT", `/v1/persons/${ada.uuid}`, { affiliations: endsLater });
    expect(updated).toMatchObject({ status: 400, body: { error: expect.stringContaining(refusal) } });
    expect((await send("GET", `/v1/persons/${ada.uuid}`, undefined)).body.affiliations).toEqual([expect.objectContaining({ is_current: true })]);
    expect(await send("POST", "/v1/persons", { name: "Bo", affiliations: endsLater })).toMatchObject({ status: 400, body: { error: expect.stringContaining(refusal) } });
    const batch = await send("POST", "/v1/persons/batch", { persons: [{ name: "Cy", affiliations: endsLater }] });
    expect(batch.body.results).toEqual([expect.objectContaining({ status: "ERROR", error: expect.stringContaining(refusal) })]);
    const endedToday = await send("PUT", `/v1/persons/${ada.uuid}`, { affiliations: [{ ...endsLater[0], ended_on: "2026-11-22" }] });
    expect(endedToday.body.affiliations).toEqual([expect.objectContaining({ is_current: false, ended_on: "2026-11-22" })]);
  });

  it("clears the name with null, naming the person as a create would, and refuses to leave them with nothing to know them by", async () => {
    const ada = (await send("POST", "/v1/persons", { name: "Ada", emails: ["Ada@example.com", "ada@home.example"] })).body;
    const cleared = await send("PUT", `/v1/persons/${ada.uuid}`, { name: null });
    expect(cleared).toMatchObject({ status: 200, body: { name: "ada@example.com", first_name: null } });
    const grace = (await send("POST", "/v1/persons", { name: "Amazing Grace", first_name: "Grace", last_name: "Hopper" })).body;
    expect((await send("PUT", `/v1/persons/${grace.uuid}`, { name: null })).body.name).toBe("Grace Hopper");
    const linked = (await send("POST", "/v1/persons", { name: "Lin", linkedin_url: "linkedin.com/in/lin" })).body;
    expect((await send("PUT", `/v1/persons/${linked.uuid}`, { name: "  " })).body).toMatchObject({ name: "", linkedin_url: "linkedin.com/in/lin" });

    const dora = (await send("POST", "/v1/persons", { name: "Dora", emails: ["dora@example.com"], city: "Oslo" })).body;
    for (const body of [{ name: null, emails: [], city: "Paris" }, { name: null, emails: [], linkedin_url: null }]) {
      const refused = await send("PUT", `/v1/persons/${dora.uuid}`, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.error).toMatch(/^a person needs at least a name \(name, first_name or last_name\), an email address or a LinkedIn URL/);
    }
    const read = await json(await context.request(`/v1/persons/${dora.uuid}`, { key: acme.key }));
    expect(read).toMatchObject({ name: "Dora", city: "Oslo", emails: [{ address: "dora@example.com" }], service_updated_at: dora.service_updated_at });
    // A name that stays is no reason to refuse: clearing the last address of a named person is fine.
    expect((await send("PUT", `/v1/persons/${dora.uuid}`, { emails: [] })).body).toMatchObject({ name: "Dora", emails: [] });
  });

  it("holds an email address to its limit once trimmed: the longest with spaces around is written, a longer one is a 400 writing nothing", async () => {
    const ada = (await send("POST", "/v1/persons", { name: "Ada", emails: ["ada@example.com"] })).body;
    const longest = address(MAX_EMAIL_ADDRESS_LENGTH);
    const tooLong = await send("PUT", `/v1/persons/${ada.uuid}`, { emails: [` ${address(MAX_EMAIL_ADDRESS_LENGTH + 1)}\t`] });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toMatch(new RegExp(`emails.*at most ${MAX_EMAIL_ADDRESS_LENGTH} characters`));
    expect((await json(await context.request(`/v1/persons/${ada.uuid}`, { key: acme.key }))).emails).toEqual([{ address: "ada@example.com", is_primary: true }]);

    const written = await send("PUT", `/v1/persons/${ada.uuid}`, { emails: [{ address: ` ${longest.toUpperCase()} `, is_primary: true }] });
    expect(written.status).toBe(200);
    expect(written.body.emails).toEqual([{ address: longest, is_primary: true }]);
  });

  it("answers 404 for an unknown person and another tenant's, which stays unchanged", async () => {
    const other = await buildTenant(context.services, { name: "Other" });
    const theirs = await context.services.store.persons.create({ tenant_uuid: other.tenant.uuid, name: "Their Person", city: "Oslo" });
    expect((await send("PUT", "/v1/persons/00000000-0000-4000-8000-000000000000", { city: "X" })).status).toBe(404);
    const foreign = await send("PUT", `/v1/persons/${theirs.uuid}`, { city: "Paris" }, acme.adminKey);
    expect(foreign.status).toBe(404);
    expect((await context.services.store.persons.get(other.tenant.uuid, theirs.uuid))?.city).toBe("Oslo");
  });
});
