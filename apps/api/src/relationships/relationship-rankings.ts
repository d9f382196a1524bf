/**
 * @module
 * Rankings over the whole team's network: the persons or companies the team is most strongly
 * connected to (PathPower), and the persons one user knows best (RQ). Only persons someone on the
 * team has interacted with are candidates, so the cost follows the team's network, not the tenant.
 */
import { pathPower, relationshipQuality, type PathPowerScore, type RelationshipQuality } from "@rapport/graph";
import type { RelationshipView } from "./relationship-view.js";

const byScoreThenUuid = (left: { score: number; uuid: string }, right: { score: number; uuid: string }) =>
  right.score - left.score || (left.uuid < right.uuid ? -1 : left.uuid > right.uuid ? 1 : 0);

/** External persons adjacent to any internal user's person node. */
function teamContacts(view: RelationshipView): string[] {
  const internal = new Set(view.graph.internalUsers().map((user) => user.personUuid));
  const contacts = new Set<string>();
  for (const personUuid of internal) {
    if (!view.graph.hasPerson(personUuid)) continue;
    for (const neighbor of view.graph.neighboursOf(personUuid)) if (!internal.has(neighbor)) contacts.add(neighbor);
  }
  return [...contacts];
}

/** Persons or companies by PathPower, strongest first (ties by uuid); entities with no score are left out. */
export function rankByPathPower(view: RelationshipView, entity: "person" | "company"): PathPowerScore[] {
  const contacts = teamContacts(view);
  const uuids = entity === "person" ? contacts : [...new Set(contacts.flatMap((person) => view.graph.companiesOf(person)))];
  const scores = uuids
    .map((uuid) => pathPower(view.graph, { entity, uuid }, view.scoring))
    .filter((score): score is PathPowerScore & { score: number } => score.score !== null);
  return scores.sort((left, right) => byScoreThenUuid({ score: left.score, uuid: left.uuid }, { score: right.score, uuid: right.uuid }));
}

/** The persons a user knows, by RQ (strongest first, ties by uuid); persons with no counted interaction left out. */
export function rankByRelationshipQuality(view: RelationshipView, userUuid: string): RelationshipQuality[] {
  const personUuid = view.graph.personOfUser(userUuid);
  if (!personUuid || !view.graph.hasPerson(personUuid)) return [];
  const internal = new Set(view.graph.internalUsers().map((user) => user.personUuid));
  const qualities: RelationshipQuality[] = [];
  for (const neighbor of view.graph.neighboursOf(personUuid)) {
    if (internal.has(neighbor)) continue;
    const quality = relationshipQuality(view.graph, userUuid, neighbor, view.scoring);
    if (quality && quality.interaction_count > 0) qualities.push(quality);
  }
  return qualities.sort((left, right) => right.rq - left.rq || (left.person_uuid < right.person_uuid ? -1 : 1));
}
