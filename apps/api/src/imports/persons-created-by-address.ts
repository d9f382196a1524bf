/**
 * @module
 * The persons a batch's mail and meetings created for addresses no person had: the store makes them as it writes a
 * message or a meeting, so the batch learns their uuids from their addresses, for the summary's `likely_duplicates`
 * (`GET /v1/duplicates` lists them too: "Renee Dubois" from mail beside the "Renée Dubois" a team already had).
 */
import type { BatchContext } from "./batch-context.js";

/** Adds to the batch's created persons those it created for `counts.createdAddresses` (in the batch's transaction); none in a dry run. */
export async function notePersonsCreatedByAddress(context: BatchContext): Promise<void> {
  const { counts } = context;
  const addresses = counts.createdAddresses.splice(0);
  if (context.dryRun || addresses.length === 0) return;
  const persons = await context.store.persons.findByEmails(context.tenantUuid, addresses);
  // A person's two new addresses are one new person.
  counts.created.persons.push(...new Set(persons.values()));
}
