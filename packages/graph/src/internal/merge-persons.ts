/** @module Merging a superseded person into the canonical one, in place. */
import { conflict } from "./errors.js";
import type { GraphState } from "./graph-state.js";
import { dropViewNode } from "./graphology-view.js";

/**
 * Moves everything of `supersededUuid` onto `canonicalUuid` (interactions, rewritten without duplicates;
 * edges, rebuilt for every pair those interactions touch; affiliations; the internal-user mark) and deletes
 * the superseded person. A no-op when the superseded person is unknown.
 *
 * @example
 * mergePersons(state, "mergePersons", "cleo", "cleo-duplicate");
 */
export function mergePersons(state: GraphState, functionName: string, canonicalUuid: string, supersededUuid: string): void {
  if (canonicalUuid === supersededUuid) {
    throw conflict(functionName, `cannot merge person "${canonicalUuid}" into itself.`, canonicalUuid);
  }
  const superseded = state.recordByUuid.get(supersededUuid);
  const canonicalExisting = state.recordByUuid.get(canonicalUuid);
  if (
    superseded?.userUuid != null &&
    canonicalExisting?.userUuid != null &&
    superseded.userUuid !== canonicalExisting.userUuid
  ) {
    throw conflict(
      functionName,
      `persons "${canonicalUuid}" and "${supersededUuid}" are the person nodes of two different users ("${canonicalExisting.userUuid}", "${superseded.userUuid}").`,
      supersededUuid,
    );
  }
  const canonical = state.ensurePerson(canonicalUuid);
  if (superseded === undefined) return;

  for (const company of [...(superseded.companies ?? [])]) {
    state.endAffiliation(supersededUuid, company);
    state.setAffiliation(canonicalUuid, company);
  }
  const userUuid = superseded.userUuid;
  if (userUuid !== null) {
    state.unmarkInternal(superseded);
    state.markInternal(canonicalUuid, userUuid);
  }

  const affected = new Map<string, [number, number]>();
  const table = state.table;
  for (const slot of [...superseded.interactions]) {
    // With the same number of participants, only the pairs of the two persons change; with fewer (both took
    // part), every pair's audience does.
    const narrowed = table.hasParticipant(slot, canonical.index) ? undefined : superseded.index;
    state.collectPairs(slot, affected, narrowed);
    if (!state.moveParticipation(slot, superseded, canonical)) {
      // Only the two persons took part: with one participant left it is noise, and no longer indexed.
      state.unindex(slot);
      state.moveUnindexedParticipation(slot, superseded, canonical);
    }
    state.collectPairs(slot, affected, narrowed === undefined ? undefined : canonical.index);
  }
  superseded.interactions = [];
  superseded.interactionsInTimeOrder = null;
  // Cancelled meetings and notes to oneself are in no person's list: without this they would keep naming a
  // person index that no longer has a record.
  for (const slot of state.unindexedSlots) {
    if (table.hasParticipant(slot, superseded.index)) state.moveUnindexedParticipation(slot, superseded, canonical);
  }
  state.rebuildPairs(affected);

  // Copies: dropping an edge takes it out of both lists.
  const neighbours = [...superseded.neighbours];
  const edges = [...superseded.neighbourEdges];
  for (let position = 0; position < neighbours.length; position += 1) state.dropEdge(superseded, state.record(neighbours[position]!), edges[position]!);
  if (state.graphology !== null) dropViewNode(state.graphology, supersededUuid);
  // No `teamChanged()` here: a user's person node moved above, which tells it. Otherwise the team is the same,
  // and every link that went or came is in the logs (each dropped and each written edge with a user), so a
  // copy of the team's links catches up (the superseded person's region reads as empty) instead of being
  // made afresh at the next ranking: about half a second at benchmark scale L.
  state.records[superseded.index] = undefined;
  state.recordByUuid.delete(supersededUuid);
}
