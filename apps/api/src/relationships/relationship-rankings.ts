/**
 * @module
 * Rankings over the whole team's network, a page at a time: the persons or companies the team is most
 * strongly connected to (PathPower), and the persons one user knows best (RQ). The graph core ranks only as
 * far as the page needs, so a page costs about the same at any tenant size.
 */
import {
  pathPowerRanking,
  type PathPowerRankingOptions,
  relationshipQualityRanking,
  type EntityKind,
  type RankedPathPower,
  type RankingPage,
  type RelationshipQuality,
  type RelationshipQualityRankingOptions,
} from "@rapport/graph";
import type { Page, PageRequest } from "@rapport/store";
import type { RelationshipView } from "./relationship-view.js";

/** The list page of a ranking, which pages by offset only (its endpoints take no cursor). */
function rankingPage<T>(request: PageRequest, rank: (offset: number, limit: number) => RankingPage<T>, keyOf: (entry: T) => string): Page<T> {
  if (request.position.kind !== "offset") throw new Error("a ranking is paged by offset: its endpoint must not accept cursors");
  const { offset } = request.position;
  const { total, entries } = rank(offset, request.limit);
  const last = entries.at(-1);
  return { rows: entries, hasMore: offset + request.limit < total, total, lastKey: last === undefined ? null : [keyOf(last)] };
}

/** How the team's relationships are ordered and which are kept: the ranking's options beyond time, parameters and page. */
export type PathPowerSelection = Pick<PathPowerRankingOptions, "sortBy" | "order" | "lastActivityFrom" | "lastActivityTo">;

/**
 * A page of the persons or companies by PathPower, strongest first (ties by uuid), unless `selection` sorts by the
 * latest interaction or keeps only those in a time range; entities with no score are left out.
 */
export function pathPowerPage(view: RelationshipView, entity: EntityKind, request: PageRequest, selection: PathPowerSelection = {}): Page<RankedPathPower> {
  return rankingPage(request, (offset, limit) => pathPowerRanking(view.graph, entity, { ...view.scoring, ...selection, offset, limit }), (score) => score.uuid);
}

/** How a user's relationships are ordered and which are kept: the ranking's options beyond time, parameters and page. */
export type RelationshipQualitySelection = Pick<RelationshipQualityRankingOptions, "sortBy" | "order" | "lastActivityFrom" | "lastActivityTo">;

/**
 * A page of the persons a user knows, by RQ (strongest first, ties by uuid) unless `selection` sorts by the latest
 * interaction or keeps only those in a time range; persons with no counted interaction left out.
 */
export function relationshipQualityPage(view: RelationshipView, userUuid: string, request: PageRequest, selection: RelationshipQualitySelection = {}): Page<RelationshipQuality> {
  return rankingPage(
    request,
    (offset, limit) => relationshipQualityRanking(view.graph, userUuid, { ...view.scoring, ...selection, offset, limit }),
    (quality) => quality.person_uuid,
  );
}
