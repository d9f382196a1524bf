/**
 * @module
 * Ranked recommended paths to one person or company, with every display field: the graph core
 * ranks, the records name. Shared by the single and batch endpoints.
 */
import { recommendedPathsOfMany, type EntityKind, type EntityReference, type RecommendedPathsOptions, type RecommendedPathsResponse } from "@rapport/graph";
import type { AuthContext } from "../platform/auth/auth-context.js";
import {
  personsMentioned,
  personsShowingEmails,
  personsShowingSignals,
  presentRecommendedPathItem,
  presentTopExternalContact,
  type RecommendedPathItemResponse,
} from "../presenters/recommended-paths-presenter.js";
import type { AppServices } from "../services.js";
import { HOP_ASSOCIATIONS_LIMIT, PRIORITY_ENTRIES_LIMIT } from "./recommended-path-limits.js";
import type { RelationshipView } from "./relationship-view.js";

export interface RankedPaths {
  target: { uuid: string; name: string | null; logo_url: string | null; found: boolean };
  items: RecommendedPathItemResponse[];
  total: number;
  top_external_contacts: ReturnType<typeof presentTopExternalContact>[];
}

type TargetDescription = RankedPaths["target"];

/** Target persons come from the view's display cards, which the hops that name them then reuse. */
async function describeTargets(
  services: AppServices,
  auth: AuthContext,
  view: RelationshipView,
  targets: readonly EntityReference[],
): Promise<TargetDescription[]> {
  const uuidsOf = (entity: EntityKind) => targets.filter((target) => target.entity === entity).map((target) => target.uuid);
  const persons = await view.cards(uuidsOf("person"));
  const companies = await services.store.companies.getMany(auth.tenant.uuid, uuidsOf("company"));
  return targets.map((target) => {
    const record = target.entity === "person" ? persons.get(target.uuid) : companies.get(target.uuid);
    if (!record) return { uuid: target.uuid, name: null, logo_url: null, found: false };
    return { uuid: target.uuid, name: "company_name" in record ? record.company_name : record.name, logo_url: record.logo_url, found: true };
  });
}

export interface RankingOptions extends Omit<RecommendedPathsOptions, "now" | "nameOf"> {
  /** Opportunities named per hop (default HOP_ASSOCIATIONS_LIMIT). */
  hopAssociationsLimit?: number;
  /** `internal_connectors` listed per top external contact, strongest first (default: all). */
  connectorsPerContact?: number | undefined;
}

/** `answer` with each top external contact's connectors (ranked strongest first) cut to `limit`; as is without one. */
function withConnectorsCut(answer: RecommendedPathsResponse, limit: number | undefined): RecommendedPathsResponse {
  if (limit === undefined) return answer;
  const contacts = answer.top_external_contacts.map((contact) => ({ ...contact, internal_connectors: contact.internal_connectors.slice(0, limit) }));
  return { ...answer, top_external_contacts: contacts };
}

/**
 * Ranks paths to targets of the tenant (a target not in the tenant has none) `partSize` targets at a time,
 * in input order. The targets' own records and signals are read first, all at once (one read of 100
 * records costs less than ten of ten). Each part is then ranked in one call, which shares
 * colleague-to-bridge scores between its targets, and loads the records and signals of the other persons
 * it mentions that earlier parts did not. A target named more than once is ranked and presented once: its
 * results are the same object.
 */
export async function* rankedPathsInParts(
  services: AppServices,
  auth: AuthContext,
  view: RelationshipView,
  targets: readonly EntityReference[],
  options: RankingOptions,
  partSize: number,
): AsyncGenerator<RankedPaths[]> {
  const { hopAssociationsLimit = HOP_ASSOCIATIONS_LIMIT, connectorsPerContact, ...rankingOptions } = options;
  const keyOf = (target: EntityReference) => `${target.entity}:${target.uuid}`;
  const timesNamed = new Map<string, number>();
  for (const target of targets) timesNamed.set(keyOf(target), (timesNamed.get(keyOf(target)) ?? 0) + 1);
  // Only the results of targets named again later are kept past their part.
  const repeated = new Map<string, RankedPaths>();
  const nameOf = (_personUuid: string, userUuid: string) => view.users.get(userUuid)?.name ?? null;
  const distinct = [...new Map(targets.map((target) => [keyOf(target), target])).values()];
  const descriptions = new Map((await describeTargets(services, auth, view, distinct)).map((description, index) => [keyOf(distinct[index]!), description]));
  await view.signals(
    distinct.flatMap((target) => (target.entity === "person" && descriptions.get(keyOf(target))!.found ? [target.uuid] : [])),
    hopAssociationsLimit,
  );
  for (let start = 0; start < targets.length; start += partSize) {
    const part = targets.slice(start, start + partSize);
    const firstInPart = [...new Map(part.filter((target) => !repeated.has(keyOf(target))).map((target) => [keyOf(target), target])).values()];
    const described = firstInPart.map((target) => descriptions.get(keyOf(target))!);
    const found = firstInPart.filter((_, index) => described[index]!.found);
    const answers = recommendedPathsOfMany(view.graph, found, { maximumPriorityEntries: PRIORITY_ENTRIES_LIMIT, ...rankingOptions, ...view.scoring, nameOf }).map(
      (answer) => withConnectorsCut(answer, connectorsPerContact),
    );
    const mentioned = new Set<string>();
    const showingEmails = new Set<string>();
    const showingSignals = new Set<string>();
    for (const answer of answers) {
      const shown = personsShowingSignals(answer);
      for (const uuid of shown) showingSignals.add(uuid);
      for (const uuid of personsMentioned(answer, shown)) mentioned.add(uuid);
      for (const uuid of personsShowingEmails(answer)) showingEmails.add(uuid);
    }
    const persons = { displays: await view.displays(showingEmails), cards: await view.cards(mentioned) };
    const signals = await view.signals(showingSignals, hopAssociationsLimit);
    const results = new Map<string, RankedPaths>();
    let answered = 0;
    firstInPart.forEach((target, index) => {
      const ranking = described[index]!.found ? answers[answered++]! : null;
      results.set(keyOf(target), {
        target: described[index]!,
        items: ranking ? ranking.items.map((item) => presentRecommendedPathItem(item, target, view, persons, signals)) : [],
        total: ranking?.total ?? 0,
        top_external_contacts: ranking ? ranking.top_external_contacts.map((contact) => presentTopExternalContact(contact, view, persons)) : [],
      });
    });
    yield part.map((target) => {
      const key = keyOf(target);
      const result = repeated.get(key) ?? results.get(key)!;
      const left = timesNamed.get(key)! - 1;
      timesNamed.set(key, left);
      if (left > 0) repeated.set(key, result);
      else repeated.delete(key);
      return result;
    });
  }
}

/** Ranks paths to one target of the tenant; a target not in the tenant has none. */
export async function rankedPaths(
  services: AppServices,
  auth: AuthContext,
  view: RelationshipView,
  target: EntityReference,
  options: RankingOptions,
): Promise<RankedPaths> {
  const { value } = await rankedPathsInParts(services, auth, view, [target], options, 1).next();
  return value![0]!;
}
