/**
 * A team imports its LinkedIn connections, then a newer export: a connection's current company and title follow the
 * newer export where an older LinkedIn export set them, and nowhere else (a user's, a phone card's, a CRM's).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
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

const run = (path: string, request: ImportRequest = importRequest("csv")) => importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path }, request });

function counts(summary: ImportSummary) {
  const { dry_run: _dryRun, duration_ms: _duration, ...rest } = summary;
  return rest;
}

const HEADER = ["First Name", "Last Name", "URL", "Email Address", "Company", "Position", "Connected On"];
const NOTES = [["Notes:"], ['"When exporting your connection data, you may notice that some of the email addresses are missing."'], []];
const connections = (...rows: string[][]) => csvFile([...NOTES, HEADER, ...rows]);

const ana = (company: string, title: string) => ["Ana", "Silva", "https://www.linkedin.com/in/anasilva", "", company, title, "12 Oct 2026"];
const chloe = (company: string, title: string) => ["Chloe", "Martin", "https://www.linkedin.com/in/chloemartin", "chloe@initech.example", company, title, "01 Aug 2026"];
const dev = (company: string, title: string) => ["Dev", "Patel", "https://www.linkedin.com/in/devpatel", "", company, title, "15 Jul 2026"];

async function personByProfile(slug: string) {
  const found = await bed.store.persons.findByLinkedinUrls(bed.tenantUuid, [`https://www.linkedin.com/in/${slug}`]);
  const [uuid] = [...found.values()].flat();
  return (await bed.store.persons.get(bed.tenantUuid, uuid!))!;
}

async function companyNamed(uuid: string | null) {
  return uuid ? (await bed.store.companies.get(bed.tenantUuid, uuid))?.company_name : null;
}

/** A dry run of `path`, then its import: the dry run counts what the import does; then a re-run changes nothing. */
async function importNewer(path: string) {
  const before = bed.rowCounts();
  const dry = await run(path, { ...importRequest("csv"), dryRun: true });
  expect(bed.rowCounts()).toEqual(before);
  const real = await run(path);
  expect(counts(dry)).toEqual(counts(real));
  const again = await run(path);
  expect(again.items.written + again.persons.updated + again.persons.jobs_updated).toBe(0);
  return real;
}

describe("a newer LinkedIn connections export", () => {
  it("moves on the company and title an older LinkedIn export set: a new title at the same company, a new company ending the tenure at the old one", async () => {
    await run(bed.file("old.csv", connections(ana("Acme Inc.", "Sales Manager"), chloe("Initech", "Account Executive"), dev("Acme Inc.", "Engineer"))));
    const oldChloe = await personByProfile("chloemartin");
    const initech = oldChloe.primary_company_uuid;

    const summary = await importNewer(bed.file("new.csv", connections(ana("Acme Inc.", "VP Sales"), chloe("Umbrella Corp", "Head of Partnerships"), dev("Acme Inc.", "Engineer"))));
    expect(summary).toMatchObject({
      items: { read: 3, written: 2, unchanged: 1 },
      persons: { matched: 3, updated: 2, jobs_updated: 2, created: 0 },
      companies: { matched: 0, created: 1 },
    });
    const anaNow = await personByProfile("anasilva");
    expect([anaNow.job_title, await companyNamed(anaNow.primary_company_uuid)]).toEqual(["VP Sales", "Acme Inc."]);
    expect(anaNow.affiliations.filter((affiliation) => affiliation.is_current).map((affiliation) => affiliation.title)).toEqual(["VP Sales"]);
    const chloeNow = await personByProfile("chloemartin");
    expect([chloeNow.job_title, await companyNamed(chloeNow.primary_company_uuid)]).toEqual(["Head of Partnerships", "Umbrella Corp"]);
    expect(chloeNow.affiliations.find((affiliation) => affiliation.company_uuid === initech)).toMatchObject({ is_current: false, title: "Account Executive" });
    expect((await personByProfile("devpatel")).service_updated_at).toBe((await personByProfile("devpatel")).created_at);
  });

  it("keeps a company or title a user typed, and one a phone card or a CRM export gave, whatever a newer export says", async () => {
    // Dev's job comes from a CRM export, Chloe's from her phone card, before LinkedIn; Ana's LinkedIn job is edited by a user.
    await run(bed.file("crm.csv", csvFile([["First Name", "Last Name", "Email", "Company", "Job Title", "LinkedIn"], ["Dev", "Patel", "dev@acme.example", "Acme Inc.", "Staff Engineer", "https://www.linkedin.com/in/devpatel"]])));
    await run(bed.file("phone.vcf", vcard("3.0", ["FN:Chloe Martin", "EMAIL:chloe@initech.example", "ORG:Initech", "TITLE:Sales Lead"])), importRequest("vcf"));
    await run(bed.file("old.csv", connections(ana("Acme Inc.", "Sales Manager"), chloe("Initech", "Account Executive"), dev("Acme Inc.", "Engineer"))));
    const typed = await personByProfile("anasilva");
    await bed.store.persons.update(bed.tenantUuid, typed.uuid, { job_title: "Regional Sales Manager" });

    const summary = await importNewer(bed.file("new.csv", connections(ana("Acme Inc.", "VP Sales"), chloe("Umbrella Corp", "Head of Partnerships"), dev("Globex", "Principal"))));
    expect(summary).toMatchObject({ persons: { matched: 3, jobs_updated: 0 }, companies: { created: 0 } });
    expect((await personByProfile("anasilva")).job_title).toBe("Regional Sales Manager");
    const chloeNow = await personByProfile("chloemartin");
    expect([chloeNow.job_title, await companyNamed(chloeNow.primary_company_uuid)]).toEqual(["Sales Lead", "Initech"]);
    const devNow = await personByProfile("devpatel");
    expect([devNow.job_title, await companyNamed(devNow.primary_company_uuid)]).toEqual(["Staff Engineer", "Acme Inc."]);
  });

  it("keeps the job when the newer row names no company, and moves on from a job a LinkedIn export filled on a person mail brought in", async () => {
    await bed.store.emails.ingest(bed.tenantUuid, { message_id: "<m1@initech.example>", sent_at: Date.UTC(2026, 9, 1), from: { email: "chloe@initech.example" }, to: [{ email: bed.jordan.emails[0]!.address }] });
    await run(bed.file("old.csv", connections(ana("Acme Inc.", "Sales Manager"), chloe("Initech", "Account Executive"))));
    const summary = await importNewer(bed.file("new.csv", connections(ana("", ""), chloe("Initech", "Sales Director"))));
    expect(summary).toMatchObject({ persons: { matched: 2, jobs_updated: 1 } });
    const anaNow = await personByProfile("anasilva");
    expect([anaNow.job_title, await companyNamed(anaNow.primary_company_uuid)]).toEqual(["Sales Manager", "Acme Inc."]);
    expect((await personByProfile("chloemartin")).job_title).toBe("Sales Director");
  });

  it("leaves a CRM's newer export to fill empty fields only: a CSV that is not LinkedIn's says neither its system nor its date", async () => {
    const crm = (title: string) => bed.file(`crm-${title}.csv`, csvFile([["First Name", "Last Name", "Email", "Company", "Job Title"], ["Gina", "Rossi", "gina@vandelay.example", "Vandelay", title]]));
    await run(crm("Buyer"));
    const summary = await run(crm("Head Buyer"));
    expect(summary).toMatchObject({ items: { unchanged: 1 }, persons: { matched: 1, updated: 0, jobs_updated: 0 } });
    expect((await bed.personsByKey()).get("gina@vandelay.example")?.job_title).toBe("Buyer");
  });
});
