/**
 * @module
 * The graph a company merge preview derives the merged company's relationship fields from. A preview's transaction
 * rolls back, so the tenant's graph never takes the merge; a small graph of the two companies' people and their
 * interactions takes the changes the merge would make (`graph_changes`: the moved persons' current companies).
 */
import { RelationshipGraph } from "@rapport/graph";
import { applyGraphChange, type GraphChange } from "@rapport/store";

/**
 * A graph of the current people of `companyUuids` with their interactions and companies, the team marked, after the
 * merge's `changes` (a preview outcome's `graph_changes`).
 *
 * @example
 * const whatIf = companyMergePreviewGraph(view.graph, [canonicalUuid, supersededUuid], outcome.graph_changes);
 */
export function companyMergePreviewGraph(graph: RelationshipGraph, companyUuids: readonly string[], changes: readonly GraphChange[]): RelationshipGraph {
  const whatIf = new RelationshipGraph({ parameters: graph.parameters });
  const members = new Set(companyUuids.flatMap((companyUuid) => graph.affiliatedPersons(companyUuid)));
  const added = new Set<string>();
  for (const personUuid of members) {
    for (const interaction of graph.interactionsOf(personUuid)) {
      if (added.has(interaction.id)) continue;
      added.add(interaction.id);
      whatIf.addInteraction(interaction);
    }
  }
  for (const user of graph.internalUsers()) whatIf.markInternal(user.personUuid, user.userUuid);
  for (const personUuid of members) {
    for (const companyUuid of graph.companiesOf(personUuid)) whatIf.setAffiliation(personUuid, companyUuid);
  }
  for (const change of changes) applyGraphChange(whatIf, change);
  return whatIf;
}
