/**
 * @module
 * Ranked recommended paths to one person or company, with every display field: the graph core
 * ranks, the records name. Shared by the single and batch endpoints.
 */
import { recommendedPaths, type EntityReference, type RecommendedPathsOptions } from "@rapport/graph";
import type { AuthContext } from "../platform/auth/auth-context.js";
import {
  personsMentioned,
  presentRecommendedPathItem,
  presentTopExternalContact,
  type RecommendedPathItemResponse,
} from "../presenters/recommended-paths-presenter.js";
import type { AppServices } from "../services.js";
import type { RelationshipView } from "./relationship-view.js";

/**
 * Opportunity uuids a hop names at most (the most recently updated); `signal_metadata.associations`
 * counts them all. A busy contact is linked to thousands of opportunities and appears in many paths:
 * listing them all made one recommended-paths response megabytes long, and a batch of 100 targets
 * hundreds of megabytes.
 */
export const HOP_ASSOCIATIONS_LIMIT = 10;

/**
 * `priority_management` entries per item at most (the highest priority first). For a company target
 * there is one per person of the company the user reaches: thousands at a large company, which made a
 * batch of 100 companies tens of megabytes at benchmark scale M and more than a JSON string can hold
 * at L.
 */
export const PRIORITY_ENTRIES_LIMIT = 10;

export interface RankedPaths {
  target: { uuid: string; name: string | null; logo_url: string | null; found: boolean };
  items: RecommendedPathItemResponse[];
  total: number;
  top_external_contacts: ReturnType<typeof presentTopExternalContact>[];
}

async function targetOf(services: AppServices, auth: AuthContext, target: EntityReference) {
  if (target.entity === "person") {
    const person = await services.store.persons.get(auth.tenant.uuid, target.uuid);
    return { uuid: target.uuid, name: person?.name ?? null, logo_url: person?.logo_url ?? null, found: person !== null };
  }
  const company = await services.store.companies.get(auth.tenant.uuid, target.uuid);
  return { uuid: target.uuid, name: company?.company_name ?? null, logo_url: company?.logo_url ?? null, found: company !== null };
}

/** Ranks paths to a target of the tenant; a target not in the tenant has none. */
export async function rankedPaths(
  services: AppServices,
  auth: AuthContext,
  view: RelationshipView,
  target: EntityReference,
  options: Omit<RecommendedPathsOptions, "now" | "nameOf">,
): Promise<RankedPaths> {
  const described = await targetOf(services, auth, target);
  if (!described.found) return { target: described, items: [], total: 0, top_external_contacts: [] };
  const nameOf = (_personUuid: string, userUuid: string) => view.users.get(userUuid)?.name ?? null;
  const ranked = recommendedPaths(view.graph, target, { ...options, ...view.scoring, nameOf });
  const response = {
    ...ranked,
    items: ranked.items.map((item) =>
      item.priority_management.length > PRIORITY_ENTRIES_LIMIT ? { ...item, priority_management: item.priority_management.slice(0, PRIORITY_ENTRIES_LIMIT) } : item,
    ),
  };
  const mentioned = personsMentioned(response);
  const displays = await view.displays(mentioned);
  const signals = await view.signals(mentioned, HOP_ASSOCIATIONS_LIMIT);
  return {
    target: described,
    items: response.items.map((item) => presentRecommendedPathItem(item, target, view, displays, signals)),
    total: response.total,
    top_external_contacts: response.top_external_contacts.map((contact) => presentTopExternalContact(contact, view, displays)),
  };
}
