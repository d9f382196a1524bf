/**
 * @module The graph's graphology view: read-only to whoever reads `graph.graphology`, written only by the graph as it
 * mirrors its persons and pairs.
 */
import { UndirectedGraph } from "graphology";
import { conflict } from "./errors.js";

/** A node's attributes in the graphology view: the person's uuid, in a frozen object of the node's own. */
export interface PersonNodeAttributes {
  readonly uuid: string;
}

/** The view's type: persons as nodes, pairs as edges whose attributes are one shared, empty, frozen object. */
export type GraphologyView = UndirectedGraph<PersonNodeAttributes, Record<string, never>>;

/** Edge data lives in the EdgeTable, so every edge shares one empty, frozen attribute object. */
const SHARED_EDGE_ATTRIBUTES: Record<string, never> = Object.freeze({});

/** graphology's own methods, called by the graph on its view past the refusals the view's readers get. */
const writes = UndirectedGraph.prototype as GraphologyView;

/**
 * The names of graphology's methods that change a graph (its nodes, edges or any attributes): every method whose name
 * says so, its event-listener methods aside. Read from graphology itself, so a method a later version adds is refused too.
 */
function writingMethodNames(): string[] {
  const names = new Set<string>();
  for (let prototype: object | null = UndirectedGraph.prototype; prototype !== null && prototype !== Object.prototype; prototype = Object.getPrototypeOf(prototype)) {
    for (const name of Object.getOwnPropertyNames(prototype)) {
      if (/^(?:add|drop|clear|import|merge|update|set|remove|replace)/.test(name) && !/Listeners?$/.test(name)) names.add(name);
    }
  }
  return [...names];
}

const WRITING_METHODS = writingMethodNames();

/**
 * graphology keeps each node's neighbours in an object literal keyed by neighbour. With uuid keys every
 * insertion makes V8 build a new hidden class (3x slower and much larger at a million edges); an object
 * that has had a property deleted is kept as a hash table instead. The guard makes this a no-op should the
 * internals ever change.
 */
function preferHashTableAdjacency(view: GraphologyView, key: string): void {
  const nodes = (view as unknown as { _nodes?: Map<string, { undirected?: unknown }> })._nodes;
  const adjacency = nodes instanceof Map ? nodes.get(key)?.undirected : undefined;
  if (typeof adjacency !== "object" || adjacency === null) return;
  const record = adjacency as Record<string, unknown>;
  record["\u0000first"] = 0;
  record["\u0000second"] = 0;
  delete record["\u0000first"];
  delete record["\u0000second"];
}

/**
 * An empty view whose every writing method throws a `GraphInputError` naming `graphology`: a reader that added,
 * dropped or changed a node or an edge would put the view out of step with the graph, and the graph's next write
 * mirrored into it (dropping an edge it no longer has) would fail halfway. Its copies (`copy()`) are plain graphs.
 *
 * @example
 * const view = createGraphologyView();
 * addViewNode(view, "ada");
 * view.dropNode("ada"); // throws GraphInputError
 */
export function createGraphologyView(): GraphologyView {
  const view: GraphologyView = new UndirectedGraph<PersonNodeAttributes, Record<string, never>>({ allowSelfLoops: false });
  for (const name of WRITING_METHODS) {
    Object.defineProperty(view, name, {
      value: () => {
        throw conflict(
          "graphology",
          `the graph's graphology view is read-only (${name} would put it out of step with the graph): read it, or change a copy made with copy().`,
          name,
        );
      },
    });
  }
  return view;
}

/**
 * Adds a person to the view as a node keyed by its uuid, with attributes of its own: frozen, and not the graph's
 * record of the person, which a reader could otherwise change under the graph.
 *
 * @example addViewNode(view, "ada"); view.getNodeAttributes("ada"); // { uuid: "ada" }
 */
export function addViewNode(view: GraphologyView, uuid: string): void {
  writes.addNode.call(view, uuid, Object.freeze({ uuid }));
  preferHashTableAdjacency(view, uuid);
}

/** Adds the edge of a pair, keyed by its slot. @example addViewEdge(view, 7, "ada", "cleo"); */
export function addViewEdge(view: GraphologyView, slot: number, first: string, second: string): void {
  writes.addUndirectedEdgeWithKey.call(view, String(slot), first, second, SHARED_EDGE_ATTRIBUTES);
}

/** Drops the edge keyed by `slot`. @example dropViewEdge(view, 7); */
export function dropViewEdge(view: GraphologyView, slot: number): void {
  (writes.dropEdge as (edge: string) => void).call(view, String(slot));
}

/** Drops a person's node and its edges. @example dropViewNode(view, "ada"); */
export function dropViewNode(view: GraphologyView, uuid: string): void {
  writes.dropNode.call(view, uuid);
}
