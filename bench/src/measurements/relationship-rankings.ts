/**
 * The team's relationships ranked a page at a time, as `GET /v1/relationships` (by PathPower, persons and
 * companies) and `GET /v1/users/{user_uuid}/relationships` (one user's, by RQ) ask the engine, against what a
 * service embedding the graph library would otherwise write: every candidate scored with `pathPower` (or
 * `relationshipQuality`), then sorted. Each page is checked equal to the baseline's.
 */
import {
  ENTITY_KINDS,
  pathPower,
  pathPowerRanking,
  teamLastActivityAt,
  relationshipQuality,
  relationshipQualityRanking,
  type EntityKind,
  type PathPowerScore,
  type RelationshipGraph,
  type RelationshipQuality,
} from "@rapport/graph";
import { isDeepStrictEqual } from "node:util";
import type { MeasurementResult } from "../measurement.js";
import { speedRatioOf } from "../measurement.js";
import { BENCH_NOW, type SyntheticTenant } from "../generate-tenant.js";
import { summarize, timeEach } from "../statistics.js";

/** A page as the endpoints' default asks it. */
export const PER_PAGE = 25;

export interface RankingsOptions {
  graph: RelationshipGraph;
  tenant: SyntheticTenant;
  /** Pages timed per ranking (the first ones, in order). */
  pages: number;
  /** Users whose first page is timed. */
  users: number;
}

const now = BENCH_NOW;

/** The external persons some user shares an edge with: the candidates of the ranking by PathPower. */
function teamContacts(graph: RelationshipGraph): string[] {
  const internal = new Set(graph.internalUsers().map((user) => user.personUuid));
  const contacts = new Set<string>();
  for (const personUuid of internal) for (const neighbour of graph.neighboursOf(personUuid)) if (!internal.has(neighbour)) contacts.add(neighbour);
  return [...contacts];
}

const byScoreThenUuid = (left: PathPowerScore, right: PathPowerScore) => right.score! - left.score! || (left.uuid < right.uuid ? -1 : 1);

/** Every candidate's PathPower, sorted: the baseline's whole ranking. */
function everyPathPower(graph: RelationshipGraph, entity: EntityKind): PathPowerScore[] {
  const contacts = teamContacts(graph);
  const uuids = entity === "person" ? contacts : [...new Set(contacts.flatMap((person) => graph.companiesOf(person)))];
  return uuids
    .map((uuid) => pathPower(graph, { entity, uuid }, { now }))
    .filter((score) => score.score !== null)
    .sort(byScoreThenUuid);
}

/** What the filtered and re-sorted rankings ask: the team's relationships by latest interaction, and those active in the last 90 days. */
const TIMED_SELECTIONS = [
  { key: "last-activity", title: "by latest interaction", query: "sort_by=last_activity", options: { sortBy: "last_activity" as const } },
  { key: "active-since", title: "active in the last 90 days", query: "last_activity_after=90 days back", options: { lastActivityFrom: BENCH_NOW - 90 * 86_400_000 } },
];
type TimedSelection = (typeof TIMED_SELECTIONS)[number]["options"];

/**
 * Every candidate's PathPower and the team's latest interaction with it (`teamLastActivityAt`), those out of the range
 * dropped, sorted as asked: the baseline's whole filtered ranking.
 */
function everyTimedPathPower(graph: RelationshipGraph, entity: EntityKind, selection: TimedSelection): PathPowerScore[] {
  const from = ("lastActivityFrom" in selection ? selection.lastActivityFrom : undefined) ?? -Infinity;
  const byLastActivity = "sortBy" in selection;
  const lastAts = new Map<string, number>();
  const contacts = teamContacts(graph);
  const uuids = entity === "person" ? contacts : [...new Set(contacts.flatMap((person) => graph.companiesOf(person)))];
  return uuids
    .map((uuid) => pathPower(graph, { entity, uuid }, { now }))
    .filter((score) => {
      const lastAt = teamLastActivityAt(graph, { entity, uuid: score.uuid }, { now });
      if (score.score === null || lastAt === null || lastAt < from) return false;
      lastAts.set(score.uuid, lastAt);
      return true;
    })
    .sort(byLastActivity ? (left, right) => lastAts.get(right.uuid)! - lastAts.get(left.uuid)! || (left.uuid < right.uuid ? -1 : 1) : byScoreThenUuid);
}

/** Every external neighbour's RQ with a counted interaction, sorted: the baseline's ranking of one user's. */
function everyQuality(graph: RelationshipGraph, userUuid: string): RelationshipQuality[] {
  const personUuid = graph.personOfUser(userUuid);
  if (personUuid === null) return [];
  const internal = new Set(graph.internalUsers().map((user) => user.personUuid));
  return graph
    .neighboursOf(personUuid)
    .filter((neighbour) => !internal.has(neighbour))
    .map((neighbour) => relationshipQuality(graph, userUuid, neighbour, { now })!)
    .filter((quality) => quality.interaction_count > 0)
    .sort((left, right) => right.rq - left.rq || (left.person_uuid < right.person_uuid ? -1 : 1));
}

/** Throws unless the ranking's page is the baseline's. */
function checkSame<T>(what: string, page: { total: number; entries: T[] }, whole: T[], offset: number): void {
  if (page.total !== whole.length || !isDeepStrictEqual(page.entries, whole.slice(offset, offset + PER_PAGE))) {
    throw new Error(`${what}: the ranking's page at offset ${offset} differs from every candidate scored and sorted`);
  }
}

export async function measureRelationshipRankings(options: RankingsOptions): Promise<MeasurementResult[]> {
  const { graph, tenant } = options;
  const offsets = Array.from({ length: options.pages }, (_, page) => page * PER_PAGE);
  const results: MeasurementResult[] = [];
  for (const entity of ENTITY_KINDS) {
    const rank = (offset: number) => pathPowerRanking(graph, entity, { now, offset, limit: PER_PAGE });
    const whole = everyPathPower(graph, entity);
    for (const offset of offsets) checkSame(`${entity} PathPower`, rank(offset), whole, offset);
    const subject = summarize(await timeEach(offsets, rank, 1));
    const baseline = summarize(await timeEach(offsets, (offset) => everyPathPower(graph, entity).slice(offset, offset + PER_PAGE), 1));
    results.push({
      id: `rankings-path-power-${entity}`,
      title: `Ranking by PathPower, ${entity === "person" ? "persons" : "companies"}: one page of ${PER_PAGE} (engine)`,
      subject: { label: `pathPowerRanking, pages 1 to ${offsets.length}`, summary: subject },
      baseline: { label: "pathPower of every candidate, sorted, the page sliced", summary: baseline },
      speedRatio: speedRatioOf(subject, baseline),
      targets: [],
      figures: { candidatesRanked: whole.length },
      notes: [`as GET /v1/relationships${entity === "company" ? "?entity=company" : ""} asks it; each page checked equal to the baseline's`],
    });
  }
  for (const entity of ENTITY_KINDS) {
    for (const selection of TIMED_SELECTIONS) {
      const rank = (offset: number) => pathPowerRanking(graph, entity, { now, offset, limit: PER_PAGE, ...selection.options });
      const whole = everyTimedPathPower(graph, entity, selection.options);
      for (const offset of offsets) checkSame(`${entity} PathPower ${selection.title}`, rank(offset), whole, offset);
      const subject = summarize(await timeEach(offsets, rank, 1));
      const baseline = summarize(await timeEach(offsets, (offset) => everyTimedPathPower(graph, entity, selection.options).slice(offset, offset + PER_PAGE), 1));
      results.push({
        id: `rankings-path-power-${entity}-${selection.key}`,
        title: `Ranking by PathPower, ${entity === "person" ? "persons" : "companies"} ${selection.title}: one page of ${PER_PAGE} (engine)`,
        subject: { label: `pathPowerRanking (${selection.query}), pages 1 to ${offsets.length}`, summary: subject },
        baseline: { label: "pathPower and teamLastActivityAt of every candidate, filtered, sorted, the page sliced", summary: baseline },
        speedRatio: speedRatioOf(subject, baseline),
        targets: [],
        figures: { candidatesRanked: whole.length },
        notes: [`as GET /v1/relationships?${entity === "company" ? "entity=company&" : ""}${selection.query} asks it; each page checked equal to the baseline's`],
      });
    }
  }
  const users = tenant.userUuids.slice(0, options.users);
  const wholes = new Map(users.map((user) => [user, everyQuality(graph, user)]));
  const rankUser = (user: string) => relationshipQualityRanking(graph, user, { now, limit: PER_PAGE });
  for (const user of users) checkSame(`user ${user} RQ`, rankUser(user), wholes.get(user)!, 0);
  const subject = summarize(await timeEach(users, rankUser, 1));
  const baseline = summarize(await timeEach(users, (user) => everyQuality(graph, user).slice(0, PER_PAGE), 1));
  results.push({
    id: "rankings-relationship-quality",
    title: `Ranking by RQ, one user's first page of ${PER_PAGE} (engine)`,
    subject: { label: `relationshipQualityRanking, ${users.length} users`, summary: subject },
    baseline: { label: "relationshipQuality of every neighbour, sorted, the page sliced", summary: baseline },
    speedRatio: speedRatioOf(subject, baseline),
    targets: [],
    figures: { medianNeighboursRanked: summarize([...wholes.values()].map((whole) => whole.length)).medianMs },
    notes: ["as GET /v1/users/{user_uuid}/relationships asks it; each page checked equal to the baseline's"],
  });
  return results;
}
