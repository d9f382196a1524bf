/** Erasure step: the answers kept for writes sent with an `Idempotency-Key` (migration 0069) that hold the persons' data. */
import { sql, type Kysely } from "kysely";
import type { Database } from "../database-schema.js";

/** What identifies the erased persons in a kept answer: theirs alone, not shared (a domain, a first name). */
export interface KeptAnswerNeedles {
  /** Their uuids, full names and profile URLs: found inside any string, exactly as stored. */
  values: readonly string[];
  /** Their email addresses: found as a whole address, in any case; a person may have thousands. */
  addresses: readonly string[];
}

/** Kept answers read at a time while addresses are looked for in them (a batch's answer may be hundreds of KB). */
const ANSWERS_PER_READ = 100;

/** A character that ends an address in text: a space, a bracket, a comma, a quote, another `@`. */
const ENDS_ADDRESS = /[\s"<>()[\]{},;:\\@]/;

/**
 * Deletes the tenant's kept answers that hold one of `needles`: a created person's or note's answer, replayed to a
 * retry for a day, would give back what the erasure took out. A value is looked for as JSON writes it (a `"` or `\`
 * escaped), so a name holding one is found; the values are few (a person and those merged into them), one JSON list
 * for one read of the answers. Addresses may be thousands, too many to look for one by one in each answer (a
 * thousand times the tenant's answers): each answer's address-shaped texts are read once and looked up among them,
 * in any case (as the store folds addresses).
 */
export async function forgetKeptAnswers(db: Kysely<Database>, tenantUuid: string, needles: KeptAnswerNeedles): Promise<void> {
  if (needles.values.length > 0) {
    const asWritten = [...new Set(needles.values.map((value) => JSON.stringify(value).slice(1, -1)))];
    await sql`delete from idempotent_requests where tenant_uuid = ${tenantUuid} and response is not null and exists
      (select 1 from json_each(${JSON.stringify(asWritten)}) as erased where instr(response, erased.value) > 0)`.execute(db);
  }
  if (needles.addresses.length === 0) return;
  const erased = new Set(needles.addresses.map((address) => address.toLowerCase()));
  let after: { caller: string; key: string } | null = null;
  for (;;) {
    const page = await sql<{ caller: string; idempotency_key: string; response: string }>`select caller, idempotency_key, response
      from idempotent_requests where tenant_uuid = ${tenantUuid} and response is not null
      ${after === null ? sql`` : sql`and (caller, idempotency_key) > (${after.caller}, ${after.key})`}
      order by caller, idempotency_key limit ${ANSWERS_PER_READ}`.execute(db);
    for (const row of page.rows) {
      if (!holdsAddress(row.response, erased)) continue;
      await sql`delete from idempotent_requests where tenant_uuid = ${tenantUuid} and caller = ${row.caller} and idempotency_key = ${row.idempotency_key}`.execute(db);
    }
    const last = page.rows.at(-1);
    if (last === undefined || page.rows.length < ANSWERS_PER_READ) return;
    after = { caller: last.caller, key: last.idempotency_key };
  }
}

/**
 * Whether the JSON text holds one of the `erased` addresses (lower-cased) as a whole address in one of its strings:
 * as it stands, or out of the single quotes or the sentence's full stop around it (an address may hold a `'` or a
 * `.` of its own). Its strings as parsed: in the text, an escape (`\n`) would run into an address after it.
 */
function holdsAddress(text: string, erased: ReadonlySet<string>): boolean {
  for (const value of stringsOf(text)) {
    for (const shaped of addressShaped(value)) {
      const address = shaped.toLowerCase();
      if (erased.has(address) || erased.has(address.replace(/^'+/, "").replace(/['.]+$/, ""))) return true;
    }
  }
  return false;
}

/**
 * The texts shaped like an address in `value`: the characters around each `@` up to one that ends an address. Read
 * out from each `@` (a regular expression would try every start of a long text without one, in quadratic time).
 */
function addressShaped(value: string): string[] {
  const shaped: string[] = [];
  for (let at = value.indexOf("@"); at !== -1; at = value.indexOf("@", at + 1)) {
    let start = at;
    while (start > 0 && !ENDS_ADDRESS.test(value[start - 1]!)) start -= 1;
    let end = at + 1;
    while (end < value.length && !ENDS_ADDRESS.test(value[end]!)) end += 1;
    if (start < at && end > at + 1) shaped.push(value.slice(start, end));
  }
  return shaped;
}

/** The strings of a JSON text, its objects' keys included; the text itself when it is not JSON. */
function stringsOf(text: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [text];
  }
  const strings: string[] = [];
  const pending: unknown[] = [parsed];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === "string") strings.push(value);
    else if (Array.isArray(value)) pending.push(...value);
    else if (typeof value === "object" && value !== null) {
      for (const [key, field] of Object.entries(value)) pending.push(key, field);
    }
  }
  return strings;
}
