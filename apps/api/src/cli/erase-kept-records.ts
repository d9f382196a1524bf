/**
 * @module
 * The notes and tasks an erasure keeps though they were linked to the erased person: the erasure takes the link away,
 * not the text a recruiter wrote about them ("expects 150k, lives at..."), and unlinked they are found by nobody.
 * `rapport persons erase` names them so the operator can edit or delete what they say.
 */
import type { Store } from "@rapport/store";

/** The uuids of the live notes and tasks linked to a person. */
export interface KeptRecords {
  notes: string[];
  tasks: string[];
}

/**
 * The live notes and tasks linked to the person or to a person merged into them, as the personal data export lists
 * them (private ones included); none for a person the tenant does not hold. Read before the erasure unlinks them.
 *
 * @example
 * const kept = await recordsLinkedTo(store, tenantUuid, personUuid); // { notes: ["a6af..."], tasks: [] }
 */
export async function recordsLinkedTo(store: Store, tenantUuid: string, personUuid: string): Promise<KeptRecords> {
  const exported = await store.persons.exportPersonalDataInPages(tenantUuid, personUuid);
  if (exported === null) return { notes: [], tasks: [] };
  const live = (records: ReadonlyArray<{ uuid: string; deleted_at: number | null }>) => records.filter((record) => record.deleted_at === null).map((record) => record.uuid);
  return { notes: live(exported.document.notes), tasks: live(exported.document.tasks) };
}

function counted(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

/** The lines telling the operator which kept notes and tasks to review; none when there are none. */
export function keptRecordsLines(kept: KeptRecords): string[] {
  const parts = [kept.notes.length > 0 ? counted(kept.notes.length, "note") : null, kept.tasks.length > 0 ? counted(kept.tasks.length, "task") : null].filter((part) => part !== null);
  if (parts.length === 0) return [];
  const one = kept.notes.length + kept.tasks.length === 1;
  return [
    `  ${parts.join(" and ")} linked to them ${one ? "is kept with the text written in it" : "are kept with the text written in them"}, which may still speak of the person: review ${one ? "it" : "each"} (GET /v1/notes/{uuid}, GET /v1/tasks/{uuid})`,
    ...kept.notes.map((uuid) => `    note ${uuid}`),
    ...kept.tasks.map((uuid) => `    task ${uuid}`),
  ];
}
