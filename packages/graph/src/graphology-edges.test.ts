/** The graphology view, made at its first read and kept in step, and the counts and `neighboursOf` without it. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { GraphInputError } from "./graph-input-error.js";
import { recommendedPaths } from "./recommended-paths.js";
import { RelationshipGraph, stateOf } from "./relationship-graph.js";
import { buildGraph, daysAgo, email, NOW, withEmail, withMeeting, withUser } from "./testing/builders.js";

const PERSONS = ["p0", "p1", "p2", "p3", "p4", "p5"] as const;

/** Each graphology edge as "key:low|high" (uuids in order), sorted. */
function graphologyEdges(graph: RelationshipGraph): string[] {
  const view = graph.graphology;
  return view
    .edges()
    .map((key) => `${key}:${[...view.extremities(key)].sort().join("|")}`)
    .sort();
}

/** Each pair that `neighboursOf` names, as "low|high", sorted. */
function neighbourPairs(graph: RelationshipGraph, persons: readonly string[]): string[] {
  const pairs = new Set<string>();
  for (const person of persons) for (const other of graph.neighboursOf(person)) pairs.add([person, other].sort().join("|"));
  return [...pairs].sort();
}


describe("the graphology view", () => {
  it("is not made until it is read; counts and neighbours do without it", () => {
    const graph = buildGraph(withEmail("ada", ["cleo", "dana"]), withMeeting(["cleo", "dana"]));
    expect(graph.edgeCount).toBe(3);
    expect(graph.neighboursOf("ada")).toEqual(["cleo", "dana"]);
    expect(graph.neighboursOf("nobody")).toEqual([]);
    expect(graph.personCount).toBe(3);
    expect(stateOf("test", graph).graphology).toBeNull();
    expect(graph.graphology.neighbors("dana").sort()).toEqual(["ada", "cleo"]);
    expect(graph.graphology.nodes()).toEqual(["ada", "cleo", "dana"]);
    expect(stateOf("test", graph).graphology?.size).toBe(3);
  });

  it("follows every later change once read", () => {
    const graph = buildGraph(withUser("ada"), withEmail("ada", "cleo", daysAgo(2), "e1"));
    expect(graph.graphology.size).toBe(1);
    graph.addInteraction(email("cleo", ["dana", "eve"], NOW, "e2"));
    expect(graph.graphology.hasEdge("cleo", "eve")).toBe(true);
    graph.removeInteraction("e1");
    expect(graph.graphology.hasEdge("ada", "cleo")).toBe(false);
    graph.mergePersons("dana", "eve");
    expect(graph.graphology.hasNode("eve")).toBe(false);
    expect(graph.graphology.neighbors("cleo")).toEqual(["dana"]);
    expect(graph.graphology.size).toBe(graph.edgeCount);
    graph.addInteraction(email("cleo", ["fay"], NOW, "e3"));
    expect(graph.graphology.nodes()).toEqual(["ada", "cleo", "dana", "fay"]);
    expect(graph.graphology.order).toBe(graph.personCount);
  });

  it("keeps out, before any write, a person graphology cannot key a node by, and refuses to be made while one is in the graph", () => {
    const graph = buildGraph(withUser("ada"), withEmail("ada", "cleo", NOW, "e1"));
    const view = graph.graphology;
    // Such a write once stored the interaction and its edge, then failed in graphology ("an edge linking ... already
    // exists"), leaving the view and the neighbour lists out of step, and a later removal failing in graphology too.
    for (const uuid of ["constructor", "toString", "__proto__", "hasOwnProperty"]) {
      const message = `expecting a person uuid the graphology view can key a node by (not a name every object inherits) but got ${JSON.stringify(uuid)}.`;
      expect(() => graph.addInteraction(email("ada", ["dana", uuid], NOW, "e2"))).toThrow(`addInteraction: ${message}`);
      expect(() => graph.updateInteraction(email(uuid, "ada", NOW, "e1"))).toThrow(`updateInteraction: ${message}`);
      expect(() => graph.markInternal(uuid, "user-x")).toThrow(`markInternal: ${message}`);
      expect(() => graph.setAffiliation(uuid, "acme")).toThrow(`setAffiliation: ${message}`);
      expect(() => graph.mergePersons(uuid, "cleo")).toThrow(`mergePersons: ${message}`);
    }
    expect([graph.hasInteraction("e2"), graph.personCount, graph.edgeCount, graph.neighboursOf("ada"), graph.companyUuids()]).toEqual([false, 2, 1, ["cleo"], []]);
    expect([view.order, view.size, view.neighbors("ada")]).toEqual([2, 1, ["cleo"]]);
    expect(graph.removeInteraction("e1")).toBe(true);

    // Without a view, any uuid is a person; the view is then refused, and the graph left as it was.
    const unviewed = buildGraph(withEmail("ada", "constructor", NOW, "e1"));
    expect(unviewed.neighboursOf("ada")).toEqual(["constructor"]);
    expect(() => unviewed.graphology).toThrow(
      'graphology: person "constructor" cannot be a node of the graphology view: graphology keeps neighbours in plain objects, where every object inherits that name.',
    );
    expect([unviewed.personCount, unviewed.edgeCount, unviewed.removeInteraction("e1")]).toEqual([2, 1, true]);
  });

  it("is the same whether read first or last, and matches the counts and neighboursOf, over any sequence of changes", () => {
    const person = fc.constantFrom(...PERSONS);
    const step = fc.oneof(
      fc.record({ kind: fc.constant("email" as const), sender: person, recipients: fc.array(person, { minLength: 1, maxLength: 3 }), days: fc.integer({ min: -5, max: 30 }) }),
      fc.record({ kind: fc.constant("remove" as const), id: fc.integer({ min: 0, max: 30 }) }),
      fc.record({ kind: fc.constant("merge" as const), canonical: person, superseded: person }),
      fc.record({ kind: fc.constant("user" as const), person, internal: fc.boolean() }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        const readFirst = new RelationshipGraph();
        const readLast = new RelationshipGraph();
        void readFirst.graphology;
        for (const graph of [readFirst, readLast]) {
          steps.forEach((change, index) => {
            if (change.kind === "email") graph.addInteraction(email(change.sender, change.recipients, daysAgo(change.days), `e${index}`));
            else if (change.kind === "remove") graph.removeInteraction(`e${change.id}`);
            else if (change.kind === "merge") {
              // Two users' person nodes cannot merge (mergePersons refuses).
              const bothUsers = graph.userOfPerson(change.canonical) !== null && graph.userOfPerson(change.superseded) !== null;
              if (change.canonical !== change.superseded && graph.hasPerson(change.superseded) && !bothUsers) graph.mergePersons(change.canonical, change.superseded);
            } else if (change.internal) graph.markInternal(change.person, `user-${change.person}`);
            else graph.unmarkInternal(`user-${change.person}`);
          });
        }
        expect(stateOf("test", readLast).graphology).toBeNull();
        expect(readLast.personCount).toBe(readFirst.personCount);
        const edges = graphologyEdges(readLast);
        expect(readFirst.graphology.nodes()).toEqual(readLast.graphology.nodes());
        expect(readLast.graphology.order).toBe(readLast.personCount);
        expect(graphologyEdges(readFirst)).toEqual(edges);
        expect(edges.map((edge) => edge.slice(edge.indexOf(":") + 1)).sort()).toEqual(neighbourPairs(readLast, PERSONS));
        expect(readLast.edgeCount).toBe(edges.length);
      }),
      { numRuns: 200 },
    );
  });
});

describe("the graphology view's readers", () => {
  it("get a frozen { uuid } per node, not the graph's record of the person, which they could change under the graph", () => {
    const graph = buildGraph(withUser("ada"), withEmail("ada", "cleo", daysAgo(2), "e1"), withEmail("cleo", "dana", daysAgo(1), "e2"));
    const before = recommendedPaths(graph, { entity: "person", uuid: "dana" }, { now: NOW });
    const attributes: object = graph.graphology.getNodeAttributes("cleo");
    expect(attributes).toEqual({ uuid: "cleo" });
    expect(Object.isFrozen(attributes)).toBe(true);
    expect(() => Object.assign(attributes, { neighbours: [], userUuid: "user-cleo" })).toThrow(TypeError);
    graph.graphology.forEachNode((_node, each) => expect(Object.isFrozen(each)).toBe(true));
    expect(graph.graphology.export().nodes.map((node) => node.attributes)).toEqual([{ uuid: "ada" }, { uuid: "cleo" }, { uuid: "dana" }]);
    expect(graph.neighboursOf("cleo")).toEqual(["ada", "dana"]);
    expect(graph.userOfPerson("cleo")).toBeNull();
    expect(recommendedPaths(graph, { entity: "person", uuid: "dana" }, { now: NOW })).toEqual(before);
    // A person added after the view was made gets attributes of its own too.
    graph.addInteraction(email("dana", ["eve"], NOW, "e3"));
    expect(Object.isFrozen(graph.graphology.getNodeAttributes("eve"))).toBe(true);
  });

  it("cannot change it: each writing method throws a GraphInputError naming graphology, the graph's next writes still mirror", () => {
    const graph = buildGraph(withUser("ada"), withEmail("ada", "cleo", daysAgo(2), "e1"), withEmail("cleo", "dana", daysAgo(1), "e2"));
    const view = graph.graphology;
    const [edge] = view.edges("cleo", "dana");
    const writes: Array<[string, () => unknown]> = [
      ["dropEdge", () => view.dropEdge(edge!)],
      ["dropNode", () => view.dropNode("dana")],
      ["clear", () => view.clear()],
      ["clearEdges", () => view.clearEdges()],
      ["addNode", () => view.addNode("zoe")],
      ["mergeNode", () => view.mergeNode("zoe")],
      ["addEdge", () => view.addEdge("ada", "dana")],
      ["addUndirectedEdgeWithKey", () => view.addUndirectedEdgeWithKey("x", "ada", "dana")],
      ["mergeEdge", () => view.mergeEdge("ada", "dana")],
      ["import", () => view.import({ nodes: [{ key: "zoe" }] })],
      ["replaceNodeAttributes", () => view.replaceNodeAttributes("ada", { uuid: "someone else" })],
      ["updateEachNodeAttributes", () => view.updateEachNodeAttributes(() => ({ uuid: "x" }))],
      ["setEdgeAttribute", () => view.setEdgeAttribute(edge!, "weight" as never, 1 as never)],
      ["setAttribute", () => view.setAttribute("name", "mine")],
    ];
    for (const [name, write] of writes) {
      let thrown: unknown;
      try {
        write();
      } catch (error) {
        thrown = error;
      }
      expect(thrown, name).toBeInstanceOf(GraphInputError);
      expect((thrown as GraphInputError).functionName).toBe("graphology");
      expect((thrown as GraphInputError).message).toContain(`read-only (${name} would put it out of step with the graph)`);
    }
    expect(graphologyEdges(graph).map((each) => each.slice(each.indexOf(":") + 1))).toEqual(["ada|cleo", "cleo|dana"]);
    expect(view.getNodeAttributes("ada")).toEqual({ uuid: "ada" });
    // An edge dropped through the view would make this removal fail in graphology, halfway through the graph's write.
    expect(graph.removeInteraction("e2")).toBe(true);
    expect(view.hasEdge("cleo", "dana")).toBe(false);
    graph.mergePersons("ada", "dana");
    expect(view.nodes()).toEqual(["ada", "cleo"]);
    // Listening is not writing; a copy is a graph of the reader's own.
    let added = 0;
    view.on("edgeAdded", () => (added += 1));
    graph.addInteraction(email("cleo", ["fay"], NOW, "e3"));
    expect(added).toBe(1);
    const copy = view.copy();
    copy.dropNode("cleo");
    copy.setNodeAttribute("ada", "uuid", "changed");
    expect(view.hasNode("cleo")).toBe(true);
    expect(view.getNodeAttributes("ada")).toEqual({ uuid: "ada" });
  });
});
