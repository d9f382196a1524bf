/**
 * @module
 * Reads a CSV export of persons or companies, streaming, with csv-parse: the delimiter (comma,
 * semicolon or tab) and the header row (the first row with recognized column names, so that notes
 * above it, as in LinkedIn's export, are passed over) are found in the first rows.
 */
import { pipeline, type Readable } from "node:stream";
import { COMPANY_TEXT_FIELDS, EMPLOYEE_COUNT_BANDS, fullName, normalizeDomain, normalizeLinkedinUrl, type CompanyTextField, type PersonJobSource } from "@rapport/store";
import { parse } from "csv-parse";
import { isWebAddress } from "../platform/request/field-schemas.js";
import { COMPANY_WEB_ADDRESS_FIELDS, contactEmailOf, employeeCountBandOf, yearFoundedOf } from "../routes/companies/company-input.js";
import { splitCellList } from "./cell-list.js";
import { checkColumnMap, checkMapHeadersPresent, guessEntity, isHeaderRow, mapColumns, type ColumnMapping } from "./column-mapping.js";
import { companyDomainOfEmails } from "./company-email-domain.js";
import { contactEntry, sortContactEmails } from "./contact-emails.js";
import { contactTags } from "./contact-tags.js";
import type { CsvEntity } from "./csv-entities.js";
import { jobSourceOfHeader } from "./linkedin-connections-header.js";
import { ImportFormatError, type CompanyReference, type ImportedCompany, type ImportedPerson, type ImportSource, type SourceEntry } from "./imported-items.js";
import { readAsUtf8 } from "./text-encoding.js";

/** The header must be among the first rows. */
export const HEADER_SEARCH_ROWS = 10;

export interface CsvOptions {
  name: string;
  /** Persons or companies; guessed from the header when null. */
  entity: CsvEntity | null;
  /** `--map`, parsed: header key → field. */
  map: Map<string, string>;
  /** The headers `--map` names, header key → as written: each must be in the header row. */
  mapHeaders?: Map<string, string>;
}

/** A quoted cell on one line: its delimiters are text, not separators. */
const QUOTED_CELL = /"(?:[^"]|"")*"/g;

/**
 * The delimiter used most in the first lines, outside quoted cells: a cell listing several addresses
 * (`"a@x.example; b@x.example; c@x.example"`) would otherwise make a comma-separated file read as semicolon-separated.
 */
export function sniffDelimiter(head: string): string {
  const lines = head
    .split(/\r?\n/)
    .filter((line) => line.trim())
    .slice(0, HEADER_SEARCH_ROWS + 1)
    .map((line) => line.replace(QUOTED_CELL, ""));
  let best = ",";
  let bestCount = 0;
  for (const delimiter of [",", ";", "\t"]) {
    const count = Math.max(0, ...lines.map((line) => line.split(delimiter).length - 1));
    if (count > bestCount) {
      best = delimiter;
      bestCount = count;
    }
  }
  return best;
}

/**
 * True when the decoded head of a file looks like text at all: it holds no NUL character, as binary data does (a
 * CSV's header is checked once its rows are read). Checked after decoding, as UTF-16 text has a zero in most bytes.
 */
export function looksLikeText(headText: string): boolean {
  return !headText.slice(0, 8_192).includes("\0");
}

/** A row's company: its name and domain; without a domain, its address's domain when that is a company's. */
function companyReference(name: string | null, domain: string | null, emails: readonly string[]): CompanyReference {
  return { name, domain, email_domain: domain ? null : companyDomainOfEmails(emails) };
}

function rowToPerson(cells: readonly string[], mapping: ColumnMapping, jobSource: PersonJobSource | null): { person: ImportedPerson; invalidEmails: string[] } | null {
  const values = new Map<string, string[]>();
  for (const [index, field] of mapping) {
    const value = cells[index]?.trim();
    if (value) values.set(field, [...(values.get(field) ?? []), value]);
  }
  if (values.size === 0) return null;
  const first = (field: string) => values.get(field)?.[0] ?? null;
  const emails = sortContactEmails((values.get("email") ?? []).flatMap(splitCellList));
  const linkedin = (values.get("linkedin_url") ?? []).map(normalizeLinkedinUrl).find((url) => url !== null) ?? null;
  const companyName = first("company");
  const middleName = first("middle_name");
  const companyDomain = first("company_domain");
  const person: ImportedPerson = {
    type: "person",
    first_name: first("first_name"),
    last_name: first("last_name"),
    // Without a full name column the middle name joins the first and last: dropped, "van" left "Ludwig Beethoven".
    name: first("name") ?? (middleName ? fullName(fullName(first("first_name"), middleName), first("last_name")) : null),
    emails: emails.valid,
    linkedin_url: linkedin,
    job_title: first("job_title"),
    company: companyName || companyDomain ? companyReference(companyName, companyDomain ? normalizeDomain(companyDomain) : null, emails.valid) : null,
    twitter_url: first("twitter_url"),
    city: first("city"),
    state: first("state"),
    country: first("country"),
    tags: contactTags((values.get("tags") ?? []).flatMap(splitCellList)),
    ...(jobSource ? { job_source: jobSource } : {}),
  };
  return { person, invalidEmails: emails.invalid };
}

/** The first company field whose value the REST API would refuse (a band, a year, a web address, an email), or null. */
function companyFieldProblem(fields: Partial<Record<CompanyTextField, string>>): string | null {
  const band = fields.employee_count;
  if (band !== undefined && employeeCountBandOf(band) === null) {
    return `employee_count '${band.slice(0, 40)}' is not a band; use one of ${EMPLOYEE_COUNT_BANDS.join(", ")}`;
  }
  const year = fields.year_founded;
  if (year !== undefined && yearFoundedOf(year) === null) return `year_founded '${year.slice(0, 40)}' is not a four-digit year`;
  for (const field of COMPANY_WEB_ADDRESS_FIELDS) {
    const address = fields[field];
    if (address !== undefined && !isWebAddress(address)) return `${field} '${address.slice(0, 80)}' is not a web address`;
  }
  const email = fields.email;
  if (email !== undefined && contactEmailOf(email) === null) return `email '${email.slice(0, 80)}' is not an email address`;
  return null;
}

function rowToCompany(cells: readonly string[], mapping: ColumnMapping): ImportedCompany | { problem: string } | null {
  const values = new Map<string, string>();
  for (const [index, field] of mapping) {
    const value = cells[index]?.trim();
    if (value && !values.has(field)) values.set(field, value);
  }
  if (values.size === 0) return null;
  const name = values.get("company_name");
  if (!name) return { problem: "no company name" };
  const rawDomain = values.get("domain") ?? null;
  const fields: Partial<Record<CompanyTextField, string>> = {};
  for (const field of COMPANY_TEXT_FIELDS) {
    const value = values.get(field);
    if (value) fields[field] = value;
  }
  if (rawDomain && !fields.website && /^[a-z]+:\/\//i.test(rawDomain)) fields.website = rawDomain;
  const problem = companyFieldProblem(fields);
  if (problem !== null) return { problem };
  // Without a domain column, the website names the domain.
  const domainSource = rawDomain ?? fields.website ?? null;
  return { type: "company", company_name: name, domain: domainSource ? normalizeDomain(domainSource) : null, fields };
}

/**
 * The rows of a CSV stream as persons or companies.
 *
 * @example
 * const source = readCsv(createReadStream("Connections.csv"), size, { name: "Connections.csv", entity: null, map: new Map() });
 */
export function readCsv(stream: Readable, totalBytes: number | null, options: CsvOptions): ImportSource {
  const counter = { bytes: 0 };
  async function* entries(): AsyncGenerator<SourceEntry> {
    const { headText, text } = await readAsUtf8(stream, counter, options.name);
    if (!looksLikeText(headText)) {
      // Refused before the rows' loop (whose end lets go of the file): its file is let go here.
      stream.destroy();
      throw new ImportFormatError(`${options.name} is not a CSV file: it holds binary data`);
    }
    const parser = parse({
      delimiter: sniffDelimiter(headText),
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      info: true,
    });
    // Joined so that each stream's error ends them all and reaches the loop below, and a reader that stops early
    // (the upload check reads one row) ends them all: the file's stream is destroyed under a replay still reading
    // it, whose error must have somewhere to go.
    pipeline(text, parser, () => {});
    let mapping: ColumnMapping | null = null;
    let jobSource: PersonJobSource | null = null;
    let entity: CsvEntity | null = options.entity;
    let rowNumber = 0;
    try {
      for await (const record of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
        rowNumber += 1;
        const cells = record.record;
        const position = `row ${rowNumber} (line ${record.info.lines})`;
        if (!mapping) {
          if (isHeaderRow(cells, options.map, entity)) {
            entity ??= guessEntity(cells, options.map);
            if (!entity) throw new ImportFormatError(`${options.name}: cannot tell persons from companies by the header; set entity to persons or companies`);
            checkColumnMap(options.map, entity);
            checkMapHeadersPresent(options.mapHeaders ?? new Map(), cells, options.name);
            mapping = mapColumns(cells, entity, options.map);
            jobSource = jobSourceOfHeader(cells);
            continue;
          }
          if (rowNumber >= HEADER_SEARCH_ROWS) {
            throw new ImportFormatError(
              `${options.name} is not a CSV of persons or companies: no header row with known column names in the first ${HEADER_SEARCH_ROWS} rows; name the columns with a map such as "Header=field,..."`,
            );
          }
          continue;
        }
        if (entity === "persons") {
          const row = rowToPerson(cells, mapping, jobSource);
          yield row === null ? { position, skipped: "empty row" } : contactEntry(position, row.person, row.invalidEmails);
          continue;
        }
        const item = rowToCompany(cells, mapping);
        if (item === null) yield { position, skipped: "empty row" };
        else if ("problem" in item) yield { position, problem: item.problem };
        else yield { position, item };
      }
    } catch (error) {
      if (error instanceof ImportFormatError) throw error;
      if (error instanceof Error && "code" in error && String(error.code).startsWith("CSV_")) {
        // The parser reads ahead of this loop: its own count of records says which row failed.
        const { records } = error as { records?: unknown };
        const row = typeof records === "number" ? records + 1 : rowNumber + 1;
        throw new ImportFormatError(`${options.name} is not a readable CSV file at row ${row}: ${error.message}`);
      }
      throw error;
    } finally {
      parser.destroy();
      text.destroy();
      stream.destroy();
    }
    if (!mapping) throw new ImportFormatError(`${options.name} has no header row with known column names; name the columns with a map such as "Header=field,..."`);
  }
  return { entries: entries(), bytesRead: () => counter.bytes, totalBytes };
}
