/** @module Likely duplicate persons and companies: the pairs `store.duplicates` finds, and why each was found. */
import type { Page, PageRequest } from "./pagination/keyset-page.js";

/** The kinds of record the duplicates list pairs, in the list's order. */
export const DUPLICATE_ENTITY_TYPES = ["PERSON", "COMPANY"] as const;
/** One of `DUPLICATE_ENTITY_TYPES`. */
export type DuplicateEntityType = (typeof DUPLICATE_ENTITY_TYPES)[number];

/**
 * Why two records look like one. Persons: `SAME_LINKEDIN` (one LinkedIn profile), `SAME_NAME_SHARED_COMPANY` (one full
 * name once case, accents and punctuation are folded, and a company in common, past or present),
 * `SAME_NAME_SHARED_EMAIL_DOMAIN` (one full name and addresses at one company's domain), `SAME_NAME` (one full name
 * that no third person of the tenant holds, nothing else in common). Companies: `SAME_NAME` (one name once legal forms,
 * punctuation and case are left out), `SAME_DOMAIN` (one website domain).
 */
export const DUPLICATE_REASONS = ["SAME_LINKEDIN", "SAME_NAME_SHARED_COMPANY", "SAME_NAME_SHARED_EMAIL_DOMAIN", "SAME_NAME", "SAME_DOMAIN"] as const;
/** One of `DUPLICATE_REASONS`. */
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number];

/** `likely`: the records share an identifier or a name and a company; `possible`: a name alone, or names of firms at two domains. */
export type DuplicateConfidence = "likely" | "possible";

/** One reason a pair was found, with what the two share (a company uuid, a domain, a LinkedIn key or the folded name). */
export interface DuplicateEvidence {
  reason: DuplicateReason;
  shared: string;
}

/** One record of a pair. */
export interface DuplicateSide {
  uuid: string;
  name: string;
  /** Epoch milliseconds. */
  created_at: number;
}

/** Two live records of one tenant that look like one. */
export interface DuplicatePair {
  entity_type: DuplicateEntityType;
  /** The record to keep: a user's own person, else the older record. */
  canonical: DuplicateSide;
  /** The record to merge into it. */
  duplicate: DuplicateSide;
  confidence: DuplicateConfidence;
  evidence: DuplicateEvidence[];
}

/** What `duplicates.list` is asked for. */
export interface DuplicateListRequest extends PageRequest {
  /** Only pairs of this kind; both kinds, persons first, when absent. */
  entityType?: DuplicateEntityType;
}

/** The records whose pairs `duplicates.involving` gives. */
export interface DuplicateSubjects {
  personUuids?: readonly string[];
  companyUuids?: readonly string[];
}

/** `store.duplicates`: likely duplicate persons and companies of a tenant, found from the keys' indexes. */
export interface DuplicateRepository {
  /**
   * The tenant's pairs, persons then companies, each kind by the canonical record's folded name, then the two uuids.
   * A page after a cursor starts after its pair's place, so a pair merged meanwhile shifts nothing.
   */
  list(tenantUuid: string, request: DuplicateListRequest): Promise<Page<DuplicatePair>>;
  /** The pairs with at least one of `subjects` (an import's new records) on either side, in the list's order. */
  involving(tenantUuid: string, subjects: DuplicateSubjects): Promise<DuplicatePair[]>;
}
