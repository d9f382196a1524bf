/** @module A large company's strongest relationships, its members read strongest bound first. */
import { scoreBoundOfUndecayed } from "./edge-bounds.js";
import type { EvaluationContext, GraphState, PersonRecord } from "./graph-state.js";
import { compareUuids, prettyScore } from "./scores.js";
import { currentTeamLinkTable } from "./team-link-table.js";
import type { StrongestRelationship } from "../types.js";

/** A user's best pair so far: the member, the edge between them and its score. */
interface BestPair {
  user: PersonRecord;
  person: PersonRecord;
  edge: number;
  score: number;
}

/**
 * The latest counted interaction of any internal user with any of `members` at `context.now`: the company's
 * `last_engaged_at`. From each edge's stored latest interaction; only a pair with an interaction after `now`
 * is evaluated (and its past view remembered). The links are read from the team-link table when it is
 * current (contiguous arrays: a large company has tens of thousands of links), else from the records.
 */
function lastEngagedAt(state: GraphState, members: ArrayLike<number>, context: EvaluationContext): number | null {
  const { edges } = state;
  const now = context.now;
  let latest = -Infinity;
  const take = (userIndex: number, personIndex: number, edge: number) => {
    const anchorAt = edges.anchorAt(edge);
    if (anchorAt <= now) {
      if (anchorAt > latest && edges.interactionCount(edge) > 0) latest = anchorAt;
      return;
    }
    const last = state.evaluate(state.record(userIndex), state.record(personIndex), edge, context).lastInteractionAt;
    if (last !== null && last > latest) latest = last;
  };
  const table = currentTeamLinkTable(state);
  if (table !== null) {
    const { start, end, users, firstAt } = table;
    const linkEdges = table.edges;
    for (let at = 0; at < members.length; at += 1) {
      const member = members[at]!;
      for (let link = start[member]!; link < end[member]!; link += 1) if (firstAt[link]! <= now) take(users[link]!, member, linkEdges[link]!);
    }
  } else {
    for (let at = 0; at < members.length; at += 1) {
      const links = state.record(members[at]!).internalLinks;
      if (links === null) continue;
      for (let position = 0; position < links.length; position += 2) take(links[position]!, members[at]!, links[position + 1]!);
    }
  }
  return latest === -Infinity ? null : latest;
}

/**
 * The company's rows for `strongestRelationships` (each user's best RQ over `members`, the external members as
 * person indices), unranked, with the members read in order of their bounds (`state.membersByBound`): once
 * `limit` users have a best pair and no member left can reach the lowest of those, none of the first `limit`
 * rows can change, and a row still short of its best ranks below them. The stored aggregates must bound the
 * scores (`context.storedAggregatesUsable`).
 */
export function largeCompanyRelationships(state: GraphState, members: ArrayLike<number>, context: EvaluationContext, limit: number): StrongestRelationship[] {
  if (limit === 0) return [];
  const best = new Map<number, BestPair>();
  // The `limit`-th highest best score so far (-Infinity while fewer users have one); recomputed when a best rises.
  let entryScore = -Infinity;
  let stale = false;
  const order = state.membersByBound;
  order.begin(members, state.edgeBounds);
  for (let rank = 0; ; rank += 1) {
    const index = order.at(rank);
    if (index < 0) break;
    if (stale) {
      const scores = [...best.values()].map((pair) => pair.score).sort((left, right) => right - left);
      entryScore = scores.length < limit ? -Infinity : scores[limit - 1]!;
      stale = false;
    }
    if (scoreBoundOfUndecayed(order.keyAt(rank), context) < entryScore) break;
    const person = state.record(index);
    const links = person.internalLinks;
    if (links === null) continue;
    for (let position = 0; position < links.length; position += 2) {
      const userIndex = links[position]!;
      const score = state.scoreAt(userIndex, index, links[position + 1]!, context);
      if (score < 0) continue;
      const current = best.get(userIndex);
      if (current !== undefined && (score < current.score || (score === current.score && compareUuids(person.uuid, current.person.uuid) >= 0))) continue;
      best.set(userIndex, { user: state.record(userIndex), person, edge: links[position + 1]!, score });
      stale = true;
    }
  }
  const engagedAt = lastEngagedAt(state, members, context);
  // Every user's row: those that can still rank in the first `limit` are final, and the caller ranks and cuts.
  return [...best.values()].map(({ user, person, edge, score }) => ({
    user_uuid: user.userUuid ?? "",
    internal_user_person_uuid: user.uuid,
    person_uuid: person.uuid,
    rq: score,
    rq_pretty: prettyScore(score),
    last_engaged_at: engagedAt,
    user_last_engaged_at: state.evaluate(user, person, edge, context).lastInteractionAt,
  }));
}
