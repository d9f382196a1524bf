/** @module The 404 of a list filtered by a person merged into another, naming that person, as the person's own paths answer. */
import { notFound } from "../../platform/errors/api-error.js";
import type { AppServices } from "../../services.js";

/**
 * Throws a 404 naming the canonical person when `personUuids` (one uuid or a comma-separated list's), the value of a
 * list's person filter `parameter`, holds a person merged away in the tenant; nothing for live persons, unknown uuids
 * or another tenant's (those filter to no items); with `canonicalServes`, only when it holds of the canonical person. A merge moves every item to the canonical person, so the filter
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
  canonicalServes: (canonicalUuid: string) => Promise<boolean> = async () => true,
): Promise<void> {
  if (personUuids === undefined) return;
  for (const personUuid of typeof personUuids === "string" ? [personUuids] : personUuids) {
    const canonical = await services.store.personMerges.mergedInto(tenantUuid, personUuid);
    if (canonical && (await canonicalServes(canonical))) {
      throw notFound(`${parameter}: person ${personUuid} was merged into person ${canonical}; filter by that person`);
    }
  }
}

/**
 * `refuseMergedAwayPersonFilter` for a user filter that takes a user's person uuid (`owner_user_uuid`,
 * `assignee_user_uuid`): only a person merged into a user's person is pointed there. A contact merged into another
 * contact was never a user's, so its filter keeps the "not a user" 400 rather than advice that leads to that 400.
 *
 * @example
 * await refuseMergedAwayUserPersonFilter(services, auth.tenant.uuid, query.assignee_user_uuid, "assignee_user_uuid");
 */
export async function refuseMergedAwayUserPersonFilter(
  services: AppServices,
  tenantUuid: string,
  personUuids: string | readonly string[] | undefined,
  parameter: string,
): Promise<void> {
  await refuseMergedAwayPersonFilter(services, tenantUuid, personUuids, parameter, async (canonical) => (await services.store.records.resolveUsers(tenantUuid, [canonical])).size > 0);
}
