/**
 * @module
 * The strong entity tags (`ETag`) of single-record reads, and the reading of the `If-Match` and `If-None-Match`
 * lists that name them (RFC 9110 8.8.3, 13.1.1, 13.1.2). A tag has two parts, `"<record>.<answer>"`: a digest of
 * the stored record the answer is built from (what a write can change) and a digest of the answer's bytes (which
 * also move with the derived relationship fields, whose scores decay with the clock). `If-None-Match` compares whole
 * tags, so a 304 means the very bytes the client holds; `If-Match` compares record parts, so a write is refused when
 * the record changed since it was read, not because a score moved in its last decimal meanwhile.
 */
import { createHash } from "node:crypto";

/** Hex digits of each part: 64 bits, far beyond the versions one record goes through. */
const PART_LENGTH = 16;

function digestOf(bytes: Uint8Array | string): string {
  return createHash("sha256").update(bytes).digest("hex").slice(0, PART_LENGTH);
}

/**
 * The record part of a tag: a digest of the stored record (as the store returns it) a single-record read answers
 * from.
 *
 * @example
 * recordDigestOf(await store.persons.get(tenantUuid, personUuid)) // "9f86d081884c7d65"
 */
export function recordDigestOf(record: unknown): string {
  return digestOf(JSON.stringify(record));
}

/**
 * The strong entity tag of an answer: its record's digest and its bytes' digest, quoted.
 *
 * @example
 * entityTagOf("9f86d081884c7d65", bytes) // "\"9f86d081884c7d65.2c26b46b68ffc68f\""
 */
export function entityTagOf(recordDigest: string, answer: Uint8Array | string): string {
  return `"${recordDigest}.${digestOf(answer)}"`;
}

/** One tag of an `If-Match` or `If-None-Match` list: its opaque text (quotes included) and whether it is weak. */
export interface ListedEntityTag {
  opaque: string;
  weak: boolean;
}

/** A conditional header's value: `*` (any current representation), or the tags it lists. */
export type EntityTagCondition = { any: true } | { any: false; tags: ListedEntityTag[] };

const LISTED_TAG = /\s*(W\/)?("[^"]*")\s*(?:,|$)/gy;

/**
 * Reads an `If-Match` or `If-None-Match` value: `*`, or its comma-separated tags. Text that is not a tag (an unquoted
 * word) matches nothing, so it is kept as a tag no record has.
 *
 * @example
 * entityTagConditionOf('W/"a", "b"') // { any: false, tags: [{ opaque: '"a"', weak: true }, { opaque: '"b"', weak: false }] }
 */
export function entityTagConditionOf(header: string): EntityTagCondition {
  const value = header.trim();
  if (value === "*") return { any: true };
  const tags: ListedEntityTag[] = [];
  LISTED_TAG.lastIndex = 0;
  let match: RegExpExecArray | null;
  while (LISTED_TAG.lastIndex < value.length && (match = LISTED_TAG.exec(value)) !== null) {
    tags.push({ opaque: match[2]!, weak: match[1] !== undefined });
  }
  if (tags.length === 0 || LISTED_TAG.lastIndex < value.length) tags.push({ opaque: value, weak: false });
  return { any: false, tags };
}

/**
 * Whether `If-None-Match` holds none of the answer's tag: its condition is false and a GET answers 304. Weak
 * comparison (RFC 9110 13.1.2): a `W/` tag names the same bytes as its strong form.
 *
 * @example
 * namesCurrentAnswer('"a.b", "c.d"', '"c.d"') // true: answer 304
 */
export function namesCurrentAnswer(ifNoneMatch: string, currentTag: string): boolean {
  const condition = entityTagConditionOf(ifNoneMatch);
  return condition.any || condition.tags.some((tag) => tag.opaque === currentTag);
}

/**
 * Whether an `If-Match` list names the record as it is now: a strong tag whose record part is `recordDigest`. A
 * weak tag never matches (RFC 9110 13.1.1 compares strongly), nor does a tag of another form.
 *
 * @example
 * namesCurrentRecord('"9f86d081884c7d65.2c26b46b68ffc68f"', "9f86d081884c7d65") // true
 */
export function namesCurrentRecord(tags: readonly ListedEntityTag[], recordDigest: string): boolean {
  return tags.some((tag) => !tag.weak && tag.opaque.startsWith(`"${recordDigest}.`) && tag.opaque.length === PART_LENGTH * 2 + 3);
}
