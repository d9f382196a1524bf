/** @module The two records a merge names, as read: what makes them unmergeable whatever their kind. */
import { ConflictError, NotFoundError } from "../errors.js";

/** What every merged record row has. */
interface MergeableRow {
  uuid: string;
  merged_into_uuid: string | null;
  deleted_at: number | null;
}

/**
 * The canonical and the superseded row among `rows` (the tenant's rows of both uuids). A ConflictError when they are
 * one record or one was merged into the other; a NotFoundError when either is missing or deleted, naming what a
 * merged-away one went into. `kind` names the record in messages ("person", "company").
 * @example mergePairOf("company", canonicalUuid, supersededUuid, rows); // { canonical, superseded }
 */
export function mergePairOf<Row extends MergeableRow>(kind: string, canonicalUuid: string, supersededUuid: string, rows: readonly Row[]): { canonical: Row; superseded: Row } {
  if (canonicalUuid === supersededUuid) {
    throw new ConflictError(`canonical and superseded are the same ${kind} (${canonicalUuid}): nothing to merge`);
  }
  const canonical = rows.find((row) => row.uuid === canonicalUuid);
  const superseded = rows.find((row) => row.uuid === supersededUuid);
  if (!canonical) throw new NotFoundError(`${kind} ${canonicalUuid} not found`);
  if (!superseded) throw new NotFoundError(`${kind} ${supersededUuid} not found`);
  if (superseded.merged_into_uuid === canonicalUuid || canonical.merged_into_uuid === supersededUuid) {
    const [from, into] = superseded.merged_into_uuid === canonicalUuid ? [supersededUuid, canonicalUuid] : [canonicalUuid, supersededUuid];
    throw new ConflictError(`${kind} ${from} was already merged into ${kind} ${into}`);
  }
  for (const row of [canonical, superseded]) {
    if (row.deleted_at !== null) {
      const where = row.merged_into_uuid ? `: it was merged into ${kind} ${row.merged_into_uuid}` : "";
      throw new NotFoundError(`${kind} ${row.uuid} not found${where}`);
    }
  }
  return { canonical, superseded };
}
