/**
 * An import's `likely_duplicates`: the persons and companies it created that look like records the tenant had (a
 * CRM export's newer row with a new address and a new company, "Acme" beside "Acme Inc."), counted and named.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { importArchive } from "./import-archive.js";
import type { ImportRequest } from "./import-request.js";
import { LIKELY_DUPLICATES_LISTED } from "./likely-duplicates.js";
import { csvFile, mailMessage, mboxFile } from "./testing/archive-builders.js";
import { createImportTestBed, importRequest, type ImportTestBed } from "./testing/import-test-bed.js";

let bed: ImportTestBed;
beforeEach(async () => {
  bed = await createImportTestBed();
});
afterEach(() => bed.close());

const run = (path: string, request: ImportRequest) => importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path }, request });

describe("an import's likely duplicates", () => {
  it("names a new person with the name of an existing one, and a new company named as an existing one without legal form", async () => {
    const acmeInc = await bed.store.companies.create({ tenant_uuid: bed.tenantUuid, company_name: "Acme Inc." });
    const renee = await bed.store.persons.create({ tenant_uuid: bed.tenantUuid, name: "Renée Dubois", emails: ["renee@initech.example"] });
    const crm = csvFile([
      ["Name", "Email", "Company"],
      ["Renee Dubois", "rd@hooli.example", "Hooli"],
      ["Sam Ray", "sam@acme.example", "ACME"],
      ["Kim Bo", "kim@globex.example", "Globex"],
    ]);
    const summary = await run(bed.file("crm.csv", crm), importRequest("csv"));
    expect(summary.persons.created).toBe(3);
    const persons = await bed.personsByKey();
    const acme = (await bed.store.companies.list(bed.tenantUuid, { filters: { name: "ACME" }, sort_by: "company_name", order: "asc", position: { kind: "offset", offset: 0 }, limit: 10 })).rows.find(
      (company) => company.company_name === "ACME",
    )!;
    expect(summary.likely_duplicates).toEqual({
      persons: 1,
      companies: 1,
      first: [
        // Likely ones first.
        { entity_type: "COMPANY", new_uuid: acme.uuid, new_name: "ACME", existing_uuid: acmeInc.uuid, existing_name: "Acme Inc.", confidence: "likely", reasons: ["SAME_NAME"] },
        {
          entity_type: "PERSON",
          new_uuid: persons.get("rd@hooli.example")!.uuid,
          new_name: "Renee Dubois",
          existing_uuid: renee.uuid,
          existing_name: "Renée Dubois",
          confidence: "possible",
          reasons: ["SAME_NAME"],
        },
      ],
    });
    // A dry run creates nothing to compare, and says nothing.
    const again = await run(bed.file("crm-again.csv", csvFile([["Name", "Email", "Company"], ["Kim Bo", "kb@initech.example", "Acme Corporation"]])), importRequest("csv", { dryRun: true }));
    expect(again.likely_duplicates).toEqual({ persons: 0, companies: 0, first: [] });
  });

  it("counts every new record alike and lists the first ten", async () => {
    const rows = Array.from({ length: 12 }, (_unused, index) => [`Person ${String.fromCharCode(65 + index)} Twin`, `p${index}@new.example`, ""]);
    for (const [name] of rows) await bed.store.persons.create({ tenant_uuid: bed.tenantUuid, name: name!, emails: [`${name!.replaceAll(" ", ".")}@old.example`] });
    const summary = await run(bed.file("twins.csv", csvFile([["Name", "Email", "Company"], ...rows])), importRequest("csv"));
    expect(summary.likely_duplicates.persons).toBe(12);
    expect(summary.likely_duplicates.first).toHaveLength(LIKELY_DUPLICATES_LISTED);
  });

  it("names a person mail created for an address beside an existing one of the same name", async () => {
    const renee = await bed.store.persons.create({ tenant_uuid: bed.tenantUuid, name: "Renée Dubois", emails: ["renee@initech.example"] });
    const mail = mboxFile([
      mailMessage({ messageId: "<m1@hooli.example>", from: "Renée Dubois <rd@hooli.example>", to: ["kim@globex.example"], date: "Mon, 2 Nov 2026 10:00:00 +0000", subject: "Hello" }),
    ]);
    const summary = await run(bed.file("inbox.mbox", mail), importRequest("mbox"));
    expect(summary.persons.created).toBe(2);
    const created = (await bed.personsByKey()).get("rd@hooli.example")!;
    expect(summary.likely_duplicates).toEqual({
      persons: 1,
      companies: 0,
      first: [{ entity_type: "PERSON", new_uuid: created.uuid, new_name: "Renée Dubois", existing_uuid: renee.uuid, existing_name: "Renée Dubois", confidence: expect.any(String), reasons: ["SAME_NAME"] }],
    });
  });
});
