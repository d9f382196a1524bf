/**
 * @module
 * A contact card's further addresses given to the person it matched (`addFreeAddresses`), and which of some addresses
 * are free to give (`freeAddressesAmong`): no person of the tenant holds them and no erasure remembers them.
 */
import type { Kysely } from "kysely";
import type { Database } from "../database-schema.js";
import { erasedAddressesAmong } from "../erasure/erased-identifiers.js";
import { emailDomain, isPlausibleEmail, normalizeEmail } from "../normalize.js";
import { toFlag, withTransaction, type RepositoryContext } from "./repository-context.js";

/**
 * Of the addresses (normalized as ingest does; those that are not addresses left out), in their order, each once, the
 * ones no person of the tenant holds (live, merged away or deleted: an address is one person's) and no erasure of
 * the tenant remembers. One seek of `person_emails`' key per address.
 */
export async function freeAddressesAmong(db: Kysely<Database>, tenantUuid: string, addresses: readonly string[]): Promise<string[]> {
  const normalized = [...new Set(addresses.map(normalizeEmail))].filter(isPlausibleEmail);
  if (normalized.length === 0) return [];
  const held = await db.selectFrom("person_emails").select("address").where("tenant_uuid", "=", tenantUuid).where("address", "in", normalized).execute();
  const heldAddresses = new Set(held.map((row) => row.address));
  const unheld = normalized.filter((address) => !heldAddresses.has(address));
  const erased = await erasedAddressesAmong(db, tenantUuid, unheld);
  return unheld.filter((address) => !erased.has(address));
}

/**
 * Gives the live person those of `addresses` that are free (`freeAddressesAmong`), after the ones they have (the first
 * is their primary address when they had none), moving service_updated_at when one is given; in the caller's
 * transaction or its own. The addresses given, normalized ([] for none); null when the person is not a live person
 * of the tenant.
 */
export async function addFreeAddresses(context: RepositoryContext, tenantUuid: string, personUuid: string, addresses: readonly string[]): Promise<string[] | null> {
  return withTransaction(context.db, async (transaction) => {
    const person = await transaction
      .selectFrom("persons")
      .select("uuid")
      .where("tenant_uuid", "=", tenantUuid)
      .where("uuid", "=", personUuid)
      .where("deleted_at", "is", null)
      .executeTakeFirst();
    if (!person) return null;
    const free = await freeAddressesAmong(transaction, tenantUuid, addresses);
    if (free.length === 0) return [];
    const hasAddress = await transaction.selectFrom("person_emails").select("address").where("person_uuid", "=", personUuid).where("tenant_uuid", "=", tenantUuid).executeTakeFirst();
    // Read under the write lock, so stamps follow commit order and `modified_since` pollers miss none.
    const timestamp = context.now(tenantUuid);
    await transaction
      .insertInto("person_emails")
      .values(
        free.map((address, index) => ({
          tenant_uuid: tenantUuid,
          person_uuid: personUuid,
          address,
          domain: emailDomain(address),
          is_primary: toFlag(!hasAddress && index === 0),
          created_at: timestamp,
        })),
      )
      .execute();
    await transaction.updateTable("persons").set({ service_updated_at: timestamp }).where("tenant_uuid", "=", tenantUuid).where("uuid", "=", personUuid).execute();
    return free;
  });
}
