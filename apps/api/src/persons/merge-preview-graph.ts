/**
 * @module
 * The graph a merge preview derives the merged person's relationship fields from. A preview's transaction rolls
 * back, so the tenant's graph never takes the merge; a small graph of the two persons' interactions takes the changes
 * the merge would make to the tenant's (`graph_changes`: the merge itself, then the meetings it recounts, those the
 * canonical person declined), and gives what the merged person's fields would be.
 */
import { RelationshipGraph } from "@rapport/graph";
import { applyGraphChange, type GraphChange } from "@rapport/store";

/**
 * A graph of the interactions of `canonicalUuid` and `supersededUuid`, with the team marked, after the merge's
 * `changes` (a preview outcome's `graph_changes`).
 */
export function mergePreviewGraph(graph: RelationshipGraph, canonicalUuid: string, supersededUuid: string, changes: readonly GraphChange[]): RelationshipGraph {
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
  for (const change of changes) applyGraphChange(whatIf, change);
  return whatIf;
}
