/**
 * A series a later export shows changed (ended earlier, moved to another day or time): the occurrences an earlier
 * import stored for it in the window that its rule no longer yields are marked cancelled, as an EXDATE'd one is, so
 * that a meeting that never took place stops counting in its attendees' activity and scores.
 */
import { takeOutControlCharacters } from "@rapport/store/vocabulary";
import type { BatchContext, PositionedItem } from "./batch-context.js";
import type { ImportedSeries } from "./imported-items.js";

/** What follows `<UID>#` in the key the import gives an occurrence: its original start, epoch ms. */
const OCCURRENCE_START = /^-?\d+$/;

/** The series with its UID and keys as the import writes them (control characters taken out, as from a meeting's). */
export function seriesAsWritten(series: ImportedSeries): ImportedSeries {
  return { ...series, uid: takeOutControlCharacters(series.uid, "one line"), keys: series.keys.map((key) => takeOutControlCharacters(key, "one line")) };
}

/**
 * Cancels each confirmed meeting of the series stored with an occurrence's key (`<UID>#<start>`) that starts in the
 * window and is not among the keys the series yields now; a meeting the importing member may not change is left.
 * Counted in `meetings.updated` as any stored meeting the calendar cancels, in a dry run too; not in `items`: these are
 * no entries of the archive.
 */
export async function cancelDroppedOccurrences(context: BatchContext, entries: ReadonlyArray<PositionedItem<ImportedSeries>>): Promise<void> {
  const { store, tenantUuid, dryRun, counts } = context;
  for (const { item: series } of entries) {
    const prefix = `${series.uid}#`;
    const yielded = new Set(series.keys);
    const stored = await store.meetings.listByExternalIdPrefix(tenantUuid, prefix, { starts_from: series.since, starts_to: series.until });
    for (const meeting of stored) {
      const key = meeting.external_id!;
      if (meeting.status !== "confirmed" || yielded.has(key) || !OCCURRENCE_START.test(key.slice(prefix.length))) continue;
      if (!context.mayChangeMeeting(meeting)) continue;
      if (!dryRun) await store.meetings.update(tenantUuid, meeting.uuid, { status: "cancelled" });
      counts.meetings.updated += 1;
    }
  }
}
