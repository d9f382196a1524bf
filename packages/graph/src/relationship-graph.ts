/** @module The tenant relationship graph: persons, interactions, internal users and affiliations, updated in place. */
import type { UndirectedGraph } from "graphology";
import { GraphState } from "./internal/graph-state.js";
import type { PersonNodeAttributes } from "./internal/graphology-view.js";
import { requireViewablePersons } from "./internal/graphology-keys.js";
import { GraphInputError } from "./graph-input-error.js";
import { invalidArgument } from "./internal/errors.js";
import { interactionsOfPerson } from "./internal/interactions-of.js";
import { normalizeInteraction } from "./internal/normalize-interaction.js";
import { GRAPH_OPTION_NAMES } from "./internal/option-names.js";
import { compareUuids } from "./internal/scores.js";
import { requireOptions, requireUuid } from "./internal/validate.js";
import { resolveScoringParameters, type ScoringParameterOverrides, type ScoringParameters } from "./scoring-parameters.js";
import type { Interaction, InternalUser } from "./types.js";

export type { PersonNodeAttributes } from "./internal/graphology-view.js";

/** Options of {@link RelationshipGraph}. */
export interface RelationshipGraphOptions {
  /** The deployment's scoring parameters (defaults: `defaultScoringParameters`). */
  parameters?: ScoringParameterOverrides | undefined;
}

const states = new WeakMap<RelationshipGraph, GraphState>();

/**
 * The state behind a graph (package-internal); throws when `graph` is not a RelationshipGraph.
 * @example stateOf("pathPower", graph).personByUser.size; // number of internal users
 */
export function stateOf(functionName: string, graph: unknown): GraphState {
  const state = typeof graph === "object" && graph !== null ? states.get(graph as RelationshipGraph) : undefined;
  if (state !== undefined) return state;
  // A graph a second installed copy of the package made (another version beside the one `@rapport/store` depends on): its
  // state is in that copy's map, and "expecting a RelationshipGraph" would send its caller looking at the wrong thing.
  if (typeof graph === "object" && graph !== null && Object.getPrototypeOf(graph)?.constructor?.name === "RelationshipGraph") {
    throw new GraphInputError(
      functionName,
      `${functionName}: expecting "graph" to be a RelationshipGraph of this copy of @rapport/graph but got one another copy made ` +
        "(two versions are installed, as `npm ls @rapport/graph` shows: install the one @rapport/store depends on).",
      graph,
    );
  }
  throw invalidArgument(functionName, '"graph" to be a RelationshipGraph', graph);
}

/**
 * A new empty graph (package-internal), its parameters checked in the name of `functionName`: the hydrations
 * build theirs with it, so that a bad parameter names the function the caller called, not the constructor.
 * @example emptyGraph("hydrateGraph", { saturation: 4 }).parameters.saturation; // 4
 */
export function emptyGraph(functionName: string, parameters: ScoringParameterOverrides | undefined): RelationshipGraph {
  return new RelationshipGraph({ parameters: resolveScoringParameters(parameters, undefined, functionName) });
}

/**
 * One tenant's relationship graph. Persons are keyed by uuid; every pair of persons that an email or meeting
 * connects shares one edge whose decayed aggregate is kept up to date as interactions are added, changed or
 * removed, so queries never rescan the tenant. `graphology` gives it as a graphology graph.
 *
 * Scoring functions (`recommendedPaths`, `pathPower`, ...) take the graph as first argument. Build a large
 * graph with `hydrateGraph`, then keep it in sync with the methods below.
 *
 * @example
 * import { RelationshipGraph } from "@rapport/graph";
 * const graph = new RelationshipGraph();
 * graph.markInternal("person-ada", "user-ada");
 * graph.addInteraction({ id: "e1", kind: "email", occurredAt: Date.UTC(2026, 11, 1), senderUuid: "person-ada", recipientUuids: ["person-cleo"] });
 * graph.personCount; // 2
 */
export class RelationshipGraph {
  /** The scoring parameters this graph was built with; per-call overrides start from these. */
  readonly parameters: Readonly<ScoringParameters>;

  /**
   * An empty graph.
   *
   * @param options - `parameters`: the deployment's scoring parameters, merged onto `defaultScoringParameters`.
   * @throws GraphInputError naming `RelationshipGraph` for an unknown option or a parameter out of bounds.
   *
   * @example
   * const graph = new RelationshipGraph({ parameters: { halfLifeDays: 30 } });
   * graph.parameters.halfLifeDays; // 30
   */
  constructor(options: RelationshipGraphOptions = {}) {
    requireOptions("RelationshipGraph", options, GRAPH_OPTION_NAMES);
    const parameters = resolveScoringParameters(options.parameters, undefined, "RelationshipGraph");
    // Frozen to the bottom: the thresholds set every strength label the graph gives.
    Object.freeze(parameters.strengthThresholds);
    this.parameters = Object.freeze(parameters);
    states.set(this, new GraphState(this.parameters));
  }

  /**
   * The underlying graphology graph (nodes: person uuids, each with frozen attributes `{ uuid }`; edges: one per
   * connected pair, keyed by the slot of its aggregate). Read it freely, for instance with graphology's algorithms;
   * it is read-only: a method that would change it (`dropNode`, `setNodeAttribute`, ...) throws a `GraphInputError`
   * naming `graphology` (change a copy, `graph.graphology.copy()`, instead). It is made
   * at the first read (about 5 s a million edges; the graph's own queries do not need it) and kept in step
   * from then on, which costs heap: for counts and neighbours alone, use `personCount`, `edgeCount` and
   * `neighboursOf`.
   *
   * @throws GraphInputError while a person's uuid is a name every object inherits (`constructor`, `__proto__`),
   *   which graphology cannot key a node by; once the view is made, writes refuse such persons.
   *
   * @example
   * graph.graphology.neighbors("person-ada"); // ["person-cleo"]
   */
  get graphology(): UndirectedGraph<PersonNodeAttributes, Record<string, never>> {
    return stateOf("graphology", this).graphologyView();
  }

  /**
   * Number of persons in the graph.
   *
   * @example
   * graph.personCount; // 2
   */
  get personCount(): number {
    return stateOf("personCount", this).recordByUuid.size;
  }

  /**
   * Number of connected pairs (edges).
   *
   * @example
   * graph.edgeCount; // 1
   */
  get edgeCount(): number {
    return stateOf("edgeCount", this).pairs.size;
  }

  /**
   * Number of interactions that count: not cancelled, with at least two distinct participants (future ones included).
   *
   * @example
   * graph.interactionCount; // 1
   */
  get interactionCount(): number {
    return stateOf("interactionCount", this).indexedCount;
  }

  /**
   * Adds an email or a meeting. Noise is tolerated: duplicate participants are ignored, an email to oneself or
   * a meeting of one connects nobody, a cancelled meeting is kept (so it can be re-confirmed) but counts nothing.
   *
   * @param interaction - The interaction; its `id` must be new to the graph.
   * @throws GraphInputError when the interaction is malformed or its id already exists.
   *
   * @example
   * graph.addInteraction({
   *   id: "m1", kind: "meeting", occurredAt: Date.UTC(2026, 5, 4),
   *   attendeeUuids: ["person-ada", "person-cleo"], organizerUuid: "person-ada", title: "Intro",
   * });
   */
  addInteraction(interaction: Interaction): void {
    const state = stateOf("addInteraction", this);
    const normalized = normalizeInteraction("addInteraction", interaction);
    requireViewablePersons("addInteraction", state, normalized.participants);
    state.add("addInteraction", normalized);
  }

  /**
   * Removes an interaction (deleted email, deleted calendar event). Edges it alone supported disappear.
   *
   * @param id - The interaction's id.
   * @returns Whether an interaction with that id existed.
   *
   * @example
   * graph.removeInteraction("e1"); // true
   */
  removeInteraction(id: string): boolean {
    return stateOf("removeInteraction", this).remove(requireUuid("removeInteraction", "id", id));
  }

  /**
   * Replaces the interaction with the same id (a meeting rescheduled, cancelled or re-attended), or adds it
   * when it is new.
   *
   * @param interaction - The new version of the interaction.
   *
   * @example
   * graph.updateInteraction({
   *   id: "m1", kind: "meeting", occurredAt: Date.UTC(2026, 5, 4),
   *   attendeeUuids: ["person-ada", "person-cleo"], status: "cancelled",
   * });
   */
  updateInteraction(interaction: Interaction): void {
    const state = stateOf("updateInteraction", this);
    const normalized = normalizeInteraction("updateInteraction", interaction);
    requireViewablePersons("updateInteraction", state, normalized.participants);
    state.update(normalized);
  }

  /**
   * Merges a superseded person into the canonical one: interactions, edges, affiliations and the internal-user
   * mark move to the canonical person, and the superseded node is deleted.
   *
   * @param canonicalUuid - The person that remains.
   * @param supersededUuid - The duplicate that disappears (a no-op when it is not in the graph).
   * @throws GraphInputError when both uuids are equal, or when they are the person nodes of two different users.
   *
   * @example
   * graph.mergePersons("person-cleo", "person-cleo-duplicate");
   */
  mergePersons(canonicalUuid: string, supersededUuid: string): void {
    const state = stateOf("mergePersons", this);
    const canonical = requireUuid("mergePersons", "canonicalUuid", canonicalUuid);
    const superseded = requireUuid("mergePersons", "supersededUuid", supersededUuid);
    requireViewablePersons("mergePersons", state, [canonical]);
    state.merge("mergePersons", canonical, superseded);
  }

  /**
   * Records that a person is currently affiliated with a company (idempotent).
   *
   * @example
   * graph.setAffiliation("person-dana", "company-acme");
   */
  setAffiliation(personUuid: string, companyUuid: string): void {
    const state = stateOf("setAffiliation", this);
    const person = requireUuid("setAffiliation", "personUuid", personUuid);
    const company = requireUuid("setAffiliation", "companyUuid", companyUuid);
    requireViewablePersons("setAffiliation", state, [person]);
    state.setAffiliation(person, company);
  }

  /**
   * Ends a current affiliation (the person left the company).
   *
   * @returns Whether the affiliation existed.
   *
   * @example
   * graph.endAffiliation("person-dana", "company-acme"); // true
   */
  endAffiliation(personUuid: string, companyUuid: string): boolean {
    return stateOf("endAffiliation", this).endAffiliation(
      requireUuid("endAffiliation", "personUuid", personUuid),
      requireUuid("endAffiliation", "companyUuid", companyUuid),
    );
  }

  /**
   * Marks a person as an internal user's own person node. A user has one person node and a person belongs to
   * at most one user: an earlier mark of either is replaced.
   *
   * @example
   * graph.markInternal("person-ben", "user-ben");
   */
  markInternal(personUuid: string, userUuid: string): void {
    const state = stateOf("markInternal", this);
    const person = requireUuid("markInternal", "personUuid", personUuid);
    const user = requireUuid("markInternal", "userUuid", userUuid);
    requireViewablePersons("markInternal", state, [person]);
    state.markInternal(person, user);
  }

  /**
   * Removes a user's internal mark (user deactivated); their person node and interactions stay.
   *
   * @returns Whether the user had a person node.
   *
   * @example
   * graph.unmarkInternal("user-ben"); // true
   */
  unmarkInternal(userUuid: string): boolean {
    const state = stateOf("unmarkInternal", this);
    const record = state.personByUser.get(requireUuid("unmarkInternal", "userUuid", userUuid));
    if (record === undefined) return false;
    state.unmarkInternal(record);
    return true;
  }

  /**
   * Whether the person is in the graph.
   *
   * @example
   * graph.hasPerson("person-ada"); // true
   */
  hasPerson(personUuid: string): boolean {
    return stateOf("hasPerson", this).person(requireUuid("hasPerson", "personUuid", personUuid)) !== undefined;
  }

  /**
   * Whether an interaction with this id is in the graph (cancelled ones included).
   *
   * @example
   * graph.hasInteraction("e1"); // true
   */
  hasInteraction(id: string): boolean {
    return stateOf("hasInteraction", this).table.ids.has(requireUuid("hasInteraction", "id", id));
  }

  /**
   * The user whose person node this is, or null.
   *
   * @example
   * graph.userOfPerson("person-ada"); // "user-ada"
   */
  userOfPerson(personUuid: string): string | null {
    return stateOf("userOfPerson", this).person(requireUuid("userOfPerson", "personUuid", personUuid))?.userUuid ?? null;
  }

  /**
   * The person node of a user, or null.
   *
   * @example
   * graph.personOfUser("user-ada"); // "person-ada"
   */
  personOfUser(userUuid: string): string | null {
    return stateOf("personOfUser", this).personByUser.get(requireUuid("personOfUser", "userUuid", userUuid))?.uuid ?? null;
  }

  /**
   * Every internal user with their person node, ordered by user uuid.
   *
   * @example
   * graph.internalUsers(); // [{ userUuid: "user-ada", personUuid: "person-ada" }]
   */
  internalUsers(): InternalUser[] {
    const users = [...stateOf("internalUsers", this).personByUser].map(([userUuid, record]) => ({ userUuid, personUuid: record.uuid }));
    return users.sort((left, right) => compareUuids(left.userUuid, right.userUuid));
  }

  /**
   * Persons currently affiliated with a company, ordered by uuid.
   *
   * @example
   * graph.affiliatedPersons("company-acme"); // ["person-dana"]
   */
  affiliatedPersons(companyUuid: string): string[] {
    const members = stateOf("affiliatedPersons", this).companyMembers.get(requireUuid("affiliatedPersons", "companyUuid", companyUuid));
    return [...(members ?? [])].map((record) => record.uuid).sort(compareUuids);
  }

  /**
   * The companies at least one person is currently affiliated with, ordered by uuid.
   *
   * @example
   * graph.companyUuids(); // ["company-acme"]
   */
  companyUuids(): string[] {
    return [...stateOf("companyUuids", this).companyMembers.keys()].sort(compareUuids);
  }

  /**
   * The persons that share an edge with a person (an email or meeting at any time), in the order their
   * edges were made (a user's can be hundreds of thousands: sort them if you need an order); none for a
   * person not in the graph.
   *
   * @example
   * graph.neighboursOf("person-ada"); // ["person-cleo"]
   */
  neighboursOf(personUuid: string): string[] {
    const state = stateOf("neighboursOf", this);
    const neighbours = state.person(requireUuid("neighboursOf", "personUuid", personUuid))?.neighbours ?? [];
    return neighbours.map((index) => state.record(index).uuid);
  }

  /**
   * The interactions a person takes part in that the graph counts (cancelled meetings, emails without a
   * sender and interactions of fewer than two distinct persons are left out), as interactions to add to another graph: participants as
   * the graph normalized them (distinct, the sender or organizer first), in no set order (it follows the order
   * they were added: sort them, by `occurredAt` then `id`, for one). None for a person not in the graph.
   * A busy person's list is long (a user's can be hundreds of thousands).
   *
   * @example
   * const sample = new RelationshipGraph();
   * for (const interaction of graph.interactionsOf("person-dana")) sample.addInteraction(interaction);
   */
  interactionsOf(personUuid: string): Interaction[] {
    const state = stateOf("interactionsOf", this);
    const person = state.person(requireUuid("interactionsOf", "personUuid", personUuid));
    return person === undefined ? [] : interactionsOfPerson(state, person);
  }

  /**
   * Companies a person is currently affiliated with, ordered by uuid.
   *
   * @example
   * graph.companiesOf("person-dana"); // ["company-acme"]
   */
  companiesOf(personUuid: string): string[] {
    return [...(stateOf("companiesOf", this).person(requireUuid("companiesOf", "personUuid", personUuid))?.companies ?? [])].sort(compareUuids);
  }
}
