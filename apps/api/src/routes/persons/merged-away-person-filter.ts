/** @module The 404 of a list filtered by a person merged into another, naming that person, as the person's own paths answer. */
import { notFound } from "../../platform/errors/api-error.js";
import type { AppServices } from "../../services.js";

/**
 * Throws a 404 naming the canonical person when `personUuids` (one uuid or a comma-separated list's), the value of a
 * list's person filter `parameter`, holds a person merged away in the tenant; nothing for live persons, unknown uuids
 * or another tenant's (those filter to no items). A merge moves every item to the canonical person, so the filter
 * would answer an empty page forever, while `GET /v1/persons/{uuid}/activity` says where the person went.
 *
 * @example
 * await refuseMergedAwayPersonFilter(services, auth.tenant.uuid, query.person_uuid);
 * await refuseMergedAwayPersonFilter(services, auth.tenant.uuid, query.intro_person_uuid, "intro_person_uuid");
 */
export async function refuseMergedAwayPersonFilter(
  services: AppServices,
  tenantUuid: string,
  personUuids: string | readonly string[] | undefined,
  parameter = "person_uuid",
): Promise<void> {
  if (personUuids === undefined) return;
  for (const personUuid of typeof personUuids === "string" ? [personUuids] : personUuids) {
    const canonical = await services.store.personMerges.mergedInto(tenantUuid, personUuid);
    if (canonical) throw notFound(`${parameter}: person ${personUuid} was merged into person ${canonical}; filter by that person`);
  }
}
