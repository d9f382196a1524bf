import iconv from "iconv-lite";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MAX_PERSON_EMAIL_ADDRESSES } from "../platform/request/count-limits.js";
import { importArchive } from "./import-archive.js";
import type { ImportRequest } from "./import-request.js";
import type { ImportSummary } from "./import-summary.js";
import { csvFile, vcard } from "./testing/archive-builders.js";
import { createImportTestBed, importRequest, type ImportTestBed } from "./testing/import-test-bed.js";

let bed: ImportTestBed;
beforeEach(async () => {
  bed = await createImportTestBed();
});
afterEach(() => bed.close());

/** What a dry run tells of an import: all but its duration and the likely duplicates, which only created records have. */
function counts(summary: ImportSummary) {
  const { dry_run: _dryRun, duration_ms: _duration, likely_duplicates: _duplicates, ...rest } = summary;
  return rest;
}

const run = (path: string, request: ImportRequest) => importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path }, request });

async function companiesByName() {
  const page = await bed.store.companies.list(bed.tenantUuid, { filters: {}, sort_by: "company_name", order: "asc", position: { kind: "offset", offset: 0 }, limit: 50 });
  return new Map(page.rows.map((company) => [company.company_name, company]));
}

/** A dry run, then the import, then a re-run: the dry run tells what the import does, the re-run adds nothing. */
async function importThreeTimes(path: string, request: ImportRequest) {
  const before = bed.rowCounts();
  const dry = await run(path, { ...request, dryRun: true });
  expect(bed.rowCounts()).toEqual(before);
  const real = await run(path, request);
  expect(counts(dry)).toEqual(counts(real));
  const after = bed.rowCounts();
  const again = await run(path, request);
  expect(bed.rowCounts()).toEqual(after);
  expect(again.persons.created + again.companies.created + again.items.written).toBe(0);
  return real;
}

/** Persons created by mail without a display name (Bob), or with one that is the local part (Dana). */
async function personsFromMail() {
  for (const [index, from] of [{ email: "bob@partner.example" }, { email: "dana@partner.example", name: "dana" }].entries()) {
    await bed.store.emails.ingest(bed.tenantUuid, { message_id: `<mail-${index}@partner.example>`, sent_at: Date.UTC(2026, 9, 1), from, to: [{ email: bed.jordan.emails[0]!.address }] });
  }
}

describe("vcf import", () => {
  const contacts = [
    vcard("3.0", [
      "FN:Jane Roe",
      "N:Roe;Jane;;;",
      "EMAIL;TYPE=INTERNET:jr@home.example",
      "EMAIL;TYPE=INTERNET,pref:Jane@Globex.example",
      "ORG:Globex Inc.;R&D",
      "TITLE:CTO",
      "URL:https://www.linkedin.com/in/JaneRoe/",
      "ADR;TYPE=WORK:;;1 Main St;Berlin;;10115;Germany",
      "CATEGORIES:Investors,VIP",
    ]),
    vcard("2.1", ["N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:M=C3=BCller;J=C3=BCrgen", "FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:J=C3=BCrgen M=C3=BCller", "EMAIL;INTERNET;PREF:jurgen@initech.example", "ORG:Initech"]),
    vcard("4.0", ["FN:Jordan B.", "EMAIL:JORDAN@northwind.example"]),
    vcard("3.0", ["FN:Phone Only", "TEL:+1 555 0100"]),
    vcard("3.0", ["FN:Broken", "this line is not a property"]),
    vcard("3.0", ["FN:J. Blake", "X-SOCIALPROFILE;TYPE=linkedin:https://linkedin.com/in/jordanblake"]),
    vcard("3.0", ["FN:Sam Poe", "EMAIL:sam@globex.example", "ORG:globex inc."]),
  ].join("\r\n");

  it("matches or creates each contact, with its company, and skips or reports the rest", async () => {
    const summary = await importThreeTimes(bed.file("contacts.vcf", contacts), importRequest("vcf"));
    expect(summary).toMatchObject({
      items: { read: 7, written: 3, unchanged: 2, skipped: 1, failed: 1 },
      persons: { matched: 2, created: 3, skipped: 1 },
      companies: { matched: 0, created: 2 },
      skipped: { "no email address or LinkedIn URL to match on": 1 },
      problems: { count: 1, first: [{ position: "card 5 (line 30)", message: expect.stringContaining("unreadable vCard") }] },
    });
    const companies = await companiesByName();
    expect([...companies.keys()]).toEqual(["Globex Inc.", "Initech"]);
    const persons = await bed.personsByKey();
    expect(persons.get("jane@globex.example")).toMatchObject({
      name: "Jane Roe",
      first_name: "Jane",
      last_name: "Roe",
      emails: [
        { address: "jane@globex.example", is_primary: true },
        { address: "jr@home.example", is_primary: false },
      ],
      job_title: "CTO",
      primary_company_uuid: companies.get("Globex Inc.")!.uuid,
      linkedin_url: "https://www.linkedin.com/in/janeroe",
      city: "Berlin",
      state: null,
      country: "Germany",
      tags: ["Investors", "VIP"],
    });
    expect(persons.get("jurgen@initech.example")).toMatchObject({ name: "Jürgen Müller", first_name: "Jürgen", last_name: "Müller", primary_company_uuid: companies.get("Initech")!.uuid });
    expect(persons.get("sam@globex.example")?.primary_company_uuid).toBe(companies.get("Globex Inc.")!.uuid);
    expect(persons.get("jordan@northwind.example")).toMatchObject({ uuid: bed.jordan.uuid, name: "Jordan Blake" });
    expect(persons.size).toBe(6);
  });

  it("names a matched person known only by address with the first card's name, counted written (the dry run too), and keeps a name given", async () => {
    await personsFromMail();
    const cards = [
      vcard("3.0", ["FN:Bob Partner", "EMAIL:bob@partner.example"]),
      vcard("3.0", ["FN:Robert P.", "EMAIL:Bob@Partner.example"]),
      vcard("3.0", ["FN:Someone Else", `EMAIL:${bed.jordan.emails[0]!.address}`]),
    ].join("\r\n");
    const summary = await importThreeTimes(bed.file("named.vcf", cards), importRequest("vcf"));
    expect(summary).toMatchObject({ items: { read: 3, written: 1, unchanged: 2 } });
    const persons = await bed.personsByKey();
    expect(persons.get("bob@partner.example")?.name).toBe("Bob Partner");
    expect(persons.get(bed.jordan.emails[0]!.address)?.name).toBe(bed.jordan.name);
    expect(persons.get("dana@partner.example")?.name).toBe("dana");
  });

  it("fills a matched person's empty fields from the card, keeps every value they have, and counts it written, the dry run too", async () => {
    await personsFromMail();
    const dana = (await bed.personsByKey()).get("dana@partner.example")!;
    await bed.store.persons.update(bed.tenantUuid, dana.uuid, { job_title: "Founder", city: "Paris" });
    const jordanBefore = (await bed.store.persons.get(bed.tenantUuid, bed.jordan.uuid))!;
    const cards = [
      vcard("3.0", [
        "FN:Bob Partner",
        "N:Partner;Bob;;;",
        "EMAIL:bob@partner.example",
        "ORG:Partner Co",
        "TITLE:VP Sales",
        "URL:https://www.linkedin.com/in/bobpartner",
        "ADR;TYPE=WORK:;;1 Main St;Berlin;;10115;Germany",
        "CATEGORIES:Investors",
      ]),
      vcard("3.0", ["FN:Dana Wu", "EMAIL:dana@partner.example", "ORG:Partner Co", "TITLE:CTO", "ADR;TYPE=WORK:;;;Oslo;;;Norway"]),
      vcard("3.0", ["FN:Jordan Blake", `EMAIL:${bed.jordan.emails[0]!.address}`, "URL:https://www.linkedin.com/in/jordanblake"]),
      // Bob again, after the first card filled him: nothing is left empty for this one.
      vcard("3.0", ["FN:Bob Partner", "EMAIL:bob@partner.example", "ORG:Other Co", "TITLE:Intern", "CATEGORIES:Friends"]),
      // Eve, created by the first of her cards, takes her company and title from the second.
      vcard("3.0", ["FN:Eve Adams", "EMAIL:eve@adams.example"]),
      vcard("3.0", ["FN:Eve Adams", "EMAIL:eve@adams.example", "ORG:Adams Ltd", "TITLE:Head of Operations"]),
    ].join("\r\n");
    const summary = await importThreeTimes(bed.file("fill.vcf", cards), importRequest("vcf"));
    expect(summary).toMatchObject({
      items: { read: 6, written: 4, unchanged: 2 },
      persons: { matched: 5, created: 1 },
      companies: { created: 2, matched: 0 },
    });
    const persons = await bed.personsByKey();
    const companies = await companiesByName();
    expect([...companies.keys()]).toEqual(["Adams Ltd", "Partner Co"]);
    const partner = companies.get("Partner Co")!.uuid;
    expect(persons.get("bob@partner.example")).toMatchObject({
      name: "Bob Partner", first_name: "Bob", last_name: "Partner", job_title: "VP Sales", primary_company_uuid: partner,
      linkedin_url: "https://www.linkedin.com/in/bobpartner", city: "Berlin", country: "Germany", tags: ["Investors"],
    });
    expect(persons.get("bob@partner.example")!.affiliations).toEqual([expect.objectContaining({ company_uuid: partner, title: "VP Sales", is_current: true })]);
    // Dana's typed title and city stay; her empty company is filled, titled with her own title.
    expect(persons.get("dana@partner.example")).toMatchObject({ name: "Dana Wu", job_title: "Founder", primary_company_uuid: partner, city: "Paris", country: null });
    expect(persons.get("dana@partner.example")!.affiliations).toEqual([expect.objectContaining({ company_uuid: partner, title: "Founder" })]);
    // Jordan has everything the card gives: not written, not even his change time.
    expect(await bed.store.persons.get(bed.tenantUuid, bed.jordan.uuid)).toEqual(jordanBefore);
    expect(persons.get("eve@adams.example")).toMatchObject({ job_title: "Head of Operations", primary_company_uuid: companies.get("Adams Ltd")!.uuid });
  });

  it("does not make a matched person current again at a company they left from an old card, the dry run too; another company is theirs", async () => {
    const acme = await bed.store.companies.create({ tenant_uuid: bed.tenantUuid, company_name: "Acme", domain: "acme.example" });
    const zed = await bed.store.persons.create({ tenant_uuid: bed.tenantUuid, name: "Zed Gone", emails: ["zed@acme.example"], primary_company_uuid: acme.uuid, job_title: "CFO" });
    await bed.store.persons.update(bed.tenantUuid, zed.uuid, { primary_company_uuid: null });
    const amy = await bed.store.persons.create({ tenant_uuid: bed.tenantUuid, name: "Amy Moved", emails: ["amy@acme.example"], primary_company_uuid: acme.uuid });
    await bed.store.persons.update(bed.tenantUuid, amy.uuid, { primary_company_uuid: null });
    // An address book exported a year ago: Zed still at Acme; Amy's card already names her next firm.
    const cards = [
      vcard("3.0", ["FN:Zed Gone", "EMAIL:zed@acme.example", "ORG:Acme", "TITLE:CFO", "ADR;TYPE=WORK:;;;Oslo;;;Norway"]),
      vcard("3.0", ["FN:Amy Moved", "EMAIL:amy@acme.example", "ORG:Initech", "TITLE:COO"]),
    ].join("\r\n");
    const summary = await importThreeTimes(bed.file("old.vcf", cards), importRequest("vcf"));
    expect(summary).toMatchObject({ items: { read: 2, written: 2 }, persons: { matched: 2, created: 0 }, companies: { created: 1, matched: 0 } });
    const persons = await bed.personsByKey();
    expect(persons.get("zed@acme.example")).toMatchObject({ primary_company_uuid: null, job_title: null, city: "Oslo" });
    expect(persons.get("zed@acme.example")!.affiliations).toEqual([expect.objectContaining({ company_uuid: acme.uuid, is_current: false, title: "CFO" })]);
    expect(persons.get("amy@acme.example")).toMatchObject({ primary_company_uuid: (await companiesByName()).get("Initech")!.uuid, job_title: "COO" });
  });

  it("gives a matched person the card's other addresses that no person holds nor an erasure remembers, so their mail finds them; counted, the dry run too", async () => {
    await personsFromMail();
    const gone = await bed.store.persons.create({ tenant_uuid: bed.tenantUuid, name: "Gone", emails: ["gone@partner.example"] });
    expect(await bed.store.persons.erase(bed.tenantUuid, gone.uuid)).toBe(true);
    const cards = [
      // Bob, known by one address: his home address is given him, Dana's and the erased one are not.
      vcard("3.0", ["FN:Bob Partner", "EMAIL:bob@partner.example", "EMAIL:Bob.P@home.example", "EMAIL:dana@partner.example", "EMAIL:gone@partner.example"]),
      // Found by the address the card before gave him, in the dry run too.
      vcard("3.0", ["FN:Bob Partner", "EMAIL:bob.p@home.example", "EMAIL:bob@work.example"]),
      // Jordan, found by his profile.
      vcard("3.0", ["FN:Jordan Blake", "EMAIL:jordan.b@home.example", "URL:https://www.linkedin.com/in/jordanblake/en"]),
      // Eve, created by a card, given her second address by the next.
      vcard("3.0", ["FN:Eve Adams", "EMAIL:eve@adams.example"]),
      vcard("3.0", ["FN:Eve Adams", "EMAIL:eve@adams.example", "EMAIL:eve@home.example"]),
    ].join("\r\n");
    const summary = await importThreeTimes(bed.file("addresses.vcf", cards), importRequest("vcf"));
    expect(summary).toMatchObject({ items: { read: 5, written: 5, unchanged: 0 }, persons: { matched: 4, created: 1, skipped: 0, addresses_added: 4 } });
    const persons = [...(await bed.personsByKey()).values()];
    const personWith = (address: string) => persons.find((person) => person.emails.some((email) => email.address === address))!;
    const addressesOf = (address: string) => personWith(address).emails.map((email) => email.address).sort();
    expect(addressesOf("bob@partner.example")).toEqual(["bob.p@home.example", "bob@partner.example", "bob@work.example"]);
    expect(addressesOf("dana@partner.example")).toEqual(["dana@partner.example"]);
    expect(addressesOf("jordan.b@home.example")).toEqual(["jordan.b@home.example", "jordan@northwind.example"]);
    expect(personWith("jordan.b@home.example").uuid).toBe(bed.jordan.uuid);
    expect(addressesOf("eve@home.example")).toEqual(["eve@adams.example", "eve@home.example"]);
    expect(await bed.store.persons.erasedAddresses(bed.tenantUuid, ["gone@partner.example"])).toEqual(new Set(["gone@partner.example"]));
    // Later mail from the card's other address is Bob's, not a second person's.
    const { email } = await bed.store.emails.ingest(bed.tenantUuid, { message_id: "<later@home.example>", sent_at: Date.UTC(2026, 10, 1), from: { email: "bob@work.example" }, to: [{ email: bed.jordan.emails[0]!.address }] });
    expect(email.from_person_uuid).toBe(personWith("bob@partner.example").uuid);
  });

  it("names a person a nameless card created with a later card's name, counted written in the dry run too", async () => {
    const cards = [
      vcard("3.0", ["EMAIL:cleo@partner.example", "EMAIL:cleo.smith@partner.example"]),
      vcard("3.0", ["FN:Cleo", "EMAIL:Cleo@Partner.example"]),
      vcard("3.0", ["FN:Cleo Smith", "EMAIL:cleo.smith@partner.example"]),
      vcard("3.0", ["FN:C. Smith", "EMAIL:cleo@partner.example"]),
      vcard("3.0", ["FN:Dan Typed", "EMAIL:dan@partner.example"]),
      vcard("3.0", ["FN:Daniel", "EMAIL:dan@partner.example"]),
    ].join("\r\n");
    const summary = await importThreeTimes(bed.file("nameless-first.vcf", cards), importRequest("vcf"));
    // Created: Cleo and Dan; named: Cleo by the third card; the local part, a second name and a typed name change nothing.
    expect(summary).toMatchObject({ persons: { created: 2, matched: 4 }, items: { read: 6, written: 3, unchanged: 3 } });
    const persons = await bed.personsByKey();
    expect(persons.get("cleo@partner.example")?.name).toBe("Cleo Smith");
    expect(persons.get("dan@partner.example")?.name).toBe("Dan Typed");
  });

  it("reads a LinkedIn profile from a Google Contacts vCard, which escapes the colon of a URL", async () => {
    const card = vcard("3.0", [
      "FN:Grace Hopper",
      "N:Hopper;Grace;Brewster;Dr.;",
      "EMAIL;TYPE=INTERNET;TYPE=WORK:grace@navy.example",
      "ORG:Navy Lab",
      "item1.URL:https\\://www.linkedin.com/in/grace-hopper",
      "item1.X-ABLabel:Profile",
    ]);
    await run(bed.file("contacts.vcf", `${card}\r\n`), importRequest("vcf"));
    expect((await bed.personsByKey()).get("grace@navy.example")).toMatchObject({ name: "Grace Hopper", linkedin_url: "https://www.linkedin.com/in/grace-hopper" });
  });

  it("reads a 2.1 card whose photo's base64 lines are not indented and end with a blank line, as older phones write it", async () => {
    const photo = ["PHOTO;ENCODING=BASE64;TYPE=JPEG:", "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0a", "HBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/2wBDAQkJCQwLDBgNDRgyIRwhMjIyMjIy", ""];
    const card = vcard("2.1", ["N:Zola;Emile", "FN:Emile Zola", "EMAIL;INTERNET:emile@hooli.example", ...photo, "TITLE:Novelist"]);
    const summary = await run(bed.file("contacts.vcf", `${card}\r\n`), importRequest("vcf"));
    expect(summary).toMatchObject({ items: { read: 1, written: 1, failed: 0 }, persons: { created: 1 } });
    expect((await bed.personsByKey()).get("emile@hooli.example")).toMatchObject({ name: "Emile Zola", job_title: "Novelist" });
  });

  it("takes a card's web page for its company's domain only when one of its addresses is there, not a page on a shared host", async () => {
    const cards = [
      vcard("3.0", ["FN:Ada One", "EMAIL:ada@first.example", "ORG:First Company", "URL:https://github.com/adaone"]),
      vcard("3.0", ["FN:Bea Two", "EMAIL:bea@second.example", "ORG:Second Company", "item1.URL:https://github.com/beatwo", "item1.X-ABLabel:_$!<HomePage>!$_"]),
      vcard("3.0", ["FN:Cy Three", "EMAIL:cy@mail.third.example", "ORG:Third Company", "URL;TYPE=WORK:https://www.third.example/"]),
    ].join("\r\n");
    await importThreeTimes(bed.file("contacts.vcf", cards), importRequest("vcf"));
    const companies = await companiesByName();
    // A page on a shared host names no domain; the address's own domain does.
    expect([...companies.values()].map((company) => [company.company_name, company.domain])).toEqual([
      ["First Company", "first.example"],
      ["Second Company", "second.example"],
      ["Third Company", "third.example"],
    ]);
    const persons = await bed.personsByKey();
    expect(persons.get("bea@second.example")?.primary_company_uuid).toBe(companies.get("Second Company")!.uuid);
  });

  it("gives a company named without a domain the domain of the contact's company address, when no other company holds it; free mail gives none", async () => {
    await bed.store.companies.create({ tenant_uuid: bed.tenantUuid, company_name: "Held Co", domain: "held.example" });
    await bed.store.companies.create({ tenant_uuid: bed.tenantUuid, company_name: "Stored Co" });
    const cards = [
      vcard("3.0", ["FN:Ann Free", "EMAIL:ann@gmail.com", "ORG:Free Co"]),
      vcard("3.0", ["FN:Ben Both", "EMAIL;TYPE=pref:ben@gmail.com", "EMAIL:ben@globex.example", "ORG:Globex"]),
      vcard("3.0", ["FN:Cat Held", "EMAIL:cat@held.example", "ORG:Other Co"]),
      vcard("3.0", ["FN:Dee Stored", "EMAIL:dee@stored.example", "ORG:Stored Co"]),
      vcard("3.0", ["FN:Eli Late", "EMAIL:eli@yahoo.co.uk", "ORG:Late Co"]),
      vcard("3.0", ["FN:Fay Late", "EMAIL:fay@late.example", "ORG:late co"]),
      // Found by the domain Ben's card gave Globex: its name but for the legal form.
      vcard("3.0", ["FN:Gus Second", "EMAIL:gus@globex.example", "ORG:Globex Corporation"]),
      // Alpha has its page's domain from the first card: the second's address gives it none, so Alpha Two takes it.
      vcard("3.0", ["FN:Hal Alpha", "EMAIL:hal@alpha.example", "ORG:Alpha", "URL:https://alpha.example/"]),
      vcard("3.0", ["FN:Ida Alpha", "EMAIL:ida@alpha-mail.example", "ORG:Alpha"]),
      vcard("3.0", ["FN:Jay Two", "EMAIL:jay@alpha-mail.example", "ORG:Alpha Two", "URL:https://alpha-mail.example/"]),
    ].join("\r\n");
    const summary = await importThreeTimes(bed.file("domains.vcf", cards), importRequest("vcf"));
    // Late Co is counted once: Fay's "late co" is the company Eli's card created, which takes her address's domain.
    expect(summary).toMatchObject({ items: { read: 10, written: 10 }, persons: { created: 10 }, companies: { created: 6, matched: 1 } });
    const companies = await companiesByName();
    expect(Object.fromEntries([...companies.values()].map((company) => [company.company_name, company.domain]))).toEqual({
      Alpha: "alpha.example",
      "Alpha Two": "alpha-mail.example",
      "Free Co": null,
      Globex: "globex.example",
      "Held Co": "held.example",
      "Late Co": "late.example",
      "Other Co": null,
      "Stored Co": "stored.example",
    });
    const persons = await bed.personsByKey();
    expect(persons.get("dee@stored.example")?.primary_company_uuid).toBe(companies.get("Stored Co")!.uuid);
    expect(persons.get("cat@held.example")?.primary_company_uuid).toBe(companies.get("Other Co")!.uuid);
    expect(persons.get("gus@globex.example")?.primary_company_uuid).toBe(companies.get("Globex")!.uuid);
    // The company found by the domain it was given: a person at it is one of its people.
    const atGlobex = await bed.store.persons.findByDomain(bed.tenantUuid, "globex.example", 10);
    expect(atGlobex.uuids).toContain(persons.get("ben@gmail.com")!.uuid);
  });

  it("gives a matched person's own company, created without a domain from LinkedIn, the domain of their card's address, the dry run too", async () => {
    const linkedin = csvFile([
      ["First Name", "Last Name", "URL", "Email Address", "Company", "Position"],
      ["Zoë", "Lefèvre", "https://www.linkedin.com/in/zoe-lefevre", "", "Café Numérique", "CTO"],
      ["Max", "Weber", "https://www.linkedin.com/in/max-weber", "", "Klang", "CEO"],
    ]);
    await run(bed.file("Connections.csv", linkedin), importRequest("csv"));
    const cards = [
      vcard("4.0", ["FN:Zoë Lefèvre", "EMAIL:zoe@cafe-numerique.example", "ORG:Café Numérique", "URL:https://www.linkedin.com/in/zoe-lefevre/"]),
      // Another company than the person's: it is not theirs to change.
      vcard("4.0", ["FN:Max Weber", "EMAIL:max@other.example", "ORG:Other GmbH", "URL:https://www.linkedin.com/in/max-weber"]),
    ].join("\r\n");
    const summary = await importThreeTimes(bed.file("phone.vcf", cards), importRequest("vcf"));
    expect(summary).toMatchObject({ items: { written: 2 }, persons: { matched: 2, created: 0, addresses_added: 2 }, companies: { matched: 1, created: 0 } });
    const companies = await companiesByName();
    expect([...companies.values()].map((company) => [company.company_name, company.domain])).toEqual([
      ["Café Numérique", "cafe-numerique.example"],
      ["Klang", null],
    ]);
    // Found by that domain from then on: a row naming it finds the company, not a second one.
    await run(bed.file("crm.csv", csvFile([["Name", "Email", "Company", "Company Domain"], ["Luc Martin", "luc@cafe-numerique.example", "Cafe Numerique SAS", "cafe-numerique.example"]])), importRequest("csv"));
    expect((await bed.personsByKey()).get("luc@cafe-numerique.example")?.primary_company_uuid).toBe(companies.get("Café Numérique")!.uuid);
  });

  it("finds a LinkedIn connection (no address) from their phone card (no profile) by their name at their company, when only one person there has it", async () => {
    const linkedin = csvFile([
      ["First Name", "Last Name", "URL", "Email Address", "Company", "Position"],
      ["María José", "García Márquez", "https://www.linkedin.com/in/mjgm", "", "Globex", "Director, Talent"],
      ["Ann", "Lee", "https://www.linkedin.com/in/ann-lee-1", "", "Initech", "Analyst"],
      ["Ann", "Lee", "https://www.linkedin.com/in/ann-lee-2", "", "Initech", "Engineer"],
      ["Bo", "Chen", "https://www.linkedin.com/in/bo-chen", "bo@umbrella.example", "Umbrella", "CFO"],
      ["Ömer", "İnce", "https://www.linkedin.com/in/omer-ince", "", "İş Bankası", "Director"],
    ]);
    await run(bed.file("Connections.csv", linkedin), importRequest("csv"));
    const cards = [
      vcard("3.0", ["FN:maría josé  García Márquez", "N:García Márquez;María José;;;", "EMAIL:mj@globex.example", "ORG:Globex", "TEL:+34 600 000 000"]),
      // Two Ann Lees at Initech: which one is unknown, so a third person; a Bo Chen known by another address is not found.
      vcard("3.0", ["FN:Ann Lee", "EMAIL:ann@initech.example", "ORG:Initech"]),
      vcard("3.0", ["FN:Bo Chen", "EMAIL:bo.chen@gmail.com", "ORG:Umbrella"]),
      // The same name at another company is another person.
      vcard("3.0", ["FN:María José García Márquez", "EMAIL:mjgm@hooli.example", "ORG:Hooli"]),
      // Written in capitals, as a Turkish phone may: "İ" in lower case is "i" with a dot above to JavaScript, not "i".
      vcard("3.0", ["FN:ÖMER INCE", "EMAIL:omer@isbank.example", "ORG:İŞ BANKASI"]),
    ].join("\r\n");
    const summary = await importThreeTimes(bed.file("phone.vcf", cards), importRequest("vcf"));
    expect(summary).toMatchObject({ persons: { matched: 2, created: 3 } });
    expect((await bed.personsByKey()).get("omer@isbank.example")?.linkedin_url).toBe("https://www.linkedin.com/in/omer-ince");
    const persons = await bed.personsByKey();
    expect(persons.get("mj@globex.example")).toMatchObject({ linkedin_url: "https://www.linkedin.com/in/mjgm", job_title: "Director, Talent", name: "María José García Márquez" });
    expect(persons.get("mjgm@hooli.example")?.linkedin_url).toBeNull();
    expect(persons.get("ann@initech.example")?.linkedin_url).toBeNull();
    expect(persons.get("bo.chen@gmail.com")?.uuid).not.toBe(persons.get("bo@umbrella.example")?.uuid);
  });

  it("finds a LinkedIn connection whose last name carries credentials, pronouns or emoji from their phone card by their name at their company", async () => {
    const linkedin = csvFile([
      ["First Name", "Last Name", "URL", "Email Address", "Company", "Position"],
      ["Jane", "Doe, MBA", "https://www.linkedin.com/in/janedoe", "", "Globex", "CFO"],
      ["Lee", "Park (He/Him)", "https://www.linkedin.com/in/leepark", "", "Globex", "CTO"],
      ["Amy", "Wu, PhD 🚀", "https://www.linkedin.com/in/amywu", "", "Globex", "CEO"],
    ]);
    await run(bed.file("Connections.csv", linkedin), importRequest("csv"));
    const cards = [
      vcard("3.0", ["FN:Jane Doe", "EMAIL:jane@globex.example", "ORG:Globex"]),
      vcard("3.0", ["FN:Lee Park", "EMAIL:lee@globex.example", "ORG:Globex"]),
      vcard("3.0", ["FN:Amy Wu", "EMAIL:amy@globex.example", "ORG:Globex"]),
    ].join("\r\n");
    const summary = await run(bed.file("phone.vcf", cards), importRequest("vcf"));
    expect(summary).toMatchObject({ persons: { matched: 3, created: 0 } });
    const persons = await bed.personsByKey();
    expect(persons.get("jane@globex.example")?.linkedin_url).toBe("https://www.linkedin.com/in/janedoe");
    expect(persons.get("lee@globex.example")?.linkedin_url).toBe("https://www.linkedin.com/in/leepark");
    expect(persons.get("amy@globex.example")?.linkedin_url).toBe("https://www.linkedin.com/in/amywu");
  });

  it("finds the company a contact's address is at when its name is the contact's company's but for the legal form, before a namesake; the dry run too", async () => {
    const northwind = await bed.store.companies.create({ tenant_uuid: bed.tenantUuid, company_name: "Northwind Robotics", domain: "northwind.example" });
    const umbrella = await bed.store.companies.create({ tenant_uuid: bed.tenantUuid, company_name: "Umbrella", domain: "umbrella.example" });
    // Created by name alone (a LinkedIn export): the address's domain says the contact's company is the other one.
    await bed.store.companies.create({ tenant_uuid: bed.tenantUuid, company_name: "Umbrella Corp" });
    const cards = [
      vcard("3.0", ["FN:Ann Lee", "EMAIL:ann@northwind.example", "ORG:Northwind Robotics, Inc."]),
      vcard("3.0", ["FN:Dee Fox", "EMAIL:dee@umbrella.example", "ORG:Umbrella Corp"]),
      // Another name than the company's at that domain: another firm (a subsidiary, a client), created.
      vcard("3.0", ["FN:Ben Ode", "EMAIL:ben@northwind.example", "ORG:Northwind Labs"]),
      // Free mail says nothing of the firm: found by name or created, as before.
      vcard("3.0", ["FN:Cal Roy", "EMAIL:cal@gmail.com", "ORG:Northwind Robotics, Inc."]),
    ].join("\r\n");
    const summary = await importThreeTimes(bed.file("contacts.vcf", cards), importRequest("vcf"));
    expect(summary).toMatchObject({ persons: { created: 4 }, companies: { matched: 2, created: 2 } });
    const persons = await bed.personsByKey();
    expect(persons.get("ann@northwind.example")?.primary_company_uuid).toBe(northwind.uuid);
    expect(persons.get("dee@umbrella.example")?.primary_company_uuid).toBe(umbrella.uuid);
    const companies = await companiesByName();
    expect(persons.get("ben@northwind.example")?.primary_company_uuid).toBe(companies.get("Northwind Labs")!.uuid);
    expect(persons.get("cal@gmail.com")?.primary_company_uuid).toBe(companies.get("Northwind Robotics, Inc.")!.uuid);
    expect([...companies.values()].map((company) => [company.company_name, company.domain])).toEqual([
      ["Northwind Labs", null],
      ["Northwind Robotics", "northwind.example"],
      ["Northwind Robotics, Inc.", null],
      ["Umbrella", "umbrella.example"],
      ["Umbrella Corp", null],
    ]);
  });

  it("finds the company a CSV row's or LinkedIn connection's address is at, named with a legal form, and counts a run's company once", async () => {
    const rows = csvFile([
      ["Name", "Email", "Company", "Company Domain"],
      // Created with its address's domain by the first row, then found by it under the names with a legal form.
      ["Ivy Row", "ivy@initech.example", "Initech", ""],
      ["Max Row", "max@initech.example", "Initech GmbH", ""],
      ["Kai Row", "kai@initech.example", "INITECH, INC.", ""],
    ]);
    const summary = await importThreeTimes(bed.file("rows.csv", rows), importRequest("csv"));
    expect(summary).toMatchObject({ persons: { created: 3 }, companies: { created: 1, matched: 0 } });
    const linkedin = csvFile([
      ["First Name", "Last Name", "URL", "Email Address", "Company", "Position"],
      ["Zoë", "Lefèvre", "https://www.linkedin.com/in/zoe-lefevre", "zoe@initech.example", "Initech Ltd.", "CTO"],
    ]);
    const again = await importThreeTimes(bed.file("Connections.csv", linkedin), importRequest("csv"));
    expect(again).toMatchObject({ persons: { created: 1 }, companies: { created: 0, matched: 1 } });
    const companies = await companiesByName();
    expect([...companies.keys()]).toEqual(["Initech"]);
    const persons = await bed.personsByKey();
    for (const address of ["max@initech.example", "kai@initech.example", "zoe@initech.example"]) {
      expect(persons.get(address)?.primary_company_uuid).toBe(companies.get("Initech")!.uuid);
    }
  });

  it("reads a company's domain from a CSV row's address when its domain column is empty, not from free mail", async () => {
    const text = csvFile([
      ["Name", "Email", "Company", "Company Domain"],
      ["Ivy Row", "ivy@initech.example", "Initech", ""],
      ["Jo Row", "jo@gmail.com", "Jo's Shop", ""],
      ["Kai Row", "kai@umbrella.example", "Umbrella", "umbrella-corp.example"],
      // Found by the domain Ivy's row gave Initech, under another name: matched, not counted again.
      ["Max Row", "max@other.example", "Initech Holdings", "initech.example"],
    ]);
    const summary = await importThreeTimes(bed.file("rows.csv", text), importRequest("csv"));
    expect(summary).toMatchObject({ persons: { created: 4 }, companies: { created: 3, matched: 0 } });
    const companies = await companiesByName();
    expect((await bed.personsByKey()).get("max@other.example")?.primary_company_uuid).toBe(companies.get("Initech")!.uuid);
    expect([...companies.values()].map((company) => [company.company_name, company.domain])).toEqual([
      ["Initech", "initech.example"],
      ["Jo's Shop", null],
      ["Umbrella", "umbrella-corp.example"],
    ]);
  });

  it("finds a company that moved its domain by the one it had, as the dry run counts it, and gives no company that domain", async () => {
    const acme = await bed.store.companies.create({ tenant_uuid: bed.tenantUuid, company_name: "Acme", domain: "acme.com" });
    await bed.store.companies.update(bed.tenantUuid, acme.uuid, { domain: "acme.io" });
    const cards = [
      vcard("3.0", ["FN:Jane Roe", "EMAIL:jane@acme.com", "ORG:Acme Corporation", "URL:https://www.acme.com/"]),
      // Named otherwise and without a page: found by name or created, and given no domain another company had.
      vcard("3.0", ["FN:Lee Park", "EMAIL:lee@acme.com", "ORG:Acme Europe"]),
    ].join("\r\n");
    const summary = await importThreeTimes(bed.file("moved.vcf", cards), importRequest("vcf"));
    expect(summary).toMatchObject({ persons: { created: 2 }, companies: { created: 1 } });
    const companies = await companiesByName();
    expect([...companies.values()].map((company) => [company.company_name, company.domain])).toEqual([
      ["Acme", "acme.io"],
      ["Acme Europe", null],
    ]);
    const persons = await bed.personsByKey();
    expect(persons.get("jane@acme.com")?.primary_company_uuid).toBe(acme.uuid);
  });

  it("imports a card macOS Contacts shows as a company (X-ABShowAs:COMPANY) as that company, not as a person", async () => {
    const cards = [
      vcard("3.0", ["N:;;;;", "FN:Acme Robotics", "ORG:Acme Robotics Inc.;", "EMAIL;type=INTERNET;type=WORK;type=pref:Info@Acme-Robotics.example", "item1.URL;type=pref:https://www.acme-robotics.example/", "item1.X-ABLabel:_$!<HomePage>!$_", "X-ABShowAs:COMPANY"]),
      vcard("3.0", ["N:;;;;", "FN:Corner Bakery", "EMAIL;type=INTERNET:corner.bakery@mail.example", "X-ABShowAs:COMPANY"]),
      vcard("3.0", ["N:Roe;Jane;;;", "FN:Jane Roe", "ORG:Acme Robotics Inc.;", "EMAIL;type=INTERNET:jane@acme-robotics.example"]),
    ].join("\r\n");
    const summary = await importThreeTimes(bed.file("contacts.vcf", cards), importRequest("vcf"));
    expect(summary).toMatchObject({ items: { read: 3, written: 3, failed: 0 }, persons: { created: 1 } });
    const companies = await companiesByName();
    expect(companies.get("Acme Robotics Inc.")).toMatchObject({ domain: "acme-robotics.example", website: "https://www.acme-robotics.example/", email: "info@acme-robotics.example" });
    expect(companies.get("Corner Bakery")).toMatchObject({ domain: null, email: "corner.bakery@mail.example" });
    const persons = await bed.personsByKey();
    expect(persons.has("info@acme-robotics.example")).toBe(false);
    expect(persons.has("corner.bakery@mail.example")).toBe(false);
    expect(persons.get("jane@acme-robotics.example")?.primary_company_uuid).toBe(companies.get("Acme Robotics Inc.")!.uuid);
  });

  it("reports a card that never ends (no END:VCARD) and imports the cards after it, which it swallowed", async () => {
    const text = [
      ["BEGIN:VCARD", "VERSION:3.0", "FN:No End", "EMAIL:noend@cafe.example"].join("\r\n"),
      vcard("3.0", ["FN:José Peña", "EMAIL:jose@cafe.example"]),
      vcard("3.0", ["FN:Åse Ødegård", "EMAIL:ase@cafe.example"]),
    ].join("\r\n");
    const summary = await importThreeTimes(bed.file("cut.vcf", text), importRequest("vcf"));
    expect(summary).toMatchObject({ items: { read: 3, written: 2, failed: 1 }, persons: { created: 2 } });
    expect(summary.problems.first).toEqual([{ position: "card 1 (line 1)", message: "VCARD starting here has no END:VCARD before the BEGIN:VCARD at line 5" }]);
    const persons = await bed.personsByKey();
    expect([persons.get("jose@cafe.example")?.name, persons.get("ase@cafe.example")?.name, persons.has("noend@cafe.example")]).toEqual(["José Peña", "Åse Ødegård", false]);
  });

  it("gives a matched person the card's addresses only up to the 20 a person may hold, counting those left out, the dry run too", async () => {
    const held = Array.from({ length: MAX_PERSON_EMAIL_ADDRESSES - 1 }, (_, index) => `near${index}@near.example`);
    const near = await bed.store.persons.create({ tenant_uuid: bed.tenantUuid, name: "Nia Near", emails: held });
    const many = Array.from({ length: MAX_PERSON_EMAIL_ADDRESSES + 2 }, (_, index) => `EMAIL:many${index}@many.example`);
    const cards = [
      // One place left: the first free address takes it.
      vcard("3.0", ["FN:Nia Near", "EMAIL:near0@near.example", "EMAIL:nia@home.example", "EMAIL:nia@work.example", "EMAIL:nia@old.example"]),
      // Full now, in the dry run too: nothing given.
      vcard("3.0", ["FN:Nia Near", "EMAIL:near1@near.example", "EMAIL:nia@new.example"]),
      // Created with the first 20 of 22.
      vcard("3.0", ["FN:Max Many", ...many]),
    ].join("\r\n");
    const summary = await importThreeTimes(bed.file("limit.vcf", cards), importRequest("vcf"));
    expect(summary).toMatchObject({ items: { read: 3, written: 2, unchanged: 1 }, persons: { matched: 2, created: 1, addresses_added: 1, addresses_left_out: 5 } });
    const persons = await bed.personsByKey();
    expect(persons.get("near0@near.example")!.uuid).toBe(near.uuid);
    expect(persons.get("near0@near.example")!.emails.map((email) => email.address).sort()).toEqual([...held, "nia@home.example"].sort());
    expect(persons.get("many0@many.example")!.emails).toHaveLength(MAX_PERSON_EMAIL_ADDRESSES);
  });

  it("names a card's invalid email address as its problem, and imports a card with a valid one beside it with a caveat", async () => {
    const text = [
      vcard("3.0", ["FN:Only Bad", "EMAIL:only.bad@"]),
      vcard("3.0", ["FN:Good And Bad", "EMAIL:good@acme.example", "EMAIL:nope"]),
    ].join("\r\n");
    const summary = await importThreeTimes(bed.file("bad-emails.vcf", text), importRequest("vcf"));
    expect(summary).toMatchObject({ items: { read: 2, written: 1, failed: 1 }, persons: { created: 1 }, skipped: {} });
    expect(summary.problems.first).toEqual([
      { position: "card 1 (line 1)", message: "email 'only.bad@' is not an email address" },
      { position: "card 2 (line 6)", message: "email 'nope' is not an email address; imported without it" },
    ]);
    const persons = await bed.personsByKey();
    expect(persons.get("good@acme.example")).toMatchObject({ name: "Good And Bad", emails: [{ address: "good@acme.example", is_primary: true }] });
  });

  it("reads a vCard file that is not UTF-8 as Windows-1252, as older address books write it", async () => {
    const text = [
      vcard("3.0", ["FN:José Peña", "N:Peña;José;;;", "EMAIL:jose@cafe.example", "TITLE:“Head” of Deals – €5M+", "ORG:Café Crème"]),
      vcard("2.1", ["N:Ødegård;Åse", "FN:Åse Ødegård", "EMAIL;INTERNET:ase@cafe.example", "ORG:Café Crème"]),
    ].join("\r\n");
    const bytes = iconv.encode(text, "windows-1252");
    expect(bytes.includes(0x80)).toBe(true);
    const summary = await importThreeTimes(bed.file("outlook.vcf", bytes), importRequest("vcf"));
    expect(summary).toMatchObject({ items: { written: 2, failed: 0 }, persons: { created: 2 }, companies: { created: 1 } });
    const persons = await bed.personsByKey();
    expect([persons.get("jose@cafe.example"), persons.get("ase@cafe.example")]).toMatchObject([
      { name: "José Peña", first_name: "José", last_name: "Peña", job_title: "“Head” of Deals – €5M+" },
      { name: "Åse Ødegård", first_name: "Åse", last_name: "Ødegård" },
    ]);
    expect([...(await companiesByName()).keys()]).toEqual(["Café Crème"]);
  });
  it("reads a vCard file in UTF-16, with a byte order mark or without one, as Outlook and phones export it", async () => {
    const outlook = vcard("2.1", ["N:Peña;José", "FN:José Peña", "EMAIL;PREF;INTERNET:jose@cafe.example", "ORG:Café Crème", "TITLE:Partner 🚀"]);
    const phone = vcard("3.0", ["N:山田;太郎;;;", "FN:山田 太郎", "EMAIL;TYPE=INTERNET:taro@kabushiki.example"]);
    const outlookSummary = await importThreeTimes(bed.file("outlook.vcf", Buffer.from(`\uFEFF${outlook}\r\n`, "utf16le")), importRequest("vcf"));
    const phoneSummary = await importThreeTimes(bed.file("phone.vcf", Buffer.from(`${phone}\r\n`, "utf16le").swap16()), importRequest("vcf"));
    expect([outlookSummary, phoneSummary]).toMatchObject([
      { items: { written: 1, failed: 0 }, persons: { created: 1 }, companies: { created: 1 } },
      { items: { written: 1, failed: 0 }, persons: { created: 1 } },
    ]);
    const persons = await bed.personsByKey();
    expect([persons.get("jose@cafe.example"), persons.get("taro@kabushiki.example")]).toMatchObject([
      { name: "José Peña", first_name: "José", last_name: "Peña", job_title: "Partner 🚀" },
      { name: "山田 太郎", first_name: "太郎", last_name: "山田" },
    ]);
    expect([...(await companiesByName()).keys()]).toEqual(["Café Crème"]);
  });
  it("reads a folder of vCard files, each in its own encoding, and counts the files' bytes", async () => {
    const folder = join(bed.folder, "contacts");
    mkdirSync(join(folder, "team"), { recursive: true });
    const card = (name: string, email: string) => `${vcard("3.0", [`FN:${name}`, `EMAIL:${email}`])}\r\n`;
    writeFileSync(join(folder, "a.vcf"), Buffer.from(`\uFEFF${card("Jürgen Müller", "jurgen@initech.example")}`, "utf16le"));
    writeFileSync(join(folder, "b.vcf"), Buffer.from(`\uFEFF${card("Zoë Price", "zoe@globex.example")}`, "utf16le").swap16());
    writeFileSync(join(folder, "c.vcf"), card("山田 太郎", "taro@kabushiki.example"));
    writeFileSync(join(folder, "team", "d.vcf"), iconv.encode(card("José Peña", "jose@cafe.example"), "windows-1252"));
    // UTF-8 with a byte order mark (as Windows tools save it), after other files: the mark is not read into the card.
    writeFileSync(join(folder, "team", "e.vcf"), `\uFEFF${card("Łukasz Wójcik", "lukasz@x.example")}`);
    const summary = await importThreeTimes(folder, importRequest("vcf"));
    expect(summary).toMatchObject({ items: { read: 5, written: 5, failed: 0 }, persons: { created: 5 } });
    expect(summary.bytes_read).toBe(summary.bytes_total);
    const persons = await bed.personsByKey();
    const addresses = ["jurgen@initech.example", "zoe@globex.example", "taro@kabushiki.example", "jose@cafe.example", "lukasz@x.example"];
    expect(addresses.map((address) => persons.get(address)?.name)).toEqual(["Jürgen Müller", "Zoë Price", "山田 太郎", "José Peña", "Łukasz Wójcik"]);
  });
});

describe("csv import", () => {
  it("reads a LinkedIn connections export with its default columns, notes above the header and all", async () => {
    const text = [
      "Notes:",
      '"When exporting your connection data, you may notice that some of the email addresses are missing."',
      "",
      csvFile([
        ["First Name", "Last Name", "URL", "Email Address", "Company", "Position", "Connected On"],
        ["Avery", "Stone", "https://www.linkedin.com/in/averystone", "avery@umbrella.example", "Umbrella Corp", "Partner", "01 Oct 2026"],
        ["Riley", "Chen", "https://www.linkedin.com/in/rileychen", "", "Umbrella Corp", "Analyst", "02 Oct 2026"],
        ["Jordan", "Blake", "https://www.linkedin.com/in/JordanBlake/", "", "Northwind", "CEO", "03 Oct 2026"],
        ["", "", "", "", "", "", ""],
      ]),
    ].join("\n");
    const summary = await importThreeTimes(bed.file("Connections.csv", text), importRequest("csv"));
    // Jordan, matched by profile, had no company or title: the row fills them (a company created for him).
    expect(summary).toMatchObject({ items: { read: 4, written: 3, unchanged: 0, skipped: 1 }, persons: { matched: 1, created: 2 }, companies: { created: 2 }, skipped: { "empty row": 1 } });
    const persons = await bed.personsByKey();
    const umbrella = (await companiesByName()).get("Umbrella Corp")!;
    expect(persons.get("jordan@northwind.example")).toMatchObject({ name: "Jordan Blake", job_title: "CEO", primary_company_uuid: (await companiesByName()).get("Northwind")!.uuid });
    expect(persons.get("avery@umbrella.example")).toMatchObject({ name: "Avery Stone", job_title: "Partner", primary_company_uuid: umbrella.uuid, linkedin_url: "https://www.linkedin.com/in/averystone" });
    expect(persons.get("Riley Chen")).toMatchObject({ emails: [], job_title: "Analyst", primary_company_uuid: umbrella.uuid, linkedin_url: "https://www.linkedin.com/in/rileychen" });
    expect(persons.size).toBe(5);
  });

  it("reads an Outlook contacts export: its Title column is the name prefix, its Job Title column the job, its Middle Name part of the name", async () => {
    const header = ["First Name", "Middle Name", "Last Name", "Title", "Suffix", "E-mail Address", "E-mail 2 Address", "Job Title", "Department", "Company", "Business City", "Business State", "Business Country/Region"];
    const text = csvFile([
      header,
      ["Margaret", "", "Hamilton", "Dr.", "", "margaret@apollo.example", "mh@home.example", "Director of Software Engineering", "Flight Software", "Apollo Software", "Cambridge", "MA", "United States"],
      ["Jan-Willem", "van der", "Berg", "", "", "jw@stroomwerk.example", "", "Engineer", "", "Stroomwerk", "", "", ""],
      ["Edsger", "", "Dijkstra", "Prof.", "", "edsger@structured.example", "", "", "", "Structured BV", "Austin", "TX", "United States"],
    ]);
    const summary = await importThreeTimes(bed.file("contacts.csv", text), importRequest("csv"));
    expect(summary).toMatchObject({ items: { read: 3, written: 3 }, persons: { created: 3 } });
    const persons = await bed.personsByKey();
    // A particle Outlook (or Google) keeps as the middle name stays in the name.
    expect(persons.get("jw@stroomwerk.example")).toMatchObject({ name: "Jan-Willem van der Berg", first_name: "Jan-Willem", last_name: "Berg" });
    expect(persons.get("margaret@apollo.example")).toMatchObject({ name: "Margaret Hamilton", job_title: "Director of Software Engineering", city: "Cambridge", country: "United States" });
    expect(persons.get("margaret@apollo.example")?.emails.map((email) => [email.address, email.is_primary])).toEqual([
      ["margaret@apollo.example", true],
      ["mh@home.example", false],
    ]);
    expect(persons.get("edsger@structured.example")).toMatchObject({ name: "Edsger Dijkstra", job_title: null });
  });

  it("names a matched person known only by address (or its local part) with the row's first and last name", async () => {
    await personsFromMail();
    const text = csvFile([
      ["First Name", "Last Name", "E-mail Address"],
      ["Dana", "Wu", "dana@partner.example"],
      ["Bob", "", "bob@partner.example"],
    ]);
    const summary = await importThreeTimes(bed.file("named.csv", text), importRequest("csv"));
    // Bob's first name alone is his address's local part: not a name for him, but his empty first name takes it.
    expect(summary).toMatchObject({ items: { read: 2, written: 2, unchanged: 0 } });
    const persons = await bed.personsByKey();
    expect(persons.get("dana@partner.example")?.name).toBe("Dana Wu");
    expect(persons.get("bob@partner.example")).toMatchObject({ name: "bob@partner.example", first_name: "Bob" });
  });

  it("reads Google Contacts exports, the current columns and the older ones: title, address and a LinkedIn profile among the websites", async () => {
    const current = csvFile([
      ["First Name", "Middle Name", "Last Name", "Organization Name", "Organization Title", "Organization Department", "Labels", "E-mail 1 - Label", "E-mail 1 - Value", "E-mail 2 - Label", "E-mail 2 - Value", "Address 1 - Label", "Address 1 - City", "Address 1 - Region", "Address 1 - Country", "Website 1 - Label", "Website 1 - Value", "Website 2 - Label", "Website 2 - Value"],
      ["Grace", "Brewster", "Hopper", "Navy Lab", "Rear Admiral", "Engineering", "* myContacts", "* Work", "grace@navy.example ::: gh@home.example", "Home", "g@personal.example", "Work", "Arlington", "VA", "United States", "Blog", "https://grace.example/", "Profile", "https://www.linkedin.com/in/grace-hopper"],
    ]);
    const older = csvFile([
      ["Name", "Given Name", "Family Name", "Group Membership", "E-mail 1 - Type", "E-mail 1 - Value", "Organization 1 - Name", "Organization 1 - Title", "Address 1 - City", "Address 1 - Region", "Address 1 - Country", "Website 1 - Type", "Website 1 - Value"],
      ["Katherine Johnson", "Katherine", "Johnson", "* myContacts", "* Work", "katherine@flight.example", "Flight Research", "Mathematician", "Hampton", "VA", "United States", "Profile", "https://www.linkedin.com/in/katherine-johnson"],
    ]);
    await importThreeTimes(bed.file("contacts.csv", current), importRequest("csv"));
    await importThreeTimes(bed.file("google.csv", older), importRequest("csv"));
    const persons = await bed.personsByKey();
    expect(persons.get("grace@navy.example")).toMatchObject({
      name: "Grace Brewster Hopper",
      first_name: "Grace",
      last_name: "Hopper",
      job_title: "Rear Admiral",
      city: "Arlington",
      state: "VA",
      country: "United States",
      linkedin_url: "https://www.linkedin.com/in/grace-hopper",
    });
    expect(persons.get("katherine@flight.example")).toMatchObject({
      name: "Katherine Johnson",
      job_title: "Mathematician",
      city: "Hampton",
      state: "VA",
      country: "United States",
      linkedin_url: "https://www.linkedin.com/in/katherine-johnson",
    });
  });

  it("takes Google Contacts' labels (current export) and group memberships (older one) as tags, without its group of every contact", async () => {
    const current = csvFile([
      ["First Name", "Last Name", "Labels", "E-mail 1 - Value"],
      ["Grace", "Hopper", "* myContacts ::: * starred ::: Investors", "grace@navy.example"],
    ]);
    const older = csvFile([
      ["Name", "Given Name", "Family Name", "Group Membership", "E-mail 1 - Value"],
      ["Katherine Johnson", "Katherine", "Johnson", "* myContacts ::: Coworkers", "katherine@flight.example"],
    ]);
    const card = vcard("3.0", ["FN:Alan Turing", "N:Turing;Alan;;;", "EMAIL;TYPE=INTERNET:alan@bletchley.example", "CATEGORIES:myContacts,Friends"]);
    await importThreeTimes(bed.file("contacts.csv", current), importRequest("csv"));
    await importThreeTimes(bed.file("google.csv", older), importRequest("csv"));
    await importThreeTimes(bed.file("contacts.vcf", card), importRequest("vcf"));
    const persons = await bed.personsByKey();
    expect(persons.get("grace@navy.example")?.tags).toEqual(["starred", "Investors"]);
    expect(persons.get("katherine@flight.example")?.tags).toEqual(["Coworkers"]);
    expect(persons.get("alan@bletchley.example")?.tags).toEqual(["Friends"]);
  });

  it("finds a company by its name in any letter's case of any script and in full-width letters, as the dry run counts it", async () => {
    const text = csvFile([
      ["Name", "Email", "Company"],
      ["Camille Roux", "camille@edf.example", "Électricité de France"],
      ["Hugo Petit", "hugo@edf.example", "électricité de france"],
      ["Ivan Petrov", "ivan@vtb.example", "ВТБ"],
      ["Olga Ivanova", "olga@vtb.example", "втб"],
      ["Nikos Pappas", "nikos@alfa.example", "ΑΛΦΑ"],
      ["Eleni Georgiou", "eleni@alfa.example", "Άλφα"],
      ["Taro Yamada", "taro@toyota.example", "ＴＯＹＯＴＡ"],
      ["Hanako Sato", "hanako@toyota.example", "Toyota"],
      // An accent other than Greek's counts: without it the name may be another firm's.
      ["Anna Müller", "anna@mueller.example", "Müller AG"],
      ["Ben Muller", "ben@muller.example", "Muller AG"],
    ]);
    const summary = await importThreeTimes(bed.file("any-case.csv", text), importRequest("csv"));
    expect(summary).toMatchObject({ persons: { created: 10 }, companies: { created: 6 } });
    const persons = await bed.personsByKey();
    const companies = await companiesByName();
    const companyOf = (address: string) => persons.get(address)?.primary_company_uuid;
    expect(companyOf("hugo@edf.example")).toBe(companies.get("Électricité de France")!.uuid);
    expect(companyOf("olga@vtb.example")).toBe(companies.get("ВТБ")!.uuid);
    expect(companyOf("eleni@alfa.example")).toBe(companies.get("ΑΛΦΑ")!.uuid);
    expect(companyOf("hanako@toyota.example")).toBe(companies.get("ＴＯＹＯＴＡ")!.uuid);
    expect(companyOf("ben@muller.example")).toBe(companies.get("Muller AG")!.uuid);
    expect(companyOf("anna@mueller.example")).toBe(companies.get("Müller AG")!.uuid);
  });

  it("finds a company by its name however a file punctuates and spaces it, as the dry run counts it", async () => {
    const text = csvFile([
      ["Name", "Email", "Company"],
      ["Jane Doe", "jane@one.example", "Acme, Inc."],
      ["Lee Park", "lee@two.example", "ACME INC"],
      ["Amy Wu", "amy@three.example", "Acme Inc."],
      ["Sam Cole", "sam@four.example", "Coca-Cola"],
      ["Kim Ross", "kim@five.example", "Coca Cola™"],
      // A symbol counts: "C++ Labs" is not "C Labs".
      ["Max Bell", "max@six.example", "C++ Labs"],
      ["Eva Hart", "eva@seven.example", "C Labs"],
    ]);
    const summary = await importThreeTimes(bed.file("punctuated.csv", text), importRequest("csv"));
    expect(summary).toMatchObject({ persons: { created: 7 }, companies: { created: 4 } });
    const persons = await bed.personsByKey();
    const companies = await companiesByName();
    const companyOf = (address: string) => persons.get(address)?.primary_company_uuid;
    expect(companyOf("lee@two.example")).toBe(companies.get("Acme, Inc.")!.uuid);
    expect(companyOf("amy@three.example")).toBe(companies.get("Acme, Inc.")!.uuid);
    expect(companyOf("kim@five.example")).toBe(companies.get("Coca-Cola")!.uuid);
    expect(companyOf("eva@seven.example")).toBe(companies.get("C Labs")!.uuid);
    expect(companyOf("max@six.example")).toBe(companies.get("C++ Labs")!.uuid);
  });

  it("finds a company by its name composed or decomposed (macOS writes NFD), as the dry run counts it", async () => {
    const text = csvFile([
      ["Name", "Email", "Company"],
      ["João Gonçalves", "joao@itau.example", "Itaú Unibanco"],
      ["Ana Souza", "ana@itau.example", "Itau\u0301 Unibanco"],
      ["Zoë Müller", "zoe@strasse.example", "Straße & So\u0308hne"],
      ["Jörg Weiß", "joerg@strasse.example", "Straße & Söhne"],
    ]);
    const summary = await importThreeTimes(bed.file("nfd.csv", text), importRequest("csv"));
    expect(summary).toMatchObject({ persons: { created: 4 }, companies: { created: 2 } });
    const persons = await bed.personsByKey();
    const itau = (await companiesByName()).get("Itaú Unibanco")!;
    expect(persons.get("joao@itau.example")?.primary_company_uuid).toBe(itau.uuid);
    expect(persons.get("ana@itau.example")?.primary_company_uuid).toBe(itau.uuid);
    expect(persons.get("joerg@strasse.example")?.primary_company_uuid).toBe(persons.get("zoe@strasse.example")?.primary_company_uuid);
  });

  it("names an invalid email address as its row's problem, and imports a row with a valid one beside it with a caveat", async () => {
    const text = csvFile([
      ["Name", "Email", "LinkedIn"],
      ["Only Bad", "only.bad@", ""],
      ["Good And Bad", "good@acme.example; not-an-address", ""],
      ["Bad With Profile", "bad at acme", "https://www.linkedin.com/in/badwithprofile"],
    ]);
    const summary = await importThreeTimes(bed.file("bad-emails.csv", text), importRequest("csv"));
    expect(summary).toMatchObject({ items: { read: 3, written: 2, failed: 1 }, persons: { created: 2 } });
    expect(summary.skipped).toEqual({});
    expect(summary.problems.first).toEqual([
      { position: "row 2 (line 2)", message: "email 'only.bad@' is not an email address" },
      { position: "row 3 (line 3)", message: "email 'not-an-address' is not an email address; imported without it" },
      { position: "row 4 (line 4)", message: "email 'bad at acme' is not an email address; imported without it" },
    ]);
    const persons = await bed.personsByKey();
    expect(persons.get("good@acme.example")).toMatchObject({ name: "Good And Bad", emails: [{ address: "good@acme.example", is_primary: true }] });
    expect([...persons.values()].some((person) => person.name === "Only Bad")).toBe(false);
  });

  it("takes a custom column map, and a semicolon-separated file", async () => {
    const text = csvFile(
      [
        ["Nom complet", "Courriel", "Société", "Fonction", "Ville"],
        ["Camille Roux", "camille@societe.example", "Société Générale d'Essai", "Directrice", "Lyon"],
        ["Jordan Blake", "jordan@northwind.example", "Northwind", "CEO", "Austin"],
      ],
      ";",
    );
    const request = importRequest("csv", { map: ["Nom complet=name,Courriel=email", "Société=company,Fonction=job_title,Ville=city"] });
    const summary = await importThreeTimes(bed.file("contacts.csv", text), request);
    // Jordan, matched, had no company: the row's Northwind is created for him.
    expect(summary).toMatchObject({ persons: { matched: 1, created: 1 }, companies: { created: 2 } });
    const persons = await bed.personsByKey();
    expect(persons.get("camille@societe.example")).toMatchObject({ name: "Camille Roux", job_title: "Directrice", city: "Lyon" });
    expect((await companiesByName()).has("Société Générale d'Essai")).toBe(true);
  });

  it("imports a CRM's companies by name and domain", async () => {
    await bed.store.companies.create({ tenant_uuid: bed.tenantUuid, company_name: "Northwind Robotics", domain: "northwind.example" });
    const text = csvFile([
      ["Company Name", "Website", "Industry", "City", "Employees"],
      ["Globex", "https://www.globex.example/", "Energy", "Springfield", "51-200"],
      ["Northwind", "northwind.example", "Robotics", "Austin", "11-50"],
      ["", "nameless.example", "", "", ""],
    ]);
    const summary = await importThreeTimes(bed.file("accounts.csv", text), importRequest("csv"));
    // Northwind's empty fields take the row's.
    expect(summary).toMatchObject({ items: { read: 3, written: 2, unchanged: 0, failed: 1 }, companies: { created: 1, matched: 1 }, problems: { first: [{ position: "row 4 (line 4)", message: "no company name" }] } });
    const companies = await companiesByName();
    expect(companies.get("Globex")).toMatchObject({ domain: "globex.example", website: "https://www.globex.example/", sector: "Energy", city: "Springfield", employee_count: "51-200" });
    expect(companies.get("Northwind Robotics")).toMatchObject({ website: "northwind.example", sector: "Robotics", city: "Austin", employee_count: "11-50" });
    expect([...companies.keys()]).toEqual(["Globex", "Northwind Robotics"]);
  });

  it("fills a matched company's empty fields from its rows, keeps every value it has, and counts it written, the dry run too", async () => {
    const northwind = await bed.store.companies.create({ tenant_uuid: bed.tenantUuid, company_name: "Northwind Robotics", domain: "northwind.example", city: "Seattle" });
    const initech = await bed.store.companies.create({ tenant_uuid: bed.tenantUuid, company_name: "Initech" });
    const text = csvFile([
      ["Company Name", "Domain", "Description", "City", "Country", "Employees", "LinkedIn"],
      // Found by domain: its city stays, and so its place (no country beside another's city); the rest is filled.
      ["Northwind", "northwind.example", "Robots", "Austin", "USA", "11-50", "https://www.linkedin.com/company/northwind"],
      // Found by name: its domain and place are filled; the next row finds it by that domain, its city taken.
      ["initech", "initech.example", "", "Austin", "USA", "", ""],
      ["Initech LLC", "initech.example", "TPS reports", "Dallas", "", "", ""],
      // Created, then filled by its second row.
      ["Globex", "", "", "Springfield", "", "", ""],
      ["Globex", "", "Energy", "Shelbyville", "", "201-500", ""],
      // Nothing left to fill.
      ["Northwind", "northwind.example", "Other robots", "", "", "", ""],
    ]);
    const summary = await importThreeTimes(bed.file("accounts.csv", text), importRequest("csv", { entity: "companies" }));
    expect(summary).toMatchObject({ items: { read: 6, written: 5, unchanged: 1, failed: 0 }, companies: { created: 1, matched: 5 } });
    const companies = await companiesByName();
    expect(companies.get("Northwind Robotics")).toMatchObject({
      uuid: northwind.uuid, domain: "northwind.example", description: "Robots", city: "Seattle", country: null, employee_count: "11-50",
      linkedin_url: "https://www.linkedin.com/company/northwind",
    });
    expect(companies.get("Initech")).toMatchObject({ uuid: initech.uuid, domain: "initech.example", description: "TPS reports", city: "Austin", country: "USA" });
    expect(companies.get("Globex")).toMatchObject({ description: "Energy", city: "Springfield", employee_count: "201-500" });
    expect([...companies.keys()]).toEqual(["Globex", "Initech", "Northwind Robotics"]);
  });

  it("keeps a website beside a domain column, and fails a row whose band, year or address the API would refuse", async () => {
    const text = csvFile([
      ["Company Name", "Domain", "Website", "Employees", "Founded", "LinkedIn", "Email"],
      ["Beta", "beta.example", "https://www.beta.example/about", "11-50", "2015", "https://www.linkedin.com/company/beta", "hello@beta.example"],
      ["Gamma", "", "gamma.example", "", "", "", ""],
      ["Band", "band.example", "", "50", "", "", ""],
      ["Year", "year.example", "", "", "abc", "", ""],
      ["Link", "link.example", "", "", "", "javascript:alert(1)", ""],
      ["Mail", "mail.example", "", "", "", "", "not an address"],
    ]);
    const summary = await importThreeTimes(bed.file("crm.csv", text), importRequest("csv", { entity: "companies" }));
    expect(summary).toMatchObject({
      items: { read: 6, written: 2, failed: 4 },
      problems: {
        first: [
          { position: "row 4 (line 4)", message: expect.stringMatching(/^employee_count '50' is not a band; use one of 1-10/) },
          { position: "row 5 (line 5)", message: "year_founded 'abc' is not a four-digit year" },
          { position: "row 6 (line 6)", message: "linkedin_url 'javascript:alert(1)' is not a web address" },
          { position: "row 7 (line 7)", message: "email 'not an address' is not an email address" },
        ],
      },
    });
    const companies = await companiesByName();
    expect(companies.get("Beta")).toMatchObject({ domain: "beta.example", website: "https://www.beta.example/about", employee_count: "11-50", year_founded: "2015", email: "hello@beta.example" });
    // Without a domain column value, the website names the domain.
    expect(companies.get("Gamma")).toMatchObject({ domain: "gamma.example", website: "gamma.example" });
  });

  it("fails at once, in one line, on a file it cannot map and on a bad --map", async () => {
    const unknown = bed.file("data.csv", csvFile([["alpha", "beta"], ["1", "2"]]));
    await expect(run(unknown, importRequest("csv"))).rejects.toThrow(
      'data.csv has no header row with known column names; name the columns with a map such as "Header=field,..."',
    );
    const people = bed.file("people.csv", csvFile([["Name", "Email"], ["A", "a@x.example"]]));
    await expect(run(people, importRequest("csv", { entity: "persons", map: ["Email=e-mail"] }))).rejects.toThrow('map target "e-mail" is not a persons field');
    await expect(run(people, importRequest("csv", { map: ["Email"] }))).rejects.toThrow('map entry "Email" must be Header=field');
    // One header, two fields (the last one won, silently: no address was imported), in one value or across two.
    for (const map of [["Email=email,Email=name"], ["email=email", "EMAIL=name"]]) {
      await expect(run(people, importRequest("csv", { map })), map.join(" ")).rejects.toThrow(/map gives the header "E(mail|MAIL)" two fields, email and name: give it one/);
    }
    // The same field twice is no contradiction.
    expect(await run(people, importRequest("csv", { map: ["Email=email", "Email=email"], dryRun: true }))).toMatchObject({ persons: { created: 1 } });
  });

  it("reads a CSV that is not UTF-8 as Windows-1252, as Excel writes it", async () => {
    const text = csvFile([["Name", "Email", "City"], ["José Müller", "jose@x.example", "Zürich"], ["Zoë Price", "zoe@x.example", "Besançon"]]);
    const summary = await importThreeTimes(bed.file("excel.csv", Buffer.from(text, "latin1")), importRequest("csv"));
    expect(summary).toMatchObject({ items: { written: 2, failed: 0 }, persons: { created: 2 } });
    const persons = await bed.personsByKey();
    expect([persons.get("jose@x.example"), persons.get("zoe@x.example")]).toMatchObject([
      { name: "José Müller", city: "Zürich" },
      { name: "Zoë Price", city: "Besançon" },
    ]);
  });

  it("reads Excel's Unicode Text: tab-separated UTF-16LE with a byte order mark", async () => {
    const text = csvFile([["First Name", "Last Name", "E-mail Address", "Company"], ["Zoë", "Price", "zoe@x.example", "Société Générale"], ["Łukasz", "Wójcik", "lukasz@x.example", ""]], "\t");
    const summary = await importThreeTimes(bed.file("excel.txt", Buffer.from(`\uFEFF${text}`, "utf16le")), importRequest("csv"));
    expect(summary).toMatchObject({ items: { written: 2, failed: 0 }, persons: { created: 2 }, companies: { created: 1 } });
    const persons = await bed.personsByKey();
    expect([persons.get("zoe@x.example"), persons.get("lukasz@x.example")]).toMatchObject([
      { name: "Zoë Price", first_name: "Zoë", last_name: "Price" },
      { name: "Łukasz Wójcik", first_name: "Łukasz", last_name: "Wójcik" },
    ]);
    expect([...(await companiesByName()).keys()]).toEqual(["Société Générale"]);
  });

  it("refuses a CSV Excel wrote in another alphabet's code page, which Windows-1252 would garble, and writes nothing", async () => {
    const before = bed.rowCounts();
    const text = csvFile([["First Name", "Last Name", "E-mail Address", "Company"], ["Иван", "Петров", "ivan@bank.example", "Сбербанк"]], ";");
    await expect(run(bed.file("moscow.csv", iconv.encode(text, "windows-1251")), importRequest("csv"))).rejects.toThrow(
      /moscow\.csv is not UTF-8 or UTF-16 text, and its letters are not Windows-1252's .* save it as UTF-8 \(Excel: Save As, "CSV UTF-8"/,
    );
    expect(bed.rowCounts()).toEqual(before);
  });

  it("refuses a vCard in another alphabet's code page naming the file once, and writes nothing", async () => {
    const before = bed.rowCounts();
    const card = vcard("3.0", ["FN:Иван Петров", "N:Петров;Иван;;;", "EMAIL:ivan@bank.example", "ORG:Сбербанк"]);
    const refused = run(bed.file("moscow.vcf", iconv.encode(`${card}\r\n`, "windows-1251")), importRequest("vcf"));
    await expect(refused).rejects.toThrow(/^[^ ]*moscow\.vcf is not UTF-8 or UTF-16 text, and its letters are not Windows-1252's/);
    expect(bed.rowCounts()).toEqual(before);
  });

  it("refuses a binary file, which is not UTF-16 either, as a CSV", async () => {
    const png = bed.file("logo.csv", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 1, 0]));
    await expect(run(png, importRequest("csv"))).rejects.toThrow("logo.csv is not a CSV file: it holds binary data");
  });

  it("reports a value longer than its field takes as its row's problem, and writes the other rows", async () => {
    const text = csvFile([
      ["Name", "Email", "Title"],
      ["N".repeat(301), "long@x.example", "CEO"],
      ["Ada", `${"a".repeat(330)}@x.example`, "CTO"],
      ["Grace", "grace@x.example", "T".repeat(100_000)],
      ["Linus", "linus@x.example", "Maintainer"],
    ]);
    const summary = await importThreeTimes(bed.file("long.csv", text), importRequest("csv"));
    expect(summary).toMatchObject({
      items: { read: 4, written: 1, failed: 3 },
      persons: { created: 1 },
      problems: {
        first: [
          { position: "row 2 (line 2)", message: "name is 301 characters long, more than the 300 allowed" },
          { position: "row 3 (line 3)", message: "email is 340 characters long, more than the 320 allowed" },
          { position: "row 4 (line 4)", message: "job title is 100000 characters long, more than the 300 allowed" },
        ],
      },
    });
    const persons = await bed.personsByKey();
    expect(["long@x.example", "grace@x.example", "linus@x.example"].map((key) => persons.has(key))).toEqual([false, false, true]);
  });

  it("holds a cell to its field's limit once trimmed, as it is stored: a value at the limit with spaces around is imported", async () => {
    const address = `${"a".repeat(310)}@x.example`;
    const text = csvFile([
      ["Name", "Email", "Title"],
      [` ${"N".repeat(300)}  `, `  ${address} `, ` ${"T".repeat(300)} `],
    ]);
    const summary = await importThreeTimes(bed.file("padded.csv", text), importRequest("csv"));
    expect(summary).toMatchObject({ items: { read: 1, written: 1, failed: 0 }, persons: { created: 1 } });
    expect((await bed.personsByKey()).get(address)).toMatchObject({ name: "N".repeat(300), job_title: "T".repeat(300) });
  });
});
