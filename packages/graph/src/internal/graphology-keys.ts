/** @module The person uuids the graphology view cannot key a node by, and the checks that keep them out of it. */
import { conflict, invalidArgument } from "./errors.js";
import type { GraphState } from "./graph-state.js";

/**
 * Whether graphology can key a node by `uuid`. It keeps each node's neighbours in an object literal, where
 * the names every object inherits (`constructor`, `toString`, `__proto__`, ...) are taken already: an edge to
 * such a node fails as "already exists", or breaks the lookups of its neighbours.
 * @example isGraphologyKey("person-ada"); // true
 * @example isGraphologyKey("constructor"); // false
 */
export function isGraphologyKey(uuid: string): boolean {
  return !Object.hasOwn(Object.prototype, uuid);
}

/**
 * Throws, naming `functionName`, when the graph's graphology view is made and one of `personUuids` (persons
 * a write is about to add or connect) could not be a node of it; checked before the write changes anything.
 * Without a view every person uuid is accepted.
 * @example requireViewablePersons("addInteraction", state, ["person-ada", "person-cleo"]);
 */
export function requireViewablePersons(functionName: string, state: GraphState, personUuids: readonly string[]): void {
  if (state.graphology === null) return;
  for (const uuid of personUuids) {
    if (!isGraphologyKey(uuid)) {
      throw invalidArgument(functionName, "a person uuid the graphology view can key a node by (not a name every object inherits)", uuid);
    }
  }
}

/**
 * Throws, naming the `graphology` getter, when a person of the graph could not be a node of its view: asked
 * before the view is made, so that the graph is left as it was.
 * @example requireGraphologyKeys(state.records);
 */
export function requireGraphologyKeys(records: Iterable<{ uuid: string } | undefined>): void {
  for (const record of records) {
    if (record !== undefined && !isGraphologyKey(record.uuid)) {
      throw conflict(
        "graphology",
        `person ${JSON.stringify(record.uuid)} cannot be a node of the graphology view: graphology keeps neighbours in plain objects, where every object inherits that name.`,
        record.uuid,
      );
    }
  }
}
