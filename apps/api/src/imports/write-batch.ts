/** @module What a batch writes, by kind of item: mail, meetings (then the series they belong to), companies, persons. */
import type { BatchContext, PositionedItem } from "./batch-context.js";
import { cancelDroppedOccurrences } from "./cancel-dropped-occurrences.js";
import type { ImportedItem, ImportedSeries } from "./imported-items.js";
import { notePersonsCreatedByAddress } from "./persons-created-by-address.js";
import { writeEmails } from "./write-emails.js";
import { writeMeetings } from "./write-meetings.js";
import { writeCompanies, writePersons } from "./write-contacts.js";

/** What a batch writes: the archive's items, and what the calendar reader learnt of a series. */
export type BatchItem = ImportedItem | ImportedSeries;

function ofType<Type extends BatchItem["type"]>(batch: ReadonlyArray<PositionedItem<BatchItem>>, type: Type) {
  return batch.filter((entry) => entry.item.type === type) as Array<PositionedItem<Extract<BatchItem, { type: Type }>>>;
}

/** Writes a batch; a reader yields one kind of item, but a batch of several kinds would work too. */
export async function writeBatch(context: BatchContext, batch: ReadonlyArray<PositionedItem<BatchItem>>): Promise<void> {
  const emails = ofType(batch, "email");
  const meetings = ofType(batch, "meeting");
  const companies = ofType(batch, "company");
  const persons = ofType(batch, "person");
  const series = ofType(batch, "series");
  if (emails.length > 0) await writeEmails(context, emails);
  if (meetings.length > 0) await writeMeetings(context, meetings);
  // After the batch's occurrences: each series touches only its own stored occurrences, whatever the order.
  if (series.length > 0) await cancelDroppedOccurrences(context, series);
  if (companies.length > 0) await writeCompanies(context, companies);
  if (persons.length > 0) await writePersons(context, persons);
  await notePersonsCreatedByAddress(context);
}
