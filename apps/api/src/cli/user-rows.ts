/**
 * @module
 * The rows of a `rapport users import` file (CSV with a header, or JSON lines), each checked as `rapport users create`
 * checks its options: every problem named with its line, so that one run shows all there is to fix.
 */
import { isPlausibleEmail, normalizeEmail } from "@rapport/store";
import { ROLES, type Role } from "@rapport/store/vocabulary";
import { parse } from "csv-parse/sync";
import { MAX_EMAIL_ADDRESS_LENGTH, MAX_PERSON_NAME_LENGTH } from "../platform/request/field-limits.js";
import { CliError } from "./cli-output.js";
import { optionName, optionText } from "./option-text.js";

/** The formats a users file may be in. */
export const USER_FILE_FORMATS = ["csv", "jsonl"] as const;
export type UserFileFormat = (typeof USER_FILE_FORMATS)[number];

/** The fields a row gives; `role` may be left out (member). */
export const USER_ROW_FIELDS = ["name", "email", "role"] as const;

/** A user to create, from line `line` of the file. */
export interface UserRow {
  line: number;
  name: string;
  /** Normalized as the store keeps it: trimmed, lower case. */
  email: string;
  role: Role;
}

/** A row that cannot be imported, and why. */
export interface RowProblem {
  line: number;
  problem: string;
}

/** At most this many rows: more than any tenant's team, and what `users list` shows. */
export const MAX_USER_ROWS = 10_000;

/**
 * The format of a users file: by its name's extension (`.csv`; `.jsonl`, `.ndjson`, `.json`), else by its first
 * character that is not white space (`{` or `[` is JSON).
 *
 * @example
 * userFileFormat("team.csv", "name,email\n"); // "csv"
 */
export function userFileFormat(path: string, text: string): UserFileFormat {
  const extension = /\.([^./\\]+)$/.exec(path)?.[1]?.toLowerCase();
  if (extension === "csv") return "csv";
  if (extension === "jsonl" || extension === "ndjson" || extension === "json") return "jsonl";
  // `[`: a JSON array, which the JSON lines reader names as such (read as CSV, its header would be the complaint).
  return /^[{[]/.test(text.trimStart()) ? "jsonl" : "csv";
}

/**
 * The users of `text` in `format`, and the problems of the rows that cannot be imported: a missing or blank name or
 * email, an email that is not an address, a role that is none of ROLES, a field or column the file may not have, and
 * an email given on an earlier line (compared as the store compares them). A file whose shape is wrong throughout (no
 * header with `name` and `email`, a JSON array, no rows, more than MAX_USER_ROWS) is a CliError.
 *
 * @example
 * readUserRows("name,email,role\nAda Park,ada@acme.example,administrator\n", "csv");
 * // { rows: [{ line: 2, name: "Ada Park", email: "ada@acme.example", role: "administrator" }], problems: [] }
 */
export function readUserRows(text: string, format: UserFileFormat): { rows: UserRow[]; problems: RowProblem[] } {
  const records = format === "csv" ? csvRecords(text) : jsonLineRecords(text);
  if (records.length === 0) throw new CliError(`the file has no users: ${format === "csv" ? "a header line (name,email,role), then a user a line" : 'one object a line, {"name": ..., "email": ..., "role": ...}'}`);
  if (records.length > MAX_USER_ROWS) throw new CliError(`the file has ${records.length} users; at most ${MAX_USER_ROWS} in one import`);
  const rows: UserRow[] = [];
  const problems: RowProblem[] = [];
  const lineOfEmail = new Map<string, number>();
  for (const record of records) {
    if ("problem" in record) {
      problems.push(record);
      continue;
    }
    const rowProblems: string[] = [];
    const text = (field: string, max: number, read = optionText) => {
      const value = record.fields[field];
      if (value === undefined || value === null) {
        rowProblems.push(`${field} is missing`);
        return null;
      }
      if (typeof value !== "string") {
        rowProblems.push(`${field} must be text`);
        return null;
      }
      try {
        return read(value, field, max);
      } catch (error) {
        rowProblems.push((error as Error).message);
        return null;
      }
    };
    const name = text("name", MAX_PERSON_NAME_LENGTH, optionName);
    const given = text("email", MAX_EMAIL_ADDRESS_LENGTH);
    const email = given === null ? null : normalizeEmail(given);
    if (email !== null && !isPlausibleEmail(email)) rowProblems.push(`email ${given} is not an email address`);
    const role = roleOf(record.fields.role, rowProblems);
    if (email !== null && lineOfEmail.has(email)) rowProblems.push(`email ${email} is on line ${lineOfEmail.get(email)} already`);
    else if (email !== null) lineOfEmail.set(email, record.line);
    if (rowProblems.length > 0 || name === null || email === null || role === null) {
      problems.push({ line: record.line, problem: rowProblems.join("; ") });
      continue;
    }
    rows.push({ line: record.line, name, email, role });
  }
  return { rows, problems };
}

type FileRecord = { line: number; fields: Record<string, unknown> } | RowProblem;

function roleOf(value: unknown, problems: string[]): Role | null {
  if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) return "member";
  const role = typeof value === "string" ? value.trim().toLowerCase() : value;
  if ((ROLES as readonly unknown[]).includes(role)) return role as Role;
  problems.push(`role ${JSON.stringify(value)} is not one of ${ROLES.join(", ")}`);
  return null;
}

/** The first line's most used delimiter: Excel writes `;` where the decimal mark is a comma, and tabs as "Unicode Text". */
function delimiterOf(headerLine: string): string {
  const counts = [",", ";", "\t"].map((delimiter) => ({ delimiter, count: headerLine.split(delimiter).length }));
  return counts.reduce((best, each) => (each.count > best.count ? each : best)).delimiter;
}

function csvRecords(text: string): FileRecord[] {
  const headerLine = text.replace(/^\uFEFF/, "").split(/\r?\n/).find((line) => line.trim() !== "") ?? "";
  let parsed: Array<{ record: string[]; info: { lines: number } }>;
  try {
    parsed = parse(text, { bom: true, delimiter: delimiterOf(headerLine), skip_empty_lines: true, relax_column_count: true, info: true }) as unknown as typeof parsed;
  } catch (error) {
    throw new CliError(`the file is not a CSV file: ${(error as Error).message}`);
  }
  const [header, ...body] = parsed;
  if (!header) return [];
  const columns = header.record.map((column) => column.trim().toLowerCase());
  const unknown = columns.filter((column) => !(USER_ROW_FIELDS as readonly string[]).includes(column));
  const repeated = columns.filter((column, index) => columns.indexOf(column) !== index);
  if (!columns.includes("name") || !columns.includes("email") || unknown.length > 0 || repeated.length > 0) {
    const found = header.record.map((column) => JSON.stringify(column)).join(", ");
    throw new CliError(`line ${header.info.lines}: the header must name the columns name, email and (optionally) role, each once; it has ${found}`);
  }
  return body.map(({ record, info }) => {
    if (record.length > columns.length) return { line: info.lines, problem: `${record.length} cells, but the header names ${columns.length} columns` };
    return { line: info.lines, fields: Object.fromEntries(columns.map((column, index) => [column, record[index]])) };
  });
}

function jsonLineRecords(text: string): FileRecord[] {
  if (text.trimStart().startsWith("[")) throw new CliError('the file is a JSON array: give one object a line (JSON lines), {"name": ..., "email": ..., "role": ...}');
  const records: FileRecord[] = [];
  text.replace(/^\uFEFF/, "").split(/\r?\n/).forEach((content, index) => {
    const line = index + 1;
    if (content.trim() === "") return;
    let value: unknown;
    try {
      value = JSON.parse(content);
    } catch {
      records.push({ line, problem: "not a JSON object" });
      return;
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      records.push({ line, problem: "not a JSON object" });
      return;
    }
    const unknown = Object.keys(value).filter((field) => !(USER_ROW_FIELDS as readonly string[]).includes(field));
    if (unknown.length > 0) {
      records.push({ line, problem: `unknown field${unknown.length > 1 ? "s" : ""} ${unknown.map((field) => JSON.stringify(field)).join(", ")}; a user has ${USER_ROW_FIELDS.join(", ")}` });
      return;
    }
    records.push({ line, fields: value as Record<string, unknown> });
  });
  return records;
}
