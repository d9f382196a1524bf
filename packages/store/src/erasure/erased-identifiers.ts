/**
 * @module
 * What an erasure remembers of the person, so that automatic capture (mail, calendars, contact imports) does not
 * create them again: each address and LinkedIn profile as HMAC-SHA256 under a random secret of the tenant's, never
 * the value. A digest can only be checked against a value one already has, with the secret read from the same
 * database: it keeps the addresses out of the file's text, not from someone holding the file and guessing them.
 */
import { createHmac, randomBytes } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { Database } from "../database-schema.js";
import { ConflictError } from "../errors.js";
import { normalizeEmail, normalizeLinkedinUrl } from "../normalize.js";
import { chunksOf } from "../repositories/chunks-of.js";
import { legacyEmailKey, legacyEmailKeysOf } from "./legacy-email-key.js";
import { legacyLinkedinKey } from "./legacy-linkedin-key.js";

/** An address, as ingest normalizes it, named as an erased identifier. */
export const emailIdentifier = (address: string): string => `email:${normalizeEmail(address)}`;

/**
 * The identifiers an address is recognized by: its key (`emailIdentifier`), and those an erasure made before store
 * migration 0083 may have digested it under: the key as it was then (`legacyEmailKey`: "anna@müller.de." kept its dot)
 * and the other spellings of the key now that it took (`legacyEmailKeysOf`: "anna@xn--mller-kva.de", how mail often
 * names "anna@müller.de", "anna@müller.de.", full-width letters), since callers pass the key, not what was typed.
 */
export function emailIdentifiersOf(address: string): string[] {
  const normalized = normalizeEmail(address);
  return [...new Set([normalized, legacyEmailKey(address), ...legacyEmailKeysOf(normalized)])].map((key) => `email:${key}`);
}

/** A LinkedIn profile's match key (`normalizeLinkedinUrl`), named as an erased identifier. */
export const linkedinIdentifier = (linkedinKey: string): string => `linkedin:${linkedinKey}`;

/**
 * The identifiers a LinkedIn URL is recognized by: its profile's key, and the key the URL had before store migration
 * 0063 when that differs (`legacyLinkedinKey`), under which an erasure made before then remembered it. None for a
 * text that is not a LinkedIn URL.
 */
export function linkedinIdentifiersOf(url: string): string[] {
  const keys = new Set([normalizeLinkedinUrl(url), legacyLinkedinKey(url)].filter((key): key is string => key !== null));
  return [...keys].map(linkedinIdentifier);
}

/** The keyed digest of an identifier (`emailIdentifier`, `linkedinIdentifier`) under a tenant's secret. */
export function erasedIdentifierDigest(secret: Uint8Array, identifier: string): string {
  return createHmac("sha256", secret).update(identifier).digest("hex");
}

async function secretOf(db: Kysely<Database>, tenantUuid: string): Promise<Buffer | null> {
  const row = await db.selectFrom("erasure_secrets").select("secret").where("tenant_uuid", "=", tenantUuid).executeTakeFirst();
  return row ? Buffer.from(row.secret) : null;
}

/**
 * Remembers the identifiers as erased, in the erasure's transaction; the tenant's secret is made at its first
 * erasure (`newSecret`, 32 random bytes unless a test gives its own).
 */
export async function rememberErasedIdentifiers(
  db: Kysely<Database>,
  tenantUuid: string,
  identifiers: readonly string[],
  now: number,
  newSecret: () => Uint8Array = () => randomBytes(32),
): Promise<void> {
  if (identifiers.length === 0) return;
  let secret = await secretOf(db, tenantUuid);
  if (!secret) {
    secret = Buffer.from(newSecret());
    await db.insertInto("erasure_secrets").values({ tenant_uuid: tenantUuid, secret, created_at: now }).execute();
  }
  const digests = [...new Set(identifiers.map((identifier) => erasedIdentifierDigest(secret, identifier)))];
  for (const chunk of chunksOf(digests)) {
    // From a JSON list, one parameter however many: `where true` lets SQLite read `on conflict` as the upsert's.
    await sql`insert into erased_identifiers (tenant_uuid, digest, erased_at)
      select ${tenantUuid}, value, ${now} from json_each(${JSON.stringify(chunk)}) where true
      on conflict (tenant_uuid, digest) do update set erased_at = excluded.erased_at`.execute(db);
  }
}

/**
 * Of the identifiers, those an erasure of the tenant remembers: one read of the secret (none when the tenant never
 * erased anyone), then the digests sought by the table's key, a chunk at a time.
 */
export async function erasedIdentifiersAmong(db: Kysely<Database>, tenantUuid: string, identifiers: Iterable<string>): Promise<Set<string>> {
  const erased = new Set<string>();
  const unique = [...new Set(identifiers)];
  if (unique.length === 0) return erased;
  const secret = await secretOf(db, tenantUuid);
  if (!secret) return erased;
  const byDigest = new Map(unique.map((identifier) => [erasedIdentifierDigest(secret, identifier), identifier]));
  for (const chunk of chunksOf([...byDigest.keys()])) {
    const rows = await sql<{ digest: string }>`select digest from erased_identifiers
      where tenant_uuid = ${tenantUuid} and digest in (select value from json_each(${JSON.stringify(chunk)}))`.execute(db);
    for (const row of rows.rows) erased.add(byDigest.get(row.digest)!);
  }
  return erased;
}

/** Of the addresses (normalized as ingest does), those an erasure of the tenant remembers. */
export async function erasedAddressesAmong(db: Kysely<Database>, tenantUuid: string, addresses: Iterable<string>): Promise<Set<string>> {
  const byIdentifier = new Map([...addresses].flatMap((address) => emailIdentifiersOf(address).map((identifier) => [identifier, normalizeEmail(address)] as const)));
  const erased = await erasedIdentifiersAmong(db, tenantUuid, byIdentifier.keys());
  return new Set([...erased].map((identifier) => byIdentifier.get(identifier)!));
}

/** Of the LinkedIn URLs, those whose profile (`normalizeLinkedinUrl`) an erasure of the tenant remembers, as given. */
export async function erasedLinkedinUrlsAmong(db: Kysely<Database>, tenantUuid: string, urls: Iterable<string>): Promise<Set<string>> {
  const keyed = [...urls].map((url) => [url, linkedinIdentifiersOf(url)] as const);
  const erased = await erasedIdentifiersAmong(db, tenantUuid, keyed.flatMap(([, identifiers]) => identifiers));
  return new Set(keyed.filter(([, identifiers]) => identifiers.some((identifier) => erased.has(identifier))).map(([url]) => url));
}

/** The words of a refusal and of an import's skip: why an erased address is not stored again, and how to allow it. */
export const ERASED_ON_REQUEST = "was erased on a data subject's request";

/**
 * Throws ConflictError when one of the addresses or the LinkedIn URL is remembered as erased: a person is not
 * created with it, nor given it, until an operator allows it again (`allowErasedIdentifier`).
 */
export async function assertNotErased(
  db: Kysely<Database>,
  tenantUuid: string,
  addresses: readonly string[],
  linkedinUrl: string | null | undefined,
): Promise<void> {
  const identifiers = [...addresses.flatMap(emailIdentifiersOf), ...(linkedinUrl ? linkedinIdentifiersOf(linkedinUrl) : [])];
  const erased = await erasedIdentifiersAmong(db, tenantUuid, identifiers);
  if (erased.size === 0) return;
  const address = addresses.find((each) => emailIdentifiersOf(each).some((identifier) => erased.has(identifier)));
  const what = address !== undefined ? `email ${normalizeEmail(address)}` : `linkedin_url ${linkedinUrl}`;
  throw new ConflictError(`${what} ${ERASED_ON_REQUEST}: it is not stored again unless an operator allows it (rapport persons allow-address)`);
}

/**
 * Forgets an erased address or LinkedIn URL, so it may be stored again (an operator's decision, e.g. the data
 * subject asks to be known again). True when it was remembered.
 */
export async function allowErasedIdentifier(db: Kysely<Database>, tenantUuid: string, identifier: { email: string } | { linkedin_url: string }): Promise<boolean> {
  const secret = await secretOf(db, tenantUuid);
  if (!secret) return false;
  // A profile or an address is lifted under each of its keys: an erasure before store migration 0063 (profiles) or
  // 0083 (addresses) digested an older one.
  const names = "email" in identifier ? emailIdentifiersOf(identifier.email) : linkedinIdentifiersOf(identifier.linkedin_url);
  if (names.length === 0) return false;
  const deleted = await db
    .deleteFrom("erased_identifiers")
    .where("tenant_uuid", "=", tenantUuid)
    .where(
      "digest",
      "in",
      names.map((name) => erasedIdentifierDigest(secret, name)),
    )
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}
