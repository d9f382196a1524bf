/**
 * @module
 * Names derived from an address, and the names seen later that replace them: a person created from a bare address
 * (or one whose mail display name was only the address or its local part) is named by the first real name that
 * mail, a calendar or a contact card gives them; a name a user or an integrator typed is never replaced.
 */
import type { Kysely } from "kysely";
import type { Database } from "../database-schema.js";
import { chunksOf } from "./chunks-of.js";
import { nameSortKey } from "./name-sort-key.js";
import { tenantOnly } from "./tenant-filter.js";

/**
 * True when `name` says no more than an address does: blank, one of `addresses` or the part of one before its `@`,
 * in any case (`Bob` for `bob@x.example`).
 *
 * @example
 * isNameFromAddress("BOB", ["bob@x.example"]); // true
 * isNameFromAddress("Bob Partner", ["bob@x.example"]); // false
 */
export function isNameFromAddress(name: string | null | undefined, addresses: readonly string[]): boolean {
  const folded = name?.trim().toLowerCase() ?? "";
  if (!folded) return true;
  return addresses.some((address) => folded === address || folded === address.slice(0, address.lastIndexOf("@")));
}

/** The live persons among `personUuids` whose name was derived from an address, read by key. */
export async function namedFromAddress(db: Kysely<Database>, tenantUuid: string, personUuids: readonly string[]): Promise<string[]> {
  const named: string[] = [];
  for (const chunk of chunksOf(personUuids)) {
    const rows = await db
      .selectFrom("persons")
      .select("uuid")
      .where(tenantOnly("tenant_uuid"), "=", tenantUuid)
      .where("uuid", "in", chunk)
      .where("deleted_at", "is", null)
      .where("name_from_address", "=", 1)
      .execute();
    named.push(...rows.map((row) => row.uuid));
  }
  return named;
}

/**
 * Names each person of `offers` (person uuid to the name offered, first offer first) whose name was derived from an
 * address, and moves their change time to `timestamp` so pollers list them again; persons with a typed name keep it.
 * Reads the offered persons by key and writes only those renamed; run it inside the caller's transaction.
 * Returns the uuids renamed.
 */
export async function nameFromOffers(db: Kysely<Database>, tenantUuid: string, offers: ReadonlyMap<string, string>, timestamp: number): Promise<string[]> {
  const renamed = await namedFromAddress(db, tenantUuid, [...offers.keys()]);
  for (const uuid of renamed) {
    await db
      .updateTable("persons")
      .set({ name: offers.get(uuid)!, name_sort_key: nameSortKey(offers.get(uuid)!), name_from_address: 0, service_updated_at: timestamp })
      .where("tenant_uuid", "=", tenantUuid)
      .where("uuid", "=", uuid)
      .execute();
  }
  return renamed;
}
