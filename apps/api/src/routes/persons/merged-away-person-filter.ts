/** @module The 404 of a list filtered by a person merged into another, naming that person, as the person's own paths answer. */
import { notFound } from "../../platform/errors/api-error.js";
import type { AppServices } from "../../services.js";

/**
 * Throws a 404 naming the canonical person when `personUuid`, a list's `person_uuid` filter, was merged away in the
 * tenant; nothing for a live person, an unknown uuid or another tenant's (those filter to no items). A merge moves
 * every item to the canonical person, so the filter would answer an empty page forever, while
 * `GET /v1/persons/{uuid}/activity` says where the person went.
 *
 * @example
 * await refuseMergedAwayPersonFilter(services, auth.tenant.uuid, query.person_uuid);
 */
export async function refuseMergedAwayPersonFilter(services: AppServices, tenantUuid: string, personUuid: string | undefined): Promise<void> {
  if (personUuid === undefined) return;
  const canonical = await services.store.personMerges.mergedInto(tenantUuid, personUuid);
  if (canonical) throw notFound(`person_uuid: person ${personUuid} was merged into person ${canonical}; filter by that person`);
}
