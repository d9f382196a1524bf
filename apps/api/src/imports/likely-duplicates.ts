/**
 * @module
 * The persons and companies an import created that look like records the tenant had (`likelyDuplicatesOf`): the
 * import summary's `likely_duplicates`, from the store's duplicates (`GET /v1/duplicates` lists them all), so a user
 * learns of "Acme" made beside "Acme Inc." when the import ends, not when PathPower splits.
 */
import type { DuplicatePair, DuplicateReason, Store } from "@rapport/store";

/** How many of them a summary names; the counts cover all. */
export const LIKELY_DUPLICATES_LISTED = 10;

/** A record the import created, and the record it looks like. */
export interface LikelyDuplicate {
  entity_type: "PERSON" | "COMPANY";
  new_uuid: string;
  new_name: string;
  existing_uuid: string;
  existing_name: string;
  confidence: "likely" | "possible";
  reasons: DuplicateReason[];
}

/** The summary's part: how many new persons and companies look like another record, and the first of them. */
export interface LikelyDuplicates {
  persons: number;
  companies: number;
  first: LikelyDuplicate[];
}

/** The uuids an import's committed batches created. */
export interface CreatedRecords {
  persons: string[];
  companies: string[];
}

export function noLikelyDuplicates(): LikelyDuplicates {
  return { persons: 0, companies: 0, first: [] };
}

/** `pair` seen from the new record's side: the other one is the existing record (also when the import made both). */
function fromNewSide(pair: DuplicatePair, created: ReadonlySet<string>): LikelyDuplicate {
  const [newRecord, existing] = created.has(pair.duplicate.uuid) ? [pair.duplicate, pair.canonical] : [pair.canonical, pair.duplicate];
  return {
    entity_type: pair.entity_type,
    new_uuid: newRecord.uuid,
    new_name: newRecord.name,
    existing_uuid: existing.uuid,
    existing_name: existing.name,
    confidence: pair.confidence,
    reasons: pair.evidence.map((evidence) => evidence.reason),
  };
}

/**
 * The created records that look like another live record of the tenant: each new record counted once (with the first
 * pair it is in, likely pairs first), the first `LIKELY_DUPLICATES_LISTED` listed.
 *
 * @example
 * summary.likely_duplicates = await likelyDuplicatesOf(store, tenantUuid, { persons: [newUuid], companies: [] });
 */
export async function likelyDuplicatesOf(store: Store, tenantUuid: string, created: CreatedRecords): Promise<LikelyDuplicates> {
  if (created.persons.length === 0 && created.companies.length === 0) return noLikelyDuplicates();
  const createdUuids = new Set([...created.persons, ...created.companies]);
  const pairs = await store.duplicates.involving(tenantUuid, { personUuids: created.persons, companyUuids: created.companies });
  const ranked = [...pairs].sort((left, right) => Number(left.confidence === "possible") - Number(right.confidence === "possible"));
  const byNewRecord = new Map<string, LikelyDuplicate>();
  for (const pair of ranked) {
    const seen = fromNewSide(pair, createdUuids);
    if (!byNewRecord.has(seen.new_uuid)) byNewRecord.set(seen.new_uuid, seen);
  }
  const all = [...byNewRecord.values()];
  return {
    persons: all.filter((entry) => entry.entity_type === "PERSON").length,
    companies: all.filter((entry) => entry.entity_type === "COMPANY").length,
    first: all.slice(0, LIKELY_DUPLICATES_LISTED),
  };
}
