/**
 * A company that moves its domain (acme.com to acme.io by PUT /v1/companies/{company_uuid}) stays one company: mail,
 * contact cards and rows naming the old domain find it, its record lists the old one, and another tenant's
 * former domains never match. Through the real app: HTTP writes, uploads and reads.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { csvFile, mailMessage, mboxFile, vcard } from "../../imports/testing/archive-builders.js";
import { buildTenant, createTestContext, TEST_START, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;
let other: TestTenant;
// One database for the file (opening one per test was most of a short test's time); each test gets a tenant of its
// own and the clock back at its start, as a database of its own would give it.
beforeAll(async () => {
  context = await createTestContext();
});
beforeEach(async () => {
  context.clock.set(TEST_START);
  acme = await buildTenant(context.services);
  other = await buildTenant(context.services, { name: "Other Capital" });
});
afterAll(() => context.close());

const json = async (response: Response) => (await response.json()) as Record<string, any>;

async function call(path: string, key: string, method = "GET", body?: unknown) {
  const response = await context.request(path, { key, method, ...(body === undefined ? {} : { body }) });
  return { status: response.status, body: await json(response) };
}

/** Uploads a file as an import of `kind` and waits for it to finish; its summary. */
async function importFile(kind: string, name: string, content: string, key: string) {
  const form = new FormData();
  form.append("kind", kind);
  form.append("file", new File([content], name));
  const response = await context.app.request("/v1/imports", { method: "POST", headers: { "x-api-key": key }, body: form });
  expect(response.status).toBe(202);
  const started = await json(response);
  await context.services.importJobs.settled();
  const done = await call(`/v1/imports/${started.uuid}`, key);
  expect(done.body.status).toBe("succeeded");
  return done.body.summary as Record<string, any>;
}

async function companies(key: string) {
  return (await call("/v1/companies?per_page=100", key)).body.items as Array<Record<string, any>>;
}

const oldMail = mboxFile([
  mailMessage({ messageId: "<old-1@acme.com>", from: "Jane Roe <jane@acme.com>", to: ["partner@northwind.example"], date: "Mon, 2 Nov 2026 09:00:00 +0000", subject: "Q3" }),
]);
const oldCard = vcard("3.0", ["FN:Jane Roe", "N:Roe;Jane;;;", "EMAIL:jane@acme.com", "ORG:Acme Corporation", "URL:https://www.acme.com/"]);
const oldRows = csvFile([
  ["Name", "Email", "Company", "Company Domain"],
  ["Lee Park", "lee@acme.com", "ACME Holdings", "acme.com"],
]);

describe("a company that moves its domain", () => {
  it("stays one company: mail, a contact card and a row naming the old domain find it, and its record lists the old one", async () => {
    const created = await call("/v1/companies", acme.key, "POST", { company_name: "Acme", domain: "acme.com" });
    expect(created.status).toBe(201);
    expect(created.body.former_domains).toEqual([]);
    const moved = await call(`/v1/companies/${created.body.uuid}`, acme.key, "PUT", { domain: "https://www.acme.io/" });
    expect(moved.status).toBe(200);
    const read = await call(`/v1/companies/${created.body.uuid}`, acme.key);
    expect(read.body).toMatchObject({ domain: "acme.io", former_domains: ["acme.com"] });

    await importFile("mbox", "old.mbox", oldMail, acme.key);
    const card = await importFile("vcf", "old.vcf", oldCard, acme.key);
    expect(card.companies).toMatchObject({ created: 0 });
    const rows = await importFile("csv", "old.csv", oldRows, acme.key);
    expect(rows.companies).toMatchObject({ created: 0 });

    const listed = await companies(acme.key);
    expect(listed.map((company) => [company.company_name, company.domain, company.former_domains])).toEqual([["Acme", "acme.io", ["acme.com"]]]);
    const people = await call(`/v1/persons?company_uuid=${created.body.uuid}`, acme.key);
    expect(people.body.items.map((person: Record<string, any>) => person.emails[0].address).sort()).toEqual(["jane@acme.com", "lee@acme.com"]);

    // The spec's domain filter is a substring of the domain: the current one, as the spec says.
    expect((await call("/v1/companies?domain=acme.com", acme.key)).body.items).toEqual([]);
    expect((await call("/v1/companies?domain=acme.io", acme.key)).body.items.map((company: Record<string, any>) => company.uuid)).toEqual([created.body.uuid]);
  });

  it("finds the persons at the company by its old domain in a bulk lookup", async () => {
    const created = await call("/v1/companies", acme.key, "POST", { company_name: "Acme", domain: "acme.com" });
    const pat = await call("/v1/persons", acme.key, "POST", { name: "Pat Lane", emails: ["pat@acme.io"], primary_company_uuid: created.body.uuid });
    expect(pat.status).toBe(201);
    await call(`/v1/companies/${created.body.uuid}`, acme.key, "PUT", { domain: "acme.io" });
    const lookup = await call("/v1/persons/lookup/batch", acme.key, "POST", { criteria: [{ domain: "acme.com" }] });
    expect(lookup.status).toBe(200);
    expect(lookup.body.results[0]).toMatchObject({ match_count: 1, matches: [{ uuid: pat.body.uuid }] });
    const elsewhere = await call("/v1/persons/lookup/batch", other.key, "POST", { criteria: [{ domain: "acme.com" }] });
    expect(elsewhere.body.results[0]).toMatchObject({ status: "NOT_FOUND", match_count: 0 });
  });

  it("takes former domains written by a client: a move made before they were remembered, and [] forgets a wrong one", async () => {
    // Moved before this release: nothing remembered acme.com, so the client names it.
    const created = await call("/v1/companies", acme.key, "POST", { company_name: "Acme", domain: "acme.io" });
    const named = await call(`/v1/companies/${created.body.uuid}`, acme.key, "PUT", { former_domains: ["https://www.Acme.com/", "acme.com", "github.com"] });
    expect(named.status).toBe(200);
    expect((await call(`/v1/companies/${created.body.uuid}`, acme.key)).body.former_domains).toEqual(["acme.com", "github.com"]);
    expect((await importFile("vcf", "old.vcf", oldCard, acme.key)).companies).toMatchObject({ created: 0 });

    // The list replaces the stored one: github.com, written by mistake, no longer finds Acme.
    expect((await call(`/v1/companies/${created.body.uuid}`, acme.key, "PUT", { former_domains: ["acme.com"] })).status).toBe(200);
    const githubRow = csvFile([["Company Name", "Domain"], ["GitHub", "github.com"]]);
    expect((await importFile("csv", "github.csv", githubRow, acme.key)).companies).toMatchObject({ created: 1 });

    // A domain changed beside a list sent (the record written back as read, with a new domain): the list sent, and
    // the domain left joins it first, still a match key.
    await call(`/v1/companies/${created.body.uuid}`, acme.key, "PUT", { domain: "acme.ai", former_domains: ["acme.com"] });
    expect((await call(`/v1/companies/${created.body.uuid}`, acme.key)).body).toMatchObject({ domain: "acme.ai", former_domains: ["acme.io", "acme.com"] });

    expect((await call(`/v1/companies/${created.body.uuid}`, acme.key, "PUT", { former_domains: [] })).status).toBe(200);
    expect((await call(`/v1/companies/${created.body.uuid}`, acme.key)).body.former_domains).toEqual([]);

    const withHistory = await call("/v1/companies", acme.key, "POST", { company_name: "Initech", domain: "initech.io", former_domains: ["initech.com"] });
    expect(withHistory.status).toBe(201);
    expect(withHistory.body.former_domains).toEqual(["initech.com"]);
  });

  it("refuses a former domain that is the current one, or no domain, with a 400 that writes nothing", async () => {
    const created = await call("/v1/companies", acme.key, "POST", { company_name: "Acme", domain: "acme.io", former_domains: ["acme.com"] });
    const before = await call(`/v1/companies/${created.body.uuid}`, acme.key);
    const current = await call(`/v1/companies/${created.body.uuid}`, acme.key, "PUT", { company_name: "Acme Two", former_domains: ["acme.net", "www.acme.io"] });
    expect(current).toEqual({ status: 400, body: { error: expect.stringContaining("'acme.io', the company's current domain") } });
    const notDomain = await call(`/v1/companies/${created.body.uuid}`, acme.key, "PUT", { former_domains: ["not a domain"] });
    expect(notDomain.status).toBe(400);
    expect(notDomain.body.error).toContain("'not a domain' is not a domain such as acme.com");
    expect((await call(`/v1/companies/${created.body.uuid}`, acme.key)).body).toEqual(before.body);

    const refused = await call("/v1/companies", acme.key, "POST", { company_name: "Globex", domain: "globex.com", former_domains: ["GLOBEX.com"] });
    expect(refused.status).toBe(400);
    expect((await companies(acme.key)).map((company) => company.company_name)).toEqual(["Acme"]);
  });

  it("never matches another tenant's former domain: that tenant's card makes its own company", async () => {
    const created = await call("/v1/companies", acme.key, "POST", { company_name: "Acme", domain: "acme.com" });
    await call(`/v1/companies/${created.body.uuid}`, acme.key, "PUT", { domain: "acme.io" });
    const card = await importFile("vcf", "old.vcf", oldCard, other.key);
    expect(card.companies).toMatchObject({ created: 1 });
    const theirs = await companies(other.key);
    expect(theirs.map((company) => [company.company_name, company.domain, company.former_domains])).toEqual([["Acme Corporation", "acme.com", []]]);
    expect((await companies(acme.key)).map((company) => company.uuid)).toEqual([created.body.uuid]);
  });
});
