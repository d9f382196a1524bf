/** @module The persons or companies the whole team is most strongly connected to, ranked by PathPower or by their latest interaction, optionally within a time range. */
import { scoreBoundOfUndecayed } from "./internal/edge-bounds.js";
import { BestRanked, compareRanked, type ScoredCandidate } from "./internal/best-ranked.js";
import { BridgeQueue } from "./internal/bridge-queue.js";
import { companyPathPower, type CompanyPathPower } from "./internal/company-path-power.js";
import { CompanyPathPowerBound } from "./internal/company-path-power-bound.js";
import { createEvaluationContext } from "./internal/evaluation-context.js";
import type { EvaluationContext, GraphState, PersonRecord } from "./internal/graph-state.js";
import { PATH_POWER_RANKING_OPTION_NAMES } from "./internal/option-names.js";
import { keptTeamLinkTable, type TeamLinkTable } from "./internal/team-link-table.js";
import { pathPowerBound, personPathPower } from "./internal/team-connections.js";
import { companyTeamLastActivity, firstInOrder, inRange, teamLastActivity, timedRankingSettings, type TimedCandidate, type TimedRankingSettings } from "./internal/timed-ranking.js";
import { optionalCount, requireCount, requireOneOf, requireOptions } from "./internal/validate.js";
import { pathPowerEntry } from "./path-power.js";
import { stateOf, type RelationshipGraph } from "./relationship-graph.js";
import {
  ENTITY_KINDS,
  PATH_POWER_SORT_FIELDS,
  type EntityKind,
  type PathPowerSortField,
  type RankedPathPower,
  type RankingOptions,
  type RankingPage,
  type SortOrder,
} from "./types.js";

const FUNCTION_NAME = "pathPowerRanking";

/** Options of {@link pathPowerRanking}: a ranking's, and what it is sorted by and which entities it keeps. */
export interface PathPowerRankingOptions extends RankingOptions {
  /** `path_power` (the default) or `last_activity`, the team's latest counted interaction with the entity at or before `now`; ties by uuid. */
  sortBy?: PathPowerSortField | undefined;
  /** Default `desc`: the strongest, or the latest, first. */
  order?: SortOrder | undefined;
  /** Only entities whose latest counted interaction with the team is at or after this instant (epoch ms). */
  lastActivityFrom?: number | undefined;
  /** Only entities whose latest counted interaction with the team is at or before this instant (epoch ms). */
  lastActivityTo?: number | undefined;
}


interface CompanyCandidate extends ScoredCandidate {
  meta: Pick<CompanyPathPower, "memberCount" | "connectedCount">;
}

/** An external person with a team link: a candidate of the person ranking. */
const isContact = (record: PersonRecord | undefined): record is PersonRecord =>
  record !== undefined && record.userUuid === null && record.internalLinks !== null;

/**
 * The team-link table whose masks tell which candidates have a PathPower at `now`, when the candidates' bounds
 * hold (stored aggregates usable): the graph's own, kept from hydration on for a large graph; else none, and
 * every candidate is scored (a small graph, or a call with its own half-life or audience exponent).
 */
function tableFor(state: GraphState, context: EvaluationContext): TeamLinkTable | null {
  return context.storedAggregatesUsable ? keptTeamLinkTable(state) : null;
}

/** Every candidate scored, the first `wanted` kept: for graphs without a table (small ones) and custom parameters. */
function bestOfAll<T extends ScoredCandidate>(candidates: T[], wanted: number): { total: number; best: T[] } {
  candidates.sort(compareRanked);
  return { total: candidates.length, best: candidates.slice(0, wanted) };
}

/**
 * The share of a ranking's candidates from which a page reaches deep enough that scoring every candidate costs less
 * than walking them by bound: the walk pops a heap of all of them and keeps a heap of `wanted`, and past about a
 * sixteenth of them (a page at offset 1,000 of 17,000 persons at M) it scores nearly as many and pays both heaps too
 * (a last page cost 1.8 times scoring them all, `bench/HISTORY.md`, 2026-12-07).
 */
const DEEP_PAGE_SHARE = 1 / 16;

/** Fewer candidates than this are scored in about a millisecond however deep the page: the walk by bound is kept. */
const DEEP_PAGE_MIN_CANDIDATES = 1_024;

/** True when the first `wanted` of `total` candidates are cheaper to find by scoring every one (`DEEP_PAGE_SHARE`). */
const reachesDeep = (wanted: number, total: number) => total >= DEEP_PAGE_MIN_CANDIDATES && wanted >= total * DEEP_PAGE_SHARE;

/**
 * Candidates popped from `queue` strongest key first and scored by `score`, until the bound of the next key
 * (`boundOf`) cannot enter the `wanted` kept.
 */
function bestByBound<T extends ScoredCandidate>(
  queue: BridgeQueue,
  wanted: number,
  boundOf: (key: number) => number,
  score: (position: number) => T | null,
): T[] {
  const best = new BestRanked<T>(wanted);
  while (queue.size > 0 && best.mayTake(boundOf(queue.topScore()))) {
    const candidate = score(queue.pop());
    if (candidate !== null) best.offer(candidate);
  }
  return best.entries;
}

/** Every entry of `queue` (not yet ordered) scored by `score`, those without a score left out. */
function scoreEvery<T extends ScoredCandidate>(queue: BridgeQueue, score: (position: number) => T | null): T[] {
  const candidates: T[] = [];
  for (let at = 0; at < queue.size; at += 1) {
    const candidate = score(queue.positionAt(at));
    if (candidate !== null) candidates.push(candidate);
  }
  return candidates;
}

/** Keeps every candidate: the ranking without a time range. */
const keepEvery = () => true;

/** The persons by PathPower, strongest first, of the contacts `keep` keeps (every one by default). */
function rankPersons(state: GraphState, context: EvaluationContext, wanted: number, keep: (record: PersonRecord) => boolean = keepEvery): { total: number; best: ScoredCandidate[] } {
  const table = tableFor(state, context);
  if (table === null) {
    const candidates: ScoredCandidate[] = [];
    for (const record of state.records) {
      if (!isContact(record) || !keep(record)) continue;
      const score = personPathPower(state, record, context);
      if (score !== null) candidates.push({ uuid: record.uuid, score });
    }
    return bestOfAll(candidates, wanted);
  }
  // Only persons with a link that began by `now` have a PathPower; each is bounded by its strongest edge.
  const queue = new BridgeQueue();
  queue.reset(state.records.length);
  for (const record of state.records) {
    if (isContact(record) && table.hasLinkBy(record.index, context.now) && keep(record)) queue.add(state.edgeBounds.undecayedBound(record.index), record.index);
  }
  const total = queue.size;
  const scored = (index: number): ScoredCandidate | null => {
    const record = state.record(index);
    const score = personPathPower(state, record, context);
    return score === null ? null : { uuid: record.uuid, score };
  };
  if (reachesDeep(wanted, total)) return { total, best: bestOfAll(scoreEvery(queue, scored), wanted).best };
  queue.order();
  const best = bestByBound(queue, wanted, (undecayed) => pathPowerBound(scoreBoundOfUndecayed(undecayed, context), context), scored);
  return { total, best };
}

/** The companies by PathPower, strongest first, of those `keep` keeps (every one by default). */
function rankCompanies(state: GraphState, context: EvaluationContext, wanted: number, keep: (uuid: string) => boolean = keepEvery): { total: number; best: CompanyCandidate[] } {
  // Every company: one without a member the team knows has no PathPower.
  const uuids = [...state.companyMembers.keys()].filter((uuid) => keep(uuid));
  const scored = (uuid: string): CompanyCandidate | null => {
    const { score, memberCount, connectedCount } = companyPathPower(state, uuid, context);
    return score === null ? null : { uuid, score, meta: { memberCount, connectedCount } };
  };
  const table = tableFor(state, context);
  if (table === null) {
    const candidates: CompanyCandidate[] = [];
    for (const uuid of uuids) {
      const candidate = scored(uuid);
      if (candidate !== null) candidates.push(candidate);
    }
    return bestOfAll(candidates, wanted);
  }
  // A company has a PathPower when one of its external members has; it is queued by its bound at `now`.
  const queue = new BridgeQueue();
  queue.reset(uuids.length);
  const bound = new CompanyPathPowerBound(context.parameters.pathPowerTopCount);
  uuids.forEach((uuid, position) => {
    const members = state.externalMemberLists.of(uuid, state.companyMembers.get(uuid));
    let linked = false;
    bound.reset();
    for (let at = 0; at < members.length; at += 1) {
      const member = members[at]!;
      const links = table.linkCount(member);
      if (links === 0) continue;
      bound.add(state.edgeBounds.undecayedBound(member), links);
      if (!linked) linked = table.hasLinkBy(member, context.now);
    }
    if (linked) queue.add(bound.bound(context), position);
  });
  const total = queue.size;
  const scoredAt = (position: number) => scored(uuids[position]!);
  if (reachesDeep(wanted, total)) return { total, best: bestOfAll(scoreEvery(queue, scoredAt), wanted).best };
  queue.order();
  const best = bestByBound(queue, wanted, (companyBound) => companyBound, scoredAt);
  return { total, best };
}

/**
 * Every contact with a PathPower whose latest counted interaction with the team at `now` (`teamLastActivityAt`'s)
 * is in the settings' range, the first `wanted` in the settings' order. With the team-link table, which tells who has
 * a PathPower (as `rankPersons` reads it), only what the order needs is scored: by PathPower, strongest first, the
 * matches read strongest bound first (`rankPersons`); by the latest interaction, the page's entries alone.
 */
function timedPersons(
  state: GraphState,
  context: EvaluationContext,
  settings: TimedRankingSettings<PathPowerSortField>,
  offset: number,
  wanted: number,
): { total: number; best: ScoredCandidate[] } {
  const lastAtInRange = (record: PersonRecord): number | null => {
    const lastAt = teamLastActivity(state, record, context);
    return lastAt !== null && inRange(lastAt, settings) ? lastAt : null;
  };
  if (settings.byScore && settings.order === "desc") return rankPersons(state, context, wanted, (record) => lastAtInRange(record) !== null);
  const table = tableFor(state, context);
  const matches: Array<{ uuid: string; score: number; lastAt: number; record: PersonRecord }> = [];
  for (const record of state.records) {
    if (!isContact(record)) continue;
    if (table !== null && !settings.byScore) {
      if (!table.hasLinkBy(record.index, context.now)) continue;
      const lastAt = lastAtInRange(record);
      // Scored below, once the page is known.
      if (lastAt !== null) matches.push({ uuid: record.uuid, score: 0, lastAt, record });
      continue;
    }
    const lastAt = lastAtInRange(record);
    if (lastAt === null) continue;
    const score = personPathPower(state, record, context);
    if (score !== null) matches.push({ uuid: record.uuid, score, lastAt, record });
  }
  const best = firstInOrder(matches, settings, wanted);
  // The entries before `offset` are not answered: left unscored.
  if (table !== null && !settings.byScore) for (const match of best.slice(offset)) match.score = personPathPower(state, match.record, context)!;
  return { total: matches.length, best };
}

/**
 * Every company with a PathPower whose team's latest counted interaction with its current external members at `now`
 * is in the settings' range, the first `wanted` in the settings' order; with the team-link table only what the order
 * needs is scored, as `timedPersons` does.
 */
function timedCompanies(
  state: GraphState,
  context: EvaluationContext,
  settings: TimedRankingSettings<PathPowerSortField>,
  offset: number,
  wanted: number,
): { total: number; best: Array<CompanyCandidate & TimedCandidate> } {
  const lastAtInRange = (uuid: string): number | null => {
    const lastAt = companyTeamLastActivity(state, uuid, context);
    return lastAt !== null && inRange(lastAt, settings) ? lastAt : null;
  };
  if (settings.byScore && settings.order === "desc") {
    const lastAts = new Map<string, number>();
    const { total, best } = rankCompanies(state, context, wanted, (uuid) => {
      const lastAt = lastAtInRange(uuid);
      if (lastAt !== null) lastAts.set(uuid, lastAt);
      return lastAt !== null;
    });
    return { total, best: best.map((candidate) => ({ ...candidate, lastAt: lastAts.get(candidate.uuid)! })) };
  }
  const table = tableFor(state, context);
  const byTime = table !== null && !settings.byScore;
  const matches: Array<{ uuid: string; score: number; meta: CompanyCandidate["meta"]; lastAt: number }> = [];
  for (const uuid of state.companyMembers.keys()) {
    if (byTime) {
      // A company has a PathPower when one of its external members has (as `rankCompanies` reads the table); scored below, once the page is known.
      const members = state.externalMemberLists.of(uuid, state.companyMembers.get(uuid));
      if (!members.some((member) => table.hasLinkBy(member, context.now))) continue;
      const lastAt = lastAtInRange(uuid);
      if (lastAt !== null) matches.push({ uuid, score: 0, meta: { memberCount: 0, connectedCount: 0 }, lastAt });
      continue;
    }
    const lastAt = lastAtInRange(uuid);
    if (lastAt === null) continue;
    const { score, memberCount, connectedCount } = companyPathPower(state, uuid, context);
    if (score !== null) matches.push({ uuid, score, meta: { memberCount, connectedCount }, lastAt });
  }
  const best = firstInOrder(matches, settings, wanted);
  if (byTime) {
    for (const match of best.slice(offset)) {
      const { score, memberCount, connectedCount } = companyPathPower(state, match.uuid, context);
      match.score = score!;
      match.meta = { memberCount, connectedCount };
    }
  }
  return { total: matches.length, best };
}

/**
 * The persons (or companies) the whole team is most strongly connected to, by PathPower descending, ties by
 * uuid: the entries from `offset` on, at most `limit`, and how many there are. The candidates are the external
 * persons some internal user shares an edge with (or the companies they are currently affiliated with); those
 * without a PathPower at `now` (no counted team interaction) are left out. Each entry is what {@link pathPower} answers for it.
 *
 * A large graph (one that keeps a team-link table) reads its candidates strongest bound first and stops once no
 * candidate left can enter the page: its strongest edge (decision 0007) bounds a person's PathPower, and its
 * members' strongest edges and team-link counts bound that of a company. The cost follows the page and the number of candidates, not their
 * interactions. A call whose half-life or audience exponent differ from the graph's scores every candidate.
 *
 * With `lastActivityFrom`/`lastActivityTo` only the entities whose latest counted interaction with the team at `now`
 * (what `teamLastActivityAt` answers: the latest over the internal users of each pair's, as `relationshipQualityRanking`
 * reads it, with the person or the company's current external members; not `lastActivityAt`, which counts any
 * interaction, a 60-person conference or a mail to a list no user is on) lies in that inclusive range are ranked and counted; `sortBy: "last_activity"` orders by that time instead of PathPower, and
 * `order: "asc"` reverses either (ties stay by uuid ascending): "which of the team's relationships went cold this
 * quarter" is one page. Such a call reads every candidate's latest interaction; with the team-link table it scores
 * only the matches (by PathPower, strongest bound first) or only the page's entries (by the latest interaction), and
 * sorts only the matches the page reaches.
 *
 * @param graph - The relationship graph.
 * @param entity - `"person"` or `"company"`.
 * @param options - `now` (epoch ms), optional parameter overrides, `offset` (default 0), `limit` (at least 1), and
 *   optionally `sortBy`, `order`, `lastActivityFrom` and `lastActivityTo`.
 * @returns `{ total, entries }`: `entries` are PathPower scores, strongest first; each has a score, so its
 * `strength_label` is never null (the type, `RankedPathPower`, says so).
 *
 * @example
 * import { pathPowerRanking } from "@rapport/graph";
 * pathPowerRanking(graph, "person", { now: Date.UTC(2026, 11, 1), limit: 2 });
 * // { total: 2, entries: [{ entity: "person", uuid: "dana", score: 0.2, ... }, { uuid: "eve", ... }] }
 */
export function pathPowerRanking(graph: RelationshipGraph, entity: EntityKind, options: PathPowerRankingOptions): RankingPage<RankedPathPower> {
  const state = stateOf(FUNCTION_NAME, graph);
  requireOneOf(FUNCTION_NAME, "entity", entity, ENTITY_KINDS);
  requireOptions(FUNCTION_NAME, options, PATH_POWER_RANKING_OPTION_NAMES);
  const context = createEvaluationContext(FUNCTION_NAME, state, options);
  const offset = optionalCount(FUNCTION_NAME, "offset", options.offset, 0, 0);
  const limit = requireCount(FUNCTION_NAME, "limit", options.limit, 1);
  const settings = timedRankingSettings(FUNCTION_NAME, options, PATH_POWER_SORT_FIELDS, "path_power");
  const wanted = offset + limit;
  if (entity === "person") {
    const { total, best } = settings.timed ? timedPersons(state, context, settings, offset, wanted) : rankPersons(state, context, wanted);
    return { total, entries: best.slice(offset).map(({ uuid, score }) => pathPowerEntry({ entity, uuid }, score, context)) };
  }
  const { total, best } = settings.timed ? timedCompanies(state, context, settings, offset, wanted) : rankCompanies(state, context, wanted);
  return {
    total,
    entries: best.slice(offset).map(({ uuid, score, meta }) =>
      pathPowerEntry({ entity, uuid }, score, context, { person_count: meta.memberCount, connected_person_count: meta.connectedCount }),
    ),
  };
}
