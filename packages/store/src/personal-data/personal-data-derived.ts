/**
 * Export section of what the relationship graph derives about the subject (profiling outputs, GDPR Art. 15(1)(h)):
 * each internal user's connection score with them, and the team's PathPower.
 */
import { pathPower, relationshipQuality, type RelationshipGraph } from "@rapport/graph";
import type { PersonalDataDerived, PersonalDataRelationship } from "./personal-data-export.js";
import { scoreExplanation } from "./score-explanation.js";

/** The graph's scores of `personUuid` at `now`; `userNames` names the users (user uuid → name). */
export function derivedAbout(graph: RelationshipGraph, personUuid: string, userNames: ReadonlyMap<string, string>, now: number): PersonalDataDerived {
  const options = { now };
  const relationships: PersonalDataRelationship[] = [];
  for (const { userUuid, personUuid: userPersonUuid } of graph.internalUsers()) {
    if (userPersonUuid === personUuid) continue;
    const quality = relationshipQuality(graph, userUuid, personUuid, options);
    if (quality === null || quality.interaction_count === 0) continue;
    relationships.push({
      user_uuid: userUuid,
      user_name: userNames.get(userUuid) ?? "",
      connection_score: quality.rq,
      connection_score_pretty: quality.rq_pretty,
      reason: quality.rq_reason,
      interaction_count: quality.interaction_count,
      last_activity_date: quality.last_activity_date,
    });
  }
  relationships.sort((left, right) => right.connection_score - left.connection_score || (left.user_uuid < right.user_uuid ? -1 : left.user_uuid > right.user_uuid ? 1 : 0));
  const team = pathPower(graph, { entity: "person", uuid: personUuid }, options);
  return { computed_at: now, explanation: scoreExplanation(graph.parameters), relationships, path_power: team.score, strength_label: team.strength_label };
}
