/**
 * @module
 * The graph a merge preview derives the merged person's relationship fields from. A preview's transaction rolls
 * back, so the tenant's graph never takes the merge; a small graph of the two persons' interactions does, as the
 * real merge makes the tenant's graph do (`mergePersons`), and gives what the merged person's fields would be.
 */
import { RelationshipGraph } from "@rapport/graph";

/** A graph of the interactions of `canonicalUuid` and `supersededUuid`, with the team marked, after merging the second into the first. */
export function mergePreviewGraph(graph: RelationshipGraph, canonicalUuid: string, supersededUuid: string): RelationshipGraph {
  const whatIf = new RelationshipGraph({ parameters: graph.parameters });
  const added = new Set<string>();
  for (const personUuid of [canonicalUuid, supersededUuid]) {
    for (const interaction of graph.interactionsOf(personUuid)) {
      if (added.has(interaction.id)) continue;
      added.add(interaction.id);
      whatIf.addInteraction(interaction);
    }
  }
  for (const user of graph.internalUsers()) whatIf.markInternal(user.personUuid, user.userUuid);
  if (whatIf.hasPerson(supersededUuid)) whatIf.mergePersons(canonicalUuid, supersededUuid);
  return whatIf;
}
