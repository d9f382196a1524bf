/** Resolves interaction participants to persons: by uuid, or by email (creating unknown addresses). */
import type { Kysely } from "kysely";
import type { ParticipantInput } from "../activity-records.js";
import type { Database } from "../database-schema.js";
import { InvalidInputError } from "../errors.js";
import { isParticipantAddress, normalizeEmail } from "../normalize.js";
import { mergedAwayNote, mergedAwayPersons } from "./merged-away-persons.js";
import { isNameFromAddress, nameFromOffers } from "./names-from-addresses.js";
import { insertPerson } from "./person-repository.js";
import { erasedAddressesAmong } from "../erasure/erased-identifiers.js";
import type { RepositoryContext } from "./repository-context.js";

/**
 * The person uuid for each participant, in order, or null for an address no person has that an erasure remembers
 * (migration 0060: it is left out, as the erasure left it); must run inside the caller's transaction. A known person
 * whose name was derived from their address takes the first participant's display name that says more.
 */
export async function resolveParticipants(
  context: RepositoryContext & { db: Kysely<Database> },
  tenantUuid: string,
  participants: readonly ParticipantInput[],
): Promise<Array<string | null>> {
  const { db } = context;
  const resolved: Array<string | null> = [];
  // One lookup for all the participants' addresses; a known person's address is theirs whatever it says.
  const erased = await erasedAddressesAmong(
    db,
    tenantUuid,
    participants.flatMap((participant) => (participant.person_uuid ? [] : [normalizeEmail(participant.email ?? "")])).filter(isParticipantAddress),
  );
  const nameOffers = new Map<string, string>();
  for (const participant of participants) {
    if (participant.person_uuid) {
      const person = await db
        .selectFrom("persons")
        .select("uuid")
        .where("tenant_uuid", "=", tenantUuid)
        .where("uuid", "=", participant.person_uuid.toLowerCase())
        .where("deleted_at", "is", null)
        .executeTakeFirst();
      if (!person) {
        const mergedInto = await mergedAwayPersons(db, tenantUuid, [participant.person_uuid.toLowerCase()]);
        throw new InvalidInputError(`person ${participant.person_uuid} not found${mergedAwayNote(mergedInto.get(participant.person_uuid.toLowerCase()))}`);
      }
      resolved.push(person.uuid);
      continue;
    }
    const address = normalizeEmail(participant.email ?? "");
    if (!isParticipantAddress(address)) {
      throw new InvalidInputError(`participant '${participant.email ?? ""}' is neither a person_uuid nor an email address`);
    }
    const known = await db
      .selectFrom("person_emails")
      .select("person_uuid")
      .where("tenant_uuid", "=", tenantUuid)
      .where("address", "=", address)
      .executeTakeFirst();
    const name = participant.name?.trim() || address;
    const nameFromAddress = isNameFromAddress(name, [address]);
    if (known) {
      resolved.push(known.person_uuid);
      if (!nameFromAddress && !nameOffers.has(known.person_uuid)) nameOffers.set(known.person_uuid, name);
      continue;
    }
    if (erased.has(address)) {
      resolved.push(null);
      continue;
    }
    const created = await insertPerson(context, { tenant_uuid: tenantUuid, name, emails: [address] }, { nameFromAddress, erasureChecked: true });
    resolved.push(created.uuid);
  }
  if (nameOffers.size > 0) await nameFromOffers(db, tenantUuid, nameOffers, context.now(tenantUuid));
  return resolved;
}
