/** @module A large company's strongest relationships, its members read strongest bound first. */
import { scoreBoundOfUndecayed } from "./edge-bounds.js";
import type { EvaluationContext, GraphState, PersonRecord } from "./graph-state.js";
import { compareUuids, prettyScore } from "./scores.js";
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
 * `last_engaged_at`. A member's latest interaction with the team is kept by the graph (LatestTeamInteractions):
 * when it is not after `now`, it is the member's answer with no read of its links. Only a member with an
 * interaction after `now` has its links read, and each such pair evaluated (its past view remembered).
 */
function lastEngagedAt(state: GraphState, members: ArrayLike<number>, context: EvaluationContext): number | null {
  const { edges, latestTeamInteractions } = state;
  const now = context.now;
  let latest = -Infinity;
  for (let at = 0; at < members.length; at += 1) {
    const memberLatest = latestTeamInteractions.of(members[at]!, state.records, edges);
    if (memberLatest <= now) {
      if (memberLatest > latest) latest = memberLatest;
      continue;
    }
    const member = state.record(members[at]!);
    const links = member.internalLinks!;
    for (let position = 0; position < links.length; position += 2) {
      const edge = links[position + 1]!;
      const anchorAt = edges.anchorAt(edge);
      if (anchorAt <= now) {
        if (anchorAt > latest && edges.interactionCount(edge) > 0) latest = anchorAt;
        continue;
      }
      const last = state.evaluate(state.record(links[position]!), member, edge, context).lastInteractionAt;
      if (last !== null && last > latest) latest = last;
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
