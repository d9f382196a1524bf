/**
 * Reading one record of a tenant export, field by field: each read checks the field's JSON type (a hand-edited
 * export is likely) and an InvalidInputError names the field (`emails[1].address`) and quotes what it holds.
 */
import { InvalidInputError } from "../errors.js";

type Json = unknown;

const quoted = (value: Json) => (value === undefined ? "nothing" : (JSON.stringify(value) ?? String(value)).slice(0, 80));

/** The fields of one JSON object of the export, each read with its type checked; `path` prefixes the fields' names. */
export class RecordFields {
  constructor(
    private readonly record: Record<string, Json>,
    private readonly path = "",
  ) {}

  /** The record itself, or an error when the line is not a JSON object. */
  static of(record: Json, path = ""): RecordFields {
    if (record === null || typeof record !== "object" || Array.isArray(record)) {
      throw new InvalidInputError(`${path || "the record"}: expecting a JSON object, got ${quoted(record)}`);
    }
    return new RecordFields(record as Record<string, Json>, path);
  }

  private name(field: string | number): string {
    return typeof field === "number" ? `${this.path}[${field}]` : this.path ? `${this.path}.${field}` : field;
  }

  private fail(field: string, expecting: string): never {
    throw new InvalidInputError(`field "${this.name(field)}": expecting ${expecting}, got ${quoted(this.record[field])}`);
  }

  /** Whether the record has the field (null included): a field a newer export added. */
  has(field: string): boolean {
    return field in this.record;
  }

  string(field: string): string {
    const value = this.record[field];
    return typeof value === "string" ? value : this.fail(field, "a string");
  }

  /** A string that is not blank (a name, a uuid). */
  text(field: string): string {
    const value = this.record[field];
    return typeof value === "string" && value.trim() !== "" ? value : this.fail(field, "a non-empty string");
  }

  optionalString(field: string): string | null {
    const value = this.record[field] ?? null;
    return value === null || typeof value === "string" ? value : this.fail(field, "a string or null");
  }

  /** One of `allowed`. */
  oneOf<Value extends string>(field: string, allowed: readonly Value[]): Value {
    const value = this.record[field];
    return (allowed as readonly Json[]).includes(value) ? (value as Value) : this.fail(field, `one of ${allowed.join(", ")}`);
  }

  number(field: string): number {
    const value = this.record[field];
    return typeof value === "number" && Number.isFinite(value) ? value : this.fail(field, "a number");
  }

  optionalNumber(field: string): number | null {
    const value = this.record[field] ?? null;
    return value === null || (typeof value === "number" && Number.isFinite(value)) ? value : this.fail(field, "a number or null");
  }

  /** A time in epoch milliseconds: a whole number. */
  time(field: string): number {
    const value = this.record[field];
    return Number.isSafeInteger(value) ? (value as number) : this.fail(field, "a time in epoch milliseconds");
  }

  optionalTime(field: string): number | null {
    return (this.record[field] ?? null) === null ? null : this.time(field);
  }

  boolean(field: string): boolean {
    const value = this.record[field];
    return typeof value === "boolean" ? value : this.fail(field, "true or false");
  }

  /** A JSON object, kept as it is (custom fields, a pinning configuration). */
  object(field: string): Record<string, Json> {
    const value = this.record[field];
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, Json>) : this.fail(field, "a JSON object");
  }

  /** An array of strings. */
  strings(field: string): string[] {
    const value = this.record[field];
    return Array.isArray(value) && value.every((item) => typeof item === "string") ? (value as string[]) : this.fail(field, "an array of strings");
  }

  array(field: string): Json[] {
    const value = this.record[field];
    return Array.isArray(value) ? value : this.fail(field, "an array");
  }

  /** Each object of an array, its fields named `field[i].name`. */
  objects(field: string): RecordFields[] {
    return this.array(field).map((item, index) => RecordFields.of(item, `${this.name(field)}[${index}]`));
  }

  /** The `uuid` of a record the field names (`{"uuid": ...}`, as an owner or a type), or null for none. */
  optionalUuidOf(field: string): string | null {
    const value = this.record[field] ?? null;
    return value === null ? null : RecordFields.of(value, this.name(field)).text("uuid");
  }

  uuidOf(field: string): string {
    return this.optionalUuidOf(field) ?? this.fail(field, "an object with a uuid");
  }

  /** The field's JSON value as it is (a custom field's value); null when absent. */
  value(field: string): Json {
    return this.record[field] ?? null;
  }

  /** Bytes as lowercase hexadecimal (a key, a digest), of `length` characters when given. */
  hex(field: string, length?: number): string {
    const value = this.record[field];
    const fits = typeof value === "string" && /^(?:[0-9a-f]{2})+$/.test(value) && (length === undefined || value.length === length);
    return fits ? value : this.fail(field, length === undefined ? "lowercase hexadecimal bytes" : `${length} lowercase hexadecimal digits`);
  }

  /** A uuid field, refused blank. */
  uuid(field: string): string {
    return this.text(field);
  }

  optionalUuid(field: string): string | null {
    const value = this.optionalString(field);
    return value === null || value.trim() !== "" ? value : this.fail(field, "a uuid or null");
  }
}
