/**
 * @module
 * The recommended-paths response of the specification (items, hops, priority_management, top
 * external contacts) built from the graph core's ranking plus display fields from the records.
 */
import { STRENGTH_LABELS, type EntityReference, type Hop, type PriorityManagementEntry, type RecommendedPathItem, type RecommendedPathsResponse, type TopExternalContact } from "@rapport/graph";
import { z } from "zod";
import type { PersonCard, PersonDisplay, RelationshipView } from "../relationships/relationship-view.js";
import { BATCH_HOP_ASSOCIATIONS_LIMIT, HOP_ASSOCIATIONS_LIMIT, PRIORITY_ENTRIES_LIMIT } from "../relationships/recommended-path-limits.js";
import { isoDateTime } from "./iso-date-time.js";

const signalMetadataSchema = z.object({
  associations: z.number().int().default(0).describe("Opportunities the person is associated with."),
  lists: z.number().int().default(0).describe("Entity lists the person is a member of."),
});

export const hopSchema = z.object({
  person_uuid: z.string(),
  name: z.string().nullable(),
  company_name: z.string().nullable(),
  job_title: z.string().nullable(),
  linkedin_url: z.string().nullable(),
  logo_url: z.string().nullable(),
  last_interaction_at: z.string().nullable().describe("ISO 8601 date-time of the latest interaction on this hop's edge."),
  service_key: z.string().describe("Rapport's own key for the hop's person (its uuid)."),
  service_name: z.string().describe("Rapport's name for the hop's person."),
  associations: z
    .array(z.string())
    .describe(
      `UUIDs of the (at most ${HOP_ASSOCIATIONS_LIMIT}, in a batch ${BATCH_HOP_ASSOCIATIONS_LIMIT}) most recently updated opportunities the hop's person is associated with; signal_metadata.associations counts them all.`,
    ),
  connection_score: z.number().describe("Connection score of the edge into this hop, 0.0-1.0."),
  interaction_count: z.number().int().describe("Interactions on that edge."),
});

export const priorityManagementSchema = z.object({
  person_uuid: z.string().describe("The target person this entry is about."),
  user_uuid: z.string(),
  user_name: z.string(),
  user_logo_url: z.string().nullable(),
  interaction_count: z.number().int().describe("Direct interactions between the user and the person."),
  priority_score: z.number().describe("0-100: the strength of the user's best path to the person."),
  rq: z.number().describe("The user's RQ to the person, 0.0-1.0."),
  rq_manual: z.number().nullable().describe("A manually set RQ; null (Rapport has no manual overrides)."),
  rq_pretty: z.number().describe("Displayed RQ, 0-100."),
  rq_reason: z.string(),
  last_activity_date: z.string().nullable().describe("YYYY-MM-DD (UTC) of the user's latest interaction with the person."),
  priority_context: z
    .array(z.object({ via_person_uuid: z.string().nullable(), strength: z.number() }))
    .describe("The user's paths to the person, strongest first: the bridge (null for the direct path) and the path strength."),
  signal_metadata: signalMetadataSchema,
});

export const recommendedPathItemSchema = z.object({
  person_uuid: z.string().describe("The internal user's own person node."),
  user_uuid: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  emails: z.array(z.object({ address: z.string(), is_primary: z.boolean().default(false), last_seen_at: z.string().nullable() })),
  job_title: z.string().nullable(),
  company_name: z.string().nullable(),
  primary_company: z.object({ uuid: z.string(), name: z.string(), logo_url: z.string().nullable() }).nullable(),
  linkedin_url: z.string().nullable(),
  twitter_url: z.string().nullable(),
  facebook_url: z.string().nullable(),
  logo_url: z.string().nullable(),
  tags: z.array(z.string()),
  is_internal: z.boolean(),
  is_primary_company_recommended: z
    .boolean()
    .describe("Company targets: the user's best path ends at a person whose primary company is the target."),
  connection_score: z.number().describe("Strength of the user's best path, 0.0-1.0; items are ranked by it."),
  strength: z.enum(STRENGTH_LABELS),
  path_count: z.number().int().default(0),
  paths: z.array(z.array(hopSchema)).describe("Strongest first; each path lists the hops after the user, ending at a target person."),
  priority_management: z
    .array(priorityManagementSchema)
    .describe(`One entry per target person the user reaches (for a company: its people), highest priority first; at most ${PRIORITY_ENTRIES_LIMIT}.`),
  signal_metadata: signalMetadataSchema,
});

export const topExternalContactSchema = z.object({
  person_uuid: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  job_title: z.string().nullable(),
  tags: z.array(z.string()),
  connection_score: z.number().describe("The team's PathPower to the person, 0.0-1.0."),
  strength: z.enum(STRENGTH_LABELS),
  internal_connectors: z.array(
    z.object({
      internal_user_uuid: z.string(),
      internal_user_person_uuid: z.string(),
      name: z.string(),
      path_power_score: z.number().describe("The user's RQ to the contact, 0.0-1.0."),
      last_engaged_at: z.string().nullable().describe("ISO 8601 date-time of the user's latest interaction with the contact."),
    }),
  ),
});

export const recommendedPathsResponseSchema = z.object({
  target_uuid: z.string(),
  target_name: z.string().nullable().describe("The target's name (a company's company_name); null for a batch target not found (a target the single-target operations answer 404)."),
  target_logo_url: z.string().nullable().describe("The target's logo URL; null when it has none, and for a batch target not found."),
  items: z.array(recommendedPathItemSchema),
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int().nullable().describe("Internal users with a path; null on the cursor path."),
  has_more: z.boolean(),
  next_cursor: z.string().nullable(),
  top_external_contacts: z.array(topExternalContactSchema).describe("Company targets: the company's people the team knows best."),
});

export type RecommendedPathItemResponse = z.input<typeof recommendedPathItemSchema>;
type TopExternalContactResponse = z.input<typeof topExternalContactSchema>;

/** Signals about persons (list memberships, opportunity associations), fetched once per response. */
export interface PersonSignals {
  lists: Map<string, number>;
  /** Per person: every live associated opportunity counted, the most recently updated ones named. */
  associations: Map<string, { total: number; recent: string[] }>;
}

function presentHop(hop: Hop, cards: Map<string, PersonCard>, signals: PersonSignals) {
  const display = cards.get(hop.person_uuid);
  return {
    person_uuid: hop.person_uuid,
    name: display?.name ?? null,
    company_name: display?.primary_company?.company_name ?? null,
    job_title: display?.job_title ?? null,
    linkedin_url: display?.linkedin_url ?? null,
    logo_url: display?.logo_url ?? null,
    last_interaction_at: isoDateTime(hop.last_interaction_at),
    service_key: hop.person_uuid,
    service_name: display?.name ?? "",
    associations: signals.associations.get(hop.person_uuid)?.recent ?? [],
    connection_score: hop.connection_score,
    interaction_count: hop.interaction_count,
  };
}

function signalMetadata(personUuid: string, signals: PersonSignals) {
  return { associations: signals.associations.get(personUuid)?.total ?? 0, lists: signals.lists.get(personUuid) ?? 0 };
}

function presentPriorityEntry(entry: PriorityManagementEntry, item: RecommendedPathItem, view: RelationshipView, cards: Map<string, PersonCard>, signals: PersonSignals) {
  const userDisplay = cards.get(entry.internal_user_person_uuid);
  const context: Array<{ via_person_uuid: string | null; strength: number }> = [];
  item.paths.forEach((path, position) => {
    if (path.at(-1)?.person_uuid !== entry.person_uuid) return;
    context.push({ via_person_uuid: path.length > 1 ? path[0]!.person_uuid : null, strength: item.path_strengths[position]! });
  });
  return {
    person_uuid: entry.person_uuid,
    user_uuid: entry.user_uuid,
    user_name: view.users.get(entry.user_uuid)?.name ?? userDisplay?.name ?? "",
    user_logo_url: userDisplay?.logo_url ?? null,
    interaction_count: entry.interaction_count,
    priority_score: entry.priority_score,
    rq: entry.rq,
    rq_manual: null,
    rq_pretty: entry.rq_pretty,
    rq_reason: entry.rq_reason,
    last_activity_date: entry.last_activity_date,
    priority_context: context,
    signal_metadata: signalMetadata(entry.person_uuid, signals),
  };
}

/**
 * The persons whose opportunity and list signals a ranked response shows: its items' team members, their
 * paths' hops and their priority entries. A top external contact shows none (its card and emails only).
 */
export function personsShowingSignals(response: RecommendedPathsResponse): Set<string> {
  const showing = new Set<string>();
  for (const item of response.items) {
    showing.add(item.person_uuid);
    for (const path of item.paths) for (const hop of path) showing.add(hop.person_uuid);
    for (const entry of item.priority_management) showing.add(entry.person_uuid);
  }
  return showing;
}

/**
 * Every person a ranked response mentions: those showing signals (`showingSignals`, when the caller has
 * them already), and its contacts with their connectors.
 */
export function personsMentioned(response: RecommendedPathsResponse, showingSignals = personsShowingSignals(response)): Set<string> {
  const mentioned = new Set(showingSignals);
  for (const contact of response.top_external_contacts) {
    mentioned.add(contact.person_uuid);
    for (const connector of contact.internal_connectors) mentioned.add(connector.internal_user_person_uuid);
  }
  return mentioned;
}

/**
 * The persons a ranked response mentions: every one's card, and the display records (with emails) of those
 * whose emails it shows, its items' team members and its top external contacts (`personsShowingEmails`).
 */
export interface MentionedPersons {
  cards: Map<string, PersonCard>;
  displays: Map<string, PersonDisplay>;
}

/** The persons whose emails a ranked response shows: its items' team members and its top external contacts. */
export function personsShowingEmails(response: RecommendedPathsResponse): Set<string> {
  const showing = new Set<string>();
  for (const item of response.items) showing.add(item.person_uuid);
  for (const contact of response.top_external_contacts) showing.add(contact.person_uuid);
  return showing;
}

export function presentRecommendedPathItem(
  item: RecommendedPathItem,
  target: EntityReference,
  view: RelationshipView,
  persons: MentionedPersons,
  signals: PersonSignals,
): RecommendedPathItemResponse {
  const { cards } = persons;
  const person = persons.displays.get(item.person_uuid);
  const user = view.users.get(item.user_uuid);
  const bestTarget = item.paths[0]?.at(-1)?.person_uuid;
  return {
    person_uuid: item.person_uuid,
    user_uuid: item.user_uuid,
    name: user?.name ?? person?.name ?? "",
    email: user?.email ?? person?.emails[0]?.address ?? null,
    emails: (person?.emails ?? []).map((email) => ({ address: email.address, is_primary: email.is_primary, last_seen_at: null })),
    job_title: person?.job_title ?? null,
    company_name: person?.primary_company?.company_name ?? null,
    primary_company: person?.primary_company
      ? { uuid: person.primary_company.uuid, name: person.primary_company.company_name, logo_url: person.primary_company.logo_url }
      : null,
    linkedin_url: person?.linkedin_url ?? null,
    twitter_url: person?.twitter_url ?? null,
    facebook_url: person?.facebook_url ?? null,
    logo_url: person?.logo_url ?? null,
    tags: person?.tags ?? [],
    is_internal: true,
    is_primary_company_recommended:
      target.entity === "company" && bestTarget !== undefined && cards.get(bestTarget)?.primary_company_uuid === target.uuid,
    connection_score: item.connection_score,
    strength: item.strength,
    path_count: item.path_count,
    paths: item.paths.map((path) => path.map((hop) => presentHop(hop, cards, signals))),
    priority_management: item.priority_management.map((entry) => presentPriorityEntry(entry, item, view, cards, signals)),
    signal_metadata: signalMetadata(item.person_uuid, signals),
  };
}

export function presentTopExternalContact(contact: TopExternalContact, view: RelationshipView, persons: MentionedPersons): TopExternalContactResponse {
  const person = persons.displays.get(contact.person_uuid);
  return {
    person_uuid: contact.person_uuid,
    name: person?.name ?? null,
    email: person?.emails[0]?.address ?? null,
    job_title: person?.job_title ?? null,
    tags: person?.tags ?? [],
    connection_score: contact.connection_score,
    strength: contact.strength,
    internal_connectors: contact.internal_connectors.map((connector) => ({
      internal_user_uuid: connector.internal_user_uuid,
      internal_user_person_uuid: connector.internal_user_person_uuid,
      name: view.users.get(connector.internal_user_uuid)?.name ?? persons.cards.get(connector.internal_user_person_uuid)?.name ?? "",
      path_power_score: connector.path_power_score,
      last_engaged_at: isoDateTime(connector.last_engaged_at),
    })),
  };
}
