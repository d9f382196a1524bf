/**
 * Control characters in imported text: taken out (a tab or line break in a one-line field becomes a space) and
 * the entry imported all the same, listed among the summary's problems; an entry left without a required value
 * is a problem of its own. The rest of the archive is imported.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { refusedCharacter } from "@rapport/store/vocabulary";
import { importArchive } from "./import-archive.js";
import type { ImportRequest } from "./import-request.js";
import { csvFile, mailMessage, mboxFile, vcard } from "./testing/archive-builders.js";
import { createImportTestBed, importRequest, type ImportTestBed } from "./testing/import-test-bed.js";

let bed: ImportTestBed;
beforeEach(async () => {
  bed = await createImportTestBed();
});
afterEach(() => bed.close());

const run = (path: string, request: ImportRequest) => importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path }, request });

describe("control characters in an import", () => {
  it("are taken out of a vCard's names and title, which are imported as one line and listed as changed", async () => {
    const cards = [
      vcard("3.0", ["FN:Eve\u001b[2J Mallory", "EMAIL:eve@evil.example", "TITLE:CTO\u0007"]),
      vcard("3.0", ["FN:Ada\\nLovelace", "EMAIL:ada@engines.example"]),
      vcard("3.0", ["FN:Grace Hopper", "EMAIL:grace@navy.example"]),
      // The controls that reorder text leave a name too ("\u202enehoC" showed as "Cohen"); the marks stay.
      vcard("3.0", ["FN:\u2067Dana\u2069\u200f \u202enehoC", "EMAIL:dana@levant.example"]),
    ].join("\r\n");
    const summary = await run(bed.file("contacts.vcf", cards), importRequest("vcf"));
    expect(summary).toMatchObject({ items: { read: 4, written: 4, failed: 0 } });
    expect(summary.problems.first).toEqual([
      { position: "card 1 (line 1)", message: "control characters taken out of name, job title" },
      { position: "card 2 (line 7)", message: "control characters taken out of name" },
      { position: "card 4 (line 17)", message: "control characters taken out of name" },
    ]);
    const persons = await bed.personsByKey();
    expect(persons.get("eve@evil.example")).toMatchObject({ name: "Eve[2J Mallory", job_title: "CTO" });
    expect(persons.get("ada@engines.example")).toMatchObject({ name: "Ada Lovelace" });
    expect(persons.get("grace@navy.example")).toMatchObject({ name: "Grace Hopper" });
    expect(persons.get("dana@levant.example")).toMatchObject({ name: "Dana\u200f nehoC" });
  });

  it("are taken out of a CSV row's cells; a row left without its company name is a problem, the others are imported", async () => {
    const text = csvFile([
      ["Company", "City", "Description"],
      ["Acme\tLabs", "Berlin\u0085", "Makes:\n\tanvils\u001b[0m"],
      ["\u0007", "Paris", ""],
      ["Globex", "Springfield", ""],
    ]);
    const summary = await run(bed.file("companies.csv", text), importRequest("csv", { entity: "companies" }));
    expect(summary).toMatchObject({ items: { read: 3, written: 2, failed: 1 } });
    expect(summary.problems.first).toEqual([
      // A row's position ends at its last line: the first row's description spans two.
      { position: "row 2 (line 3)", message: "control characters taken out of company name, city, description" },
      { position: "row 3 (line 4)", message: "company name holds nothing but control characters" },
    ]);
    const page = await bed.store.companies.list(bed.tenantUuid, { filters: {}, sort_by: "company_name", order: "asc", position: { kind: "offset", offset: 0 }, limit: 50 });
    expect(page.rows.map((company) => [company.company_name, company.city, company.description])).toEqual([
      ["Acme Labs", "Berlin", "Makes:\n\tanvils[0m"],
      ["Globex", "Springfield", null],
    ]);
  });

  it("are taken out of a message's display names; its subject keeps its tab, and nothing stored holds a refused character", async () => {
    const archive = mboxFile([
      mailMessage({ messageId: "<one@x>", from: '"Eve =?utf-8?q?=1B=5B2J?=" <eve@evil.example>', to: ["ada@acme.example"], date: "Mon, 2 Nov 2026 10:00:00 +0000", subject: "=?utf-8?q?Q3=09numbers?=" }),
    ]);
    const summary = await run(bed.file("mail.mbox", archive), importRequest("mbox"));
    expect(summary).toMatchObject({ items: { read: 1, written: 1, failed: 0 } });
    expect(summary.problems.first).toEqual([{ position: expect.any(String), message: "control characters taken out of from name" }]);
    const eve = (await bed.personsByKey()).get("eve@evil.example")!;
    expect(refusedCharacter(eve.name, "one line")).toBeNull();
    expect(eve.name).toBe("Eve [2J");
    expect(await bed.store.emails.get(bed.tenantUuid, "<one@x>")).toMatchObject({ subject: "Q3\tnumbers" });
  });
});
