/** @module The internal users directly connected to a person, the building block of PathPower and strongest_relationships. */
import type { EvaluationContext, GraphState, PairEvaluation, PersonRecord } from "./graph-state.js";
import { noisyOrOfLargest, roundScore } from "./scores.js";

export interface TeamConnection {
  user: PersonRecord;
  evaluation: PairEvaluation;
}

/**
 * Internal users with at least one counted interaction with the person at `now`.
 * @example teamConnections(state, dana, context).map((connection) => connection.user.uuid); // ["ben"]
 */
export function teamConnections(state: GraphState, person: PersonRecord, context: EvaluationContext): TeamConnection[] {
  const connections: TeamConnection[] = [];
  const links = person.internalLinks ?? [];
  for (let position = 0; position < links.length; position += 2) {
    const user = state.record(links[position]!);
    const evaluation = state.evaluate(user, person, links[position + 1]!, context);
    if (evaluation.interactionCount > 0) connections.push({ user, evaluation });
  }
  return connections;
}

/**
 * PathPower of a person: noisy-OR of the strongest `pathPowerTopCount` RQs of its team connections; null
 * without any. Scores only, no evaluations built: a company's ranking asks it of every member.
 * @example personPathPower(state, dana, context); // 0.2
 */
export function personPathPower(state: GraphState, person: PersonRecord, context: EvaluationContext): number | null {
  const links = person.internalLinks ?? NO_LINKS;
  let counted = 0;
  for (let position = 0; position < links.length; position += 2) {
    const score = state.scoreAt(links[position]!, person.index, links[position + 1]!, context);
    if (score >= 0) linkScores[counted++] = score;
  }
  return pathPowerOfScores(linkScores, context, counted);
}

const NO_LINKS: readonly number[] = [];
/** Scratch for {@link personPathPower}, reused call after call: a company's ranking asks it of thousands of members. */
const linkScores: number[] = [];

/**
 * PathPower from the scores of a person's team connections that count at `context.now` (the first `length`
 * of `scores`, in any order): what {@link personPathPower} computes, for a caller that scored those links
 * already.
 * @example pathPowerOfScores([0.2], context); // 0.2
 */
export function pathPowerOfScores(scores: ArrayLike<number>, context: EvaluationContext, length = scores.length): number | null {
  if (length === 0) return null;
  return roundScore(noisyOrOfLargest(scores, context.parameters.pathPowerTopCount, length));
}

/**
 * A PathPower that no person exceeds whose team links all score at most `scoreBound` at `context.now`, and who
 * has at most `links` of them: the noisy-OR of `pathPowerTopCount` links (or `links`, when fewer) of that score,
 * computed step by step as {@link pathPowerOfScores} does, so that its rounding bounds theirs too.
 * @example pathPowerBound(0.5, context); // 0.875 with the default pathPowerTopCount of 3
 * @example pathPowerBound(0.5, context, 1); // 0.5
 */
export function pathPowerBound(scoreBound: number, context: EvaluationContext, links = Infinity): number {
  const count = Math.min(context.parameters.pathPowerTopCount, links);
  let missing = 1;
  for (let kept = 0; kept < count; kept += 1) missing *= 1 - scoreBound;
  return roundScore(1 - missing);
}

/**
 * External persons currently affiliated with a company, in no particular order: every caller's result is
 * independent of it (sorting the uuids of a large company cost more than the rest of such a call).
 * @example unorderedExternalMembers(state, "acme").length; // 2
 */
export function unorderedExternalMembers(state: GraphState, companyUuid: string): PersonRecord[] {
  const members: PersonRecord[] = [];
  // forEach, not for-of: iterating a company's thousands of members allocated a result object each.
  state.companyMembers.get(companyUuid)?.forEach((record) => {
    if (record.userUuid === null) members.push(record);
  });
  return members;
}
