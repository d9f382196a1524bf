/**
 * @module
 * The SummaryProvider port: turns grounded facts about one person or company into a short summary.
 * Facts come only from the tenant's own records; a provider may reword them but never add to them.
 */
import type { EntityType } from "@rapport/store";

/** Where a fact comes from: a record kind and its uuid (null for the subject itself). */
export interface FactSource {
  kind: string;
  uuid: string | null;
}

/** One sentence about the subject, traceable to records. */
export interface SummaryFact {
  /** The section heading it belongs under (see SUMMARY_SECTIONS for the order). */
  section: string;
  /** A complete sentence, stated from the records alone. */
  text: string;
  sources: FactSource[];
}

/** What an AI summary is about: persons and companies, of the store's ENTITY_TYPES (checked to stay among them). */
export const SUMMARY_ENTITY_TYPES = ["PERSON", "COMPANY"] as const satisfies readonly EntityType[];
export type SummaryEntityType = (typeof SUMMARY_ENTITY_TYPES)[number];

export interface SummaryInput {
  entity_type: SummaryEntityType;
  entity_uuid: string;
  /** The subject's display name. */
  title: string;
  facts: SummaryFact[];
}

export interface SummarySection {
  heading: string;
  content: string;
}

export interface SummaryText {
  /** Persons only: who they are, in a sentence or two; null for companies and when nothing is known. */
  bio: string | null;
  /** Empty when there are no facts. */
  sections: SummarySection[];
}

export interface SummaryProvider {
  /** Names the provider in logs. */
  readonly name: string;
  summarize(input: SummaryInput): Promise<SummaryText>;
}

/**
 * Section headings in display order. "Profile" becomes a person's bio. Features add facts under
 * these headings (the graph: Relationships, Activity; deals: Opportunities, Notes); a heading not
 * listed here goes after the listed ones.
 */
export const SUMMARY_SECTIONS = ["Profile", "Career", "People", "Relationships", "Activity", "Opportunities", "Notes", "Investors", "Lists and tags", "Recent changes"] as const;

export const PROFILE_SECTION = "Profile";
