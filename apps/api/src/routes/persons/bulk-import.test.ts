/**
 * The bulk-import flow: POST /v1/persons/lookup/batch, then POST /v1/persons/batch for the
 * unmatched remainder. (Attaching notes with POST /v1/notes/batch belongs to the notes feature.)
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MAX_DOMAIN_LENGTH, MAX_EMAIL_ADDRESS_LENGTH, MAX_WEB_ADDRESS_LENGTH } from "../../platform/request/field-limits.js";
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

async function post(path: string, body: unknown, key = acme.key) {
  const response = await context.request(path, { key, method: "POST", body });
  return { status: response.status, body: await json(response) };
}

const lookup = (criteria: unknown[], key = acme.key) => post("/v1/persons/lookup/batch", { criteria }, key);
const batch = (persons: unknown[], key = acme.key) => post("/v1/persons/batch", { persons }, key);
/** An address exactly `length` characters long. */
const address = (length: number) => `${"a".repeat(length - "@acme.example".length)}@acme.example`;

const personCount = async (key = acme.key) => (await json(await context.request("/v1/persons", { key }))).total as number;

describe("POST /v1/persons/lookup/batch", () => {
  it("normalizes emails, LinkedIn URL forms and domains, and answers in input order", async () => {
    const { store } = context.services;
    const tenantUuid = acme.tenant.uuid;
    const acmeCo = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Acme", domain: "acme.example" });
    const jane = await store.persons.create({
      tenant_uuid: tenantUuid,
      name: "Jane Doe",
      emails: ["Jane.Doe@Globex.example"],
      linkedin_url: "https://www.linkedin.com/in/jane-doe",
    });
    const wile = await store.persons.create({ tenant_uuid: tenantUuid, name: "Wile Coyote", primary_company_uuid: acmeCo.uuid, job_title: "Engineer" });
    const bob = await store.persons.create({ tenant_uuid: tenantUuid, name: "Bob", emails: ["bob@initech.example"] });

    const criteria = [
      { email: " MAILTO:jane.doe@GLOBEX.example " },
      { linkedin_url: "linkedin.com/in/Jane-Doe/" },
      { linkedin_url: "http://www.linkedin.com/in/jane-doe?trk=public_profile#top" },
      { linkedin_url: "https://uk.linkedin.com/in/jane-doe//" },
      { domain: "https://www.Acme.example/team" },
      { domain: "initech.example" },
      { email: "nobody@globex.example" },
      { email: "not an email" },
      { linkedin_url: "https://example.com/in/jane-doe" },
      { domain: "localhost" },
    ];
    const { status, body } = await lookup(criteria);
    expect(status).toBe(200);
    expect(body.results.map((result: { status: string }) => result.status)).toEqual([
      "MATCHED",
      "MATCHED",
      "MATCHED",
      "MATCHED",
      "MATCHED",
      "MATCHED",
      "NOT_FOUND",
      "ERROR",
      "ERROR",
      "ERROR",
    ]);
    const matchedUuids = body.results.map((result: { matches: Array<{ uuid: string }> }) => result.matches.map((match) => match.uuid));
    expect(matchedUuids.slice(0, 7)).toEqual([[jane.uuid], [jane.uuid], [jane.uuid], [jane.uuid], [wile.uuid], [bob.uuid], []]);
    expect(body.results[0]).toEqual({
      criterion: criteria[0],
      status: "MATCHED",
      error: null,
      match_count: 1,
      matches: [{ uuid: jane.uuid, name: "Jane Doe", email: "jane.doe@globex.example", linkedin_url: "https://www.linkedin.com/in/jane-doe", job_title: null, primary_company: null }],
    });
    expect(body.results[4].matches[0]).toMatchObject({ job_title: "Engineer", primary_company: { uuid: acmeCo.uuid, name: "Acme" } });
    expect(body.results[7]).toMatchObject({ error: "'not an email' is not an email address", match_count: 0, matches: [] });
    expect(body.results[8].error).toMatch(/not a LinkedIn URL/);
  });

  it("caps the matches of a wide domain and counts them all", async () => {
    for (let index = 0; index < 30; index++) {
      await context.services.store.persons.create({ tenant_uuid: acme.tenant.uuid, name: `Person ${String(index).padStart(2, "0")}`, emails: [`p${index}@big.example`] });
    }
    const { body } = await lookup([{ domain: "big.example" }]);
    expect(body.results[0].match_count).toBe(30);
    expect(body.results[0].matches).toHaveLength(25);
    expect(body.results[0].matches[0].name).toBe("Person 00");
  });

  it("takes 100 criteria and answers 400 for 101, for none and for a criterion naming two keys", async () => {
    const hundred = Array.from({ length: 100 }, (_unused, index) => ({ email: `someone${index}@example.com` }));
    const ok = await lookup(hundred);
    expect(ok.status).toBe(200);
    expect(ok.body.results).toHaveLength(100);
    const tooMany = await lookup([...hundred, { email: "one.more@example.com" }]);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toMatch(/at most 100 criteria/);
    expect((await lookup([])).status).toBe(400);
    const both = await lookup([{ email: "a@example.com", domain: "example.com" }]);
    expect(both.status).toBe(400);
    expect(both.body.error).toMatch(/exactly one of email, linkedin_url, domain/);
  });

  it("holds each criterion to its limit once trimmed, as it is compared, and echoes it as sent", async () => {
    const longestAddress = address(MAX_EMAIL_ADDRESS_LENGTH);
    await context.services.store.persons.create({ tenant_uuid: acme.tenant.uuid, name: "Long", emails: [longestAddress] });
    const longestLinkedin = `https://www.linkedin.com/in/${"a".repeat(MAX_WEB_ADDRESS_LENGTH - "https://www.linkedin.com/in/".length)}`;
    const longestDomain = `${"a.".repeat((MAX_DOMAIN_LENGTH - 2) / 2)}co`;
    const criteria = [{ email: ` ${longestAddress}  ` }, { linkedin_url: `\t${longestLinkedin} ` }, { domain: ` ${longestDomain} ` }];
    const taken = await lookup(criteria);
    expect(taken.status).toBe(200);
    expect(taken.body.results.map((result: { criterion: unknown; status: string }) => [result.criterion, result.status])).toEqual([
      [criteria[0], "MATCHED"],
      [criteria[1], "NOT_FOUND"],
      [criteria[2], "NOT_FOUND"],
    ]);

    const tooLong: Array<[Record<string, string>, number]> = [
      [{ email: ` ${address(MAX_EMAIL_ADDRESS_LENGTH + 1)} ` }, MAX_EMAIL_ADDRESS_LENGTH],
      [{ linkedin_url: ` ${longestLinkedin}a ` }, MAX_WEB_ADDRESS_LENGTH],
      [{ domain: ` a${longestDomain} ` }, MAX_DOMAIN_LENGTH],
    ];
    for (const [criterion, limit] of tooLong) {
      const refused = await lookup([criterion]);
      expect(refused.status, Object.keys(criterion)[0]).toBe(400);
      expect(refused.body.error).toMatch(new RegExp(`${Object.keys(criterion)[0]}.*at most ${limit} characters`));
    }
  });

  it("never matches another tenant's persons", async () => {
    const other = await buildTenant(context.services, { name: "Other" });
    await context.services.store.persons.create({ tenant_uuid: other.tenant.uuid, name: "Secret", emails: ["secret@other.example"], linkedin_url: "linkedin.com/in/secret" });
    const { body } = await lookup([{ email: "secret@other.example" }, { linkedin_url: "linkedin.com/in/secret" }, { domain: "other.example" }], acme.memberKey);
    expect(body.results.map((result: { status: string }) => result.status)).toEqual(["NOT_FOUND", "NOT_FOUND", "NOT_FOUND"]);
    expect(JSON.stringify(body)).not.toContain("Secret");
  });
});

describe("POST /v1/persons/batch", () => {
  it("runs the import flow: lookup, then match-or-create the remainder, in input order with counts", async () => {
    const { store } = context.services;
    const existing = await store.persons.create({ tenant_uuid: acme.tenant.uuid, name: "Jane Doe", emails: ["jane@globex.example"], job_title: "CTO" });
    const linked = await store.persons.create({ tenant_uuid: acme.tenant.uuid, name: "Lin Ked", linkedin_url: "https://www.linkedin.com/in/lin-ked" });
    const rows = [
      { name: "Jane Doe", emails: ["JANE@globex.example"], job_title: "Chief Technology Officer" },
      { name: "Ann Lee", emails: ["ann@initech.example"] },
      { name: "Raj Patel", emails: ["raj@umbra.example"], linkedin_url: "linkedin.com/in/raj-patel" },
      { name: "Lin Ked", linkedin_url: "linkedin.com/in/LIN-KED/" },
    ];

    const lookedUp = await lookup(rows.map((row) => (row.emails ? { email: row.emails[0] } : { linkedin_url: row.linkedin_url })));
    expect(lookedUp.body.results.map((result: { status: string }) => result.status)).toEqual(["MATCHED", "NOT_FOUND", "NOT_FOUND", "MATCHED"]);
    const unmatched = rows.filter((_row, index) => lookedUp.body.results[index].status === "NOT_FOUND");

    const before = await personCount();
    const { status, body } = await batch([
      ...unmatched,
      // The same person twice in one batch (another address form), an invalid row, and a LinkedIn-only duplicate.
      { name: "Ann Lee (dup)", emails: ["mailto:Ann@Initech.example"] },
      { job_title: "nobody" },
      { name: "Raj", linkedin_url: "https://www.linkedin.com/in/raj-patel/?trk=x" },
    ]);
    expect(status).toBe(200);
    expect(body.results.map((result: { index: number; status: string; matched_by: string | null }) => [result.index, result.status, result.matched_by])).toEqual([
      [0, "CREATED", null],
      [1, "CREATED", null],
      [2, "MATCHED", "email"],
      [3, "ERROR", null],
      [4, "MATCHED", "linkedin_url"],
    ]);
    expect({ created: body.created, matched: body.matched, errors: body.errors }).toEqual({ created: 2, matched: 2, errors: 1 });
    expect(body.results[2].person.uuid).toBe(body.results[0].person.uuid);
    expect(body.results[4].person.uuid).toBe(body.results[1].person.uuid);
    expect(body.results[3]).toMatchObject({ person: null, error: expect.stringMatching(/needs at least a name/) });
    expect(await personCount()).toBe(before + 2);
    // A field of the read shape, not of the write one, names the field meant.
    const misnamed = await batch([{ name: "Solo", email: "solo@x.example" }]);
    expect(misnamed.body.results[0]).toMatchObject({ status: "ERROR", error: expect.stringMatching(/^unknown field 'email' \(did you mean 'emails'\?\); accepted here: /) });

    // Everything now resolves; the persons matched earlier were left as they were.
    const again = await lookup(rows.map((row) => (row.emails ? { email: row.emails[0] } : { linkedin_url: row.linkedin_url })));
    expect(again.body.results.map((result: { matches: Array<{ uuid: string }> }) => result.matches[0]?.uuid)).toEqual([
      existing.uuid,
      body.results[0].person.uuid,
      body.results[1].person.uuid,
      linked.uuid,
    ]);

    // Last step of the spec's flow: attach the CRM's notes to the import results in one call.
    const notes = await context.request("/v1/notes/batch", {
      key: acme.key,
      method: "POST",
      body: {
        items: [
          { person_uuid: existing.uuid, content: "Met at the Globex offsite." },
          { person_uuid: body.results[0].person.uuid, content: "Imported from the CRM export." },
          { person_uuid: "00000000-0000-4000-8000-000000000000", content: "Orphan note." },
        ],
      },
    });
    const attached = (await notes.json()) as { results: Array<{ status: string; person_uuid: string; note: { uuid: string } | null }> };
    expect(attached.results.map((result) => [result.person_uuid, result.status])).toEqual([
      [existing.uuid, "CREATED"],
      [body.results[0].person.uuid, "CREATED"],
      ["00000000-0000-4000-8000-000000000000", "ERROR"],
    ]);
    const listed = await context.request(`/v1/notes?entity_type=PERSON&entity_uuid=${existing.uuid}`, { key: acme.key });
    expect(((await listed.json()) as { items: Array<{ content: string }> }).items.map((note) => note.content)).toEqual(["Met at the Globex offsite."]);
  });

  it("returns a matched person as is, without writing the item's fields", async () => {
    const existing = await context.services.store.persons.create({ tenant_uuid: acme.tenant.uuid, name: "Jane Doe", emails: ["jane@globex.example"], job_title: "CTO" });
    context.clock.advance(1_000);
    const { body } = await batch([{ name: "Janet", emails: ["other@globex.example", "jane@globex.example"], job_title: "CEO" }]);
    expect(body.results[0]).toMatchObject({ status: "MATCHED", person: { uuid: existing.uuid, name: "Jane Doe", job_title: "CTO", service_updated_at: existing.service_updated_at } });
    expect((await lookup([{ email: "other@globex.example" }])).body.results[0].status).toBe("NOT_FOUND");
  });

  it("returns a match as is, as the specification says, even a person named only after an address", async () => {
    const { store } = context.services;
    const fromMail = (await store.emails.ingest(acme.tenant.uuid, { message_id: "m-1", sent_at: context.clock.now() - 1000, from: { email: "bob@partner.example", name: "bob" }, to: [{ email: "ada@acme.example" }] })).email.from_person_uuid;
    const before = await store.persons.get(acme.tenant.uuid, fromMail!);
    context.clock.advance(1_000);
    const { body } = await batch([{ name: "Bob Partner", emails: ["bob@partner.example"], job_title: "CEO" }]);
    expect(body.results[0]).toMatchObject({ status: "MATCHED", person: { uuid: fromMail, name: before!.name, job_title: null, service_updated_at: before!.service_updated_at } });
  });

  it("takes an internationalized domain in any spelling as one: a company's, a person's address, mail's, the lookup's", async () => {
    const company = await post("/v1/companies", { company_name: "Müller AG", domain: "https://www.XN--MLLER-KVA.de/" });
    expect(company).toMatchObject({ status: 201, body: { domain: "müller.de" } });
    await context.services.store.emails.ingest(acme.tenant.uuid, { message_id: "idn-1", sent_at: context.clock.now() - 1000, from: { email: "Anna@xn--mller-kva.de." }, to: [{ email: "ada@acme.example" }] });
    const { body } = await batch([{ name: "Anna Müller", emails: ["anna@müller.de"] }, { name: "Anna", emails: ["ANNA@ＭÜＬＬＥＲ.DE"] }]);
    expect(body.results.map((result: { status: string }) => result.status)).toEqual(["MATCHED", "MATCHED"]);
    expect(body.results[0].person.emails).toEqual([expect.objectContaining({ address: "anna@müller.de" })]);
    const found = await lookup([{ email: "anna@xn--mller-kva.de" }, { domain: "müller.de" }, { domain: "xn--mller-kva.de" }]);
    expect(found.body.results.map((result: { match_count: number }) => result.match_count)).toEqual([1, 1, 1]);
    const companies = await context.request("/v1/companies?domain=XN--MLLER-KVA.DE", { key: acme.key });
    expect(((await companies.json()) as { items: Array<{ uuid: string }> }).items.map((item) => item.uuid)).toEqual([company.body.uuid]);
  });

  it("matches a profile written as one of its pages, a subdomain's or an escaped capital slug: one person, returned as is", async () => {
    const created = await post("/v1/persons", { name: "Jörg Fox", linkedin_url: "https://www.linkedin.com/in/j%C3%B6rg-fox/" });
    expect(created.status).toBe(201);
    const persons = await personCount();
    const spellings = [
      "linkedin.com/in/jörg-fox/en",
      "https://www.linkedin.com/in/J%C3%96RG-FOX/details/experience/",
      "https://de.linkedin.com/in/jörg-fox?originalSubdomain=de",
    ];
    const looked = await lookup(spellings.map((linkedin_url) => ({ linkedin_url })));
    expect(looked.body.results.map((result: { match_count: number }) => result.match_count)).toEqual([1, 1, 1]);
    context.clock.advance(1_000);
    const { body } = await batch(spellings.map((linkedin_url) => ({ name: "J. Fox", linkedin_url, job_title: "CEO" })));
    expect(body).toMatchObject({ created: 0, matched: 3, errors: 0 });
    for (const result of body.results) {
      // The person as is: the URL as its writer gave it, no field of the item written.
      expect(result).toMatchObject({ status: "MATCHED", matched_by: "linkedin_url", person: created.body });
    }
    expect(await personCount()).toBe(persons);
  });

  it("keeps each item atomic: a failing item leaves no half record and does not fail the others", async () => {
    const { body } = await batch([
      { name: "Half", emails: ["half@example.com"], primary_company_uuid: "00000000-0000-4000-8000-000000000000" },
      { name: "Whole", emails: ["whole@example.com"] },
    ]);
    expect(body.results.map((result: { status: string }) => result.status)).toEqual(["ERROR", "CREATED"]);
    expect(body.results[0].error).toBe("company 00000000-0000-4000-8000-000000000000 does not exist in this tenant");
    expect((await lookup([{ email: "half@example.com" }])).body.results[0].status).toBe("NOT_FOUND");
  });

  it("holds an item's email addresses to their limit once trimmed: the longest with spaces around is created, a longer one is the item's ERROR", async () => {
    const longest = address(MAX_EMAIL_ADDRESS_LENGTH);
    const before = await personCount();
    const { status, body } = await batch([
      { name: "Long", emails: [` ${longest} `] },
      { name: "Longer", emails: [` ${address(MAX_EMAIL_ADDRESS_LENGTH + 1)} `] },
    ]);
    expect(status).toBe(200);
    expect(body.results[0]).toMatchObject({ status: "CREATED", person: { emails: [{ address: longest, is_primary: true }] } });
    expect(body.results[1]).toMatchObject({ status: "ERROR", person: null, error: expect.stringMatching(new RegExp(`emails.*at most ${MAX_EMAIL_ADDRESS_LENGTH} characters`)) });
    expect(await personCount()).toBe(before + 1);
  });

  it("takes 50 persons and answers 400 for 51 or none", async () => {
    const fifty = Array.from({ length: 50 }, (_unused, index) => ({ name: `P${index}`, emails: [`p${index}@example.com`] }));
    const ok = await batch(fifty);
    expect(ok.status).toBe(200);
    expect(ok.body.created).toBe(50);
    const tooMany = await batch([...fifty, { name: "P50" }]);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toMatch(/at most 50 persons/);
    expect((await batch([])).status).toBe(400);
  });

  it("never matches another tenant's person: the same address creates this tenant's own", async () => {
    const other = await buildTenant(context.services, { name: "Other" });
    const theirs = await context.services.store.persons.create({ tenant_uuid: other.tenant.uuid, name: "Secret", emails: ["shared@example.com"] });
    const { body } = await batch([{ name: "Mine", emails: ["shared@example.com"] }], acme.memberKey);
    expect(body.results[0]).toMatchObject({ status: "CREATED", person: { name: "Mine" } });
    expect(body.results[0].person.uuid).not.toBe(theirs.uuid);
    expect((await context.services.store.persons.get(other.tenant.uuid, theirs.uuid))?.name).toBe("Secret");
  });
});

describe("a duplicate merged away, imported again", () => {
  it("is found by its LinkedIn URL as by its addresses: the person it was merged into, not a new duplicate", async () => {
    const { store } = context.services;
    const tenantUuid = acme.tenant.uuid;
    const jane = await store.persons.create({ tenant_uuid: tenantUuid, name: "Jane Doe", linkedin_url: "linkedin.com/in/jane-doe" });
    const duplicate = await store.persons.create({ tenant_uuid: tenantUuid, name: "J. Doe", emails: ["jd@home.example"], linkedin_url: "linkedin.com/in/jdoe-old" });
    expect((await post(`/v1/persons/${jane.uuid}/merge`, { superseded_person_uuid: duplicate.uuid })).status).toBe(200);

    const looked = await lookup([{ linkedin_url: "https://www.linkedin.com/in/JDoe-Old/" }, { email: "jd@home.example" }]);
    expect(looked.body.results.map((result: { status: string; matches: Array<{ uuid: string }> }) => [result.status, result.matches.map((match) => match.uuid)])).toEqual([
      ["MATCHED", [jane.uuid]],
      ["MATCHED", [jane.uuid]],
    ]);
    const before = await personCount();
    const imported = await batch([{ name: "J. Doe", linkedin_url: "linkedin.com/in/jdoe-old" }]);
    expect(imported.body.results[0]).toMatchObject({ status: "MATCHED", matched_by: "linkedin_url", person: { uuid: jane.uuid, linkedin_url: "linkedin.com/in/jane-doe" } });
    expect(await personCount()).toBe(before);

    // Once the person it was merged into is erased, the profile names nobody.
    expect((await context.request(`/v1/persons/${jane.uuid}`, { key: acme.key, method: "DELETE" })).status).toBe(204);
    expect((await lookup([{ linkedin_url: "linkedin.com/in/jdoe-old" }])).body.results[0]).toMatchObject({ status: "NOT_FOUND", match_count: 0 });
  });
});
