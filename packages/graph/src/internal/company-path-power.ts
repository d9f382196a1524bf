/** @module A company's PathPower, its large companies' members read strongest first. */
import { scoreBoundOfUndecayed } from "./edge-bounds.js";
import type { EvaluationContext, GraphState } from "./graph-state.js";
import { insertRanked } from "./ranked-list.js";
import { noisyOrOfLargest, roundScore } from "./scores.js";
import { currentTeamLinkTable } from "./team-link-table.js";
import { pathPowerBound, personPathPower } from "./team-connections.js";

/** A company's PathPower, with how many external members it has and how many of them the team reaches. */
export interface CompanyPathPower {
  score: number | null;
  memberCount: number;
  connectedCount: number;
}

const higherFirst = (left: number, right: number) => left > right;

/**
 * PathPower of a company: noisy-OR of the `pathPowerTopCount` highest PathPowers among its current external
 * members. A company of `state.membersByBound.minimumMembers` or more, when stored aggregates bound scores and
 * the graph keeps a team-link table, is read strongest bound first: once the highest kept are full and no
 * member left could reach the lowest of them (`pathPowerBound`), the rest are only checked for a counted team
 * connection, from the table's masks. Without a table every member is scored anyway (to count the connected
 * ones), so the order would save nothing.
 */
export function companyPathPower(state: GraphState, companyUuid: string, context: EvaluationContext): CompanyPathPower {
  const members = state.externalMemberLists.of(companyUuid, state.companyMembers.get(companyUuid));
  const topCount = context.parameters.pathPowerTopCount;
  const order = state.membersByBound;
  const table = context.storedAggregatesUsable && members.length >= order.minimumMembers ? currentTeamLinkTable(state) : null;
  if (table === null) {
    const scores: number[] = [];
    for (let at = 0; at < members.length; at += 1) {
      const score = personPathPower(state, state.record(members[at]!), context);
      if (score !== null) scores.push(score);
    }
    const score = scores.length === 0 ? null : roundScore(noisyOrOfLargest(scores, topCount));
    return { score, memberCount: members.length, connectedCount: scores.length };
  }
  order.begin(members, state.edgeBounds);
  // The highest PathPowers read so far, highest first: a tie with the lowest kept changes no value.
  const highest: number[] = [];
  for (let rank = 0; ; rank += 1) {
    const member = order.at(rank);
    if (member < 0) break;
    if (highest.length === topCount && pathPowerBound(scoreBoundOfUndecayed(order.keyAt(rank), context), context) < highest[topCount - 1]!) break;
    const score = personPathPower(state, state.record(member), context);
    if (score !== null) insertRanked(highest, score, topCount, higherFirst);
  }
  const score = highest.length === 0 ? null : roundScore(noisyOrOfLargest(highest, topCount));
  let connectedCount = 0;
  for (let at = 0; at < members.length; at += 1) if (table.hasLinkBy(members[at]!, context.now)) connectedCount += 1;
  return { score, memberCount: members.length, connectedCount };
}
