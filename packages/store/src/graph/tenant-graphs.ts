/**
 * @module
 * Each tenant's relationship graph, held in memory: hydrated from the database on first use, then
 * kept in step by the changes that committed writes emit (no rebuild per write). A read after an
 * acknowledged write sees that write. Nothing lives only here: a restart rebuilds from the
 * database alone. Other processes' writes (`rapport import` beside the server, a second server on the
 * same file) are caught up from the graph changes log at the next read (`graph-change-log.ts`).
 */
import { hydrateGraphAsync, RelationshipGraph, type Interaction, type ScoringParameterOverrides } from "@rapport/graph";
import { setImmediate } from "node:timers/promises";
import type { Kysely } from "kysely";
import type { Database } from "../database-schema.js";
import type { InteractionRecord } from "../activity-records.js";
import type { InteractionRepository } from "../store.js";
import { InvalidInputError } from "../errors.js";
import { requireGraphChange, type GraphChange } from "./graph-change.js";
import { currentAffiliationPairs } from "./current-affiliation-pairs.js";
import { graphChangeEntriesAfter, graphChangesOf, graphChangesPosition } from "./graph-change-log.js";
import { toGraphInteraction } from "./to-graph-interaction.js";

/** The tenants' relationship graphs a store keeps (`store.graphs`): loaded on first use and kept in step with writes. */
export interface TenantGraphs {
  /** The tenant's graph, hydrated on first use. */
  forTenant(tenantUuid: string): Promise<RelationshipGraph>;
  /** The tenant's graph when it is hydrated, else null; never starts a hydration. */
  hydrated(tenantUuid: string): RelationshipGraph | null;
  /**
   * The tenants whose graph is hydrated. A server asks `forTenant` of each now and then, so that other processes'
   * writes are caught up in the background rather than by a request.
   */
  loadedTenants(): string[];
  /**
   * A graph that scores the person as the tenant's graph does: the tenant's when it is hydrated, else one
   * hydrated from the person's own interactions and the tenant's active users alone (milliseconds to seconds,
   * where the whole tenant may take a minute). Its connection scores, relationship qualities and PathPower of
   * that person are the tenant graph's; its paths, rankings and companies are not the tenant's.
   */
  ofPerson(tenantUuid: string, personUuid: string): Promise<RelationshipGraph>;
  /** Applies a committed change to the tenant's graph if it is loaded (or queues it while loading). */
  apply(tenantUuid: string, change: GraphChange): void;
  /** Drops a tenant's graph; the next read hydrates it again. */
  evict(tenantUuid: string): void;
  /**
   * The most tenants whose graphs are held at once (`maximumTenants`; Infinity: no bound). Loading one more drops
   * the graph read least recently, whose next read loads it again.
   */
  capacity(): number;
  /**
   * A count of the changes applied to the tenant's graph (and of its evictions): the graph's answers may
   * have changed since a read when this moved. 0 for a tenant that never changed here.
   */
  revision(tenantUuid: string): number;
  /**
   * Calls `listener` after each hydration that succeeds, before any reader gets the graph (changes queued
   * meanwhile applied). Returns a function that removes it. A server uses it to collect the hydration's
   * garbage at once instead of during its first requests; a listener that throws is skipped.
   */
  onHydrated(listener: HydrationListener): () => void;
}

/** Told of a tenant's graph once it is hydrated. */
export type HydrationListener = (tenantUuid: string, graph: RelationshipGraph) => void;

interface Entry {
  graph: RelationshipGraph | null;
  loading: Promise<RelationshipGraph>;
  /** Changes that committed while the graph was loading: replayed after it. */
  pending: GraphChange[];
  /** The tenant's `users` generation the graph's internal users were last read at (see `usersGeneration`). */
  usersSeen: number;
  /** A catch-up of the internal users under way, which readers wait for. */
  syncing: Promise<RelationshipGraph> | null;
  /** The tenant's `erasures` generation the graph holds every erasure of (see `erasuresGeneration`). */
  erasuresSeen: number;
  /** The position in the graph changes log the graph holds every change through (see `changesGeneration`). */
  changesSeen: number;
  /** `commitsByOthers()` when `changesSeen` was last read from the log: unchanged, every later entry is this process's. */
  othersCommitsSeen: number | undefined;
  /** While the log is read: the records this process's own writes changed meanwhile, whose reads are older. */
  touched: Set<string> | null;
}

/** Entries of the graph changes log read per statement. */
const CHANGES_PER_READ = 5_000;

/** The records a change is about, as the graph changes log names them. */
function subjectsOf(change: GraphChange): string[] {
  switch (change.type) {
    case "upsert-interaction":
      return [change.interaction.id];
    case "remove-interaction":
      return [change.id];
    case "set-affiliation":
    case "end-affiliation":
    case "set-person-affiliations":
      return [change.personUuid];
    case "merge-persons":
      return [change.canonicalUuid, change.supersededUuid];
    default:
      return [];
  }
}

/**
 * Applies one change the store announced (a write's, or a merge outcome's `graph_changes`) to a relationship graph,
 * as the store applies it to a tenant's. A graph that is not a `RelationshipGraph`, or a change that is not one of
 * known `type`, is an `InvalidInputError`.
 *
 * @example
 * for (const change of outcome.graph_changes) applyGraphChange(whatIfGraph, change);
 */
export function applyGraphChange(graph: RelationshipGraph, change: GraphChange): void {
  if (!(graph instanceof RelationshipGraph)) throw new InvalidInputError(`applyGraphChange: "graph" must be a RelationshipGraph; got ${typeof graph === "object" && graph !== null ? "an object" : String(graph)}`);
  requireGraphChange("applyGraphChange", change);
  applyCheckedChange(graph, change);
}

function applyCheckedChange(graph: RelationshipGraph, change: GraphChange): void {
  switch (change.type) {
    case "upsert-interaction":
      graph.updateInteraction(toGraphInteraction(change.interaction));
      return;
    case "remove-interaction":
      graph.removeInteraction(change.id);
      return;
    case "mark-internal":
      graph.markInternal(change.personUuid, change.userUuid);
      return;
    case "unmark-internal":
      graph.unmarkInternal(change.userUuid);
      return;
    case "set-affiliation":
      graph.setAffiliation(change.personUuid, change.companyUuid);
      return;
    case "end-affiliation":
      graph.endAffiliation(change.personUuid, change.companyUuid);
      return;
    case "set-person-affiliations": {
      const wanted = new Set(change.companyUuids);
      for (const company of graph.companiesOf(change.personUuid)) if (!wanted.has(company)) graph.endAffiliation(change.personUuid, company);
      for (const company of wanted) graph.setAffiliation(change.personUuid, company);
      return;
    }
    case "merge-persons":
      if (graph.hasPerson(change.supersededUuid)) graph.mergePersons(change.canonicalUuid, change.supersededUuid);
      return;
    case "erasure-applied":
    case "changes-applied":
      // Bookkeeping for the entry (see `apply`): nothing of the graph changes.
      return;
  }
}

async function* graphInteractions(records: AsyncIterable<InteractionRecord>): AsyncGenerator<Interaction> {
  for await (const record of records) yield toGraphInteraction(record);
}

export function createTenantGraphs(options: {
  db: Kysely<Database>;
  interactions: InteractionRepository;
  parameters?: ScoringParameterOverrides;
  /** The store's clock: a hydration prepares the rankings of its present (`hydrateGraphAsync`'s `warmAt`). */
  now?: () => number;
  /**
   * The tenant's generation of its `users` scope (migration 0007), raised by every write to its users from any
   * process; NaN inside a transaction. When it moves, a read catches the graph's internal users up with the
   * table: a user created or deactivated by another process (`rapport users deactivate` beside the server)
   * emits no change here.
   */
  usersGeneration?: (tenantUuid: string) => number;
  /**
   * The tenant's generation of its `erasures` scope, raised by every person erasure from any process; NaN inside a
   * transaction. An erasure by another process (`rapport persons erase` beside the server) emits no change here:
   * when it moves past the erasures this process applied, the next read loads the graph again, so the erased
   * person's interactions and affiliations leave every ranking, path and statistic.
   */
  erasuresGeneration?: (tenantUuid: string) => number;
  /**
   * The tenant's position in the graph changes log (store migration 0041: its `graph` generation), raised by every
   * write from any process to what the graph is built from; NaN inside a transaction. When it moves past what the
   * graph holds, a read catches the graph up with the entries it missed.
   */
  changesGeneration?: (tenantUuid: string) => number;
  /**
   * A number that changes whenever another connection commits (SQLite's `PRAGMA data_version`). While it stays, the
   * log's new entries are this process's own, whose changes the graph has: they are passed over unread.
   */
  commitsByOthers?: () => number;
  /**
   * The most tenants whose graphs are held at once (default: no bound). A load beyond it first drops the graph read
   * least recently (not one still loading or catching up): memory follows the tenants in use, not all that ever were.
   */
  maximumTenants?: number;
}): TenantGraphs {
  const { db, interactions, parameters, now, usersGeneration, erasuresGeneration, changesGeneration, commitsByOthers } = options;
  const maximumTenants = options.maximumTenants ?? Number.POSITIVE_INFINITY;
  const entries = new Map<string, Entry>();
  const revisions = new Map<string, number>();
  const changed = (tenantUuid: string) => revisions.set(tenantUuid, (revisions.get(tenantUuid) ?? 0) + 1);
  const hydrationListeners = new Set<HydrationListener>();
  const tellHydrated = (tenantUuid: string, graph: RelationshipGraph) => {
    for (const listener of hydrationListeners) {
      try {
        listener(tenantUuid, graph);
      } catch {
        // A listener's failure is its own: the graph is hydrated and serves its readers.
      }
    }
  };

  const activeUsers = (tenantUuid: string) =>
    db.selectFrom("users").select(["uuid", "person_uuid"]).where("tenant_uuid", "=", tenantUuid).where("is_active", "=", 1).execute();

  async function hydrate(tenantUuid: string): Promise<RelationshipGraph> {
    const users = await activeUsers(tenantUuid);
    return hydrateGraphAsync(
      {
        internalUsers: users.map((user) => ({ userUuid: user.uuid, personUuid: user.person_uuid })),
        affiliations: currentAffiliationPairs(db, tenantUuid),
        interactions: graphInteractions(interactions.all(tenantUuid)),
      },
      // The database reads are synchronous: without returns to the event loop, a hydration (over a minute
      // for 2M interactions) would hold every other request, of every tenant, until it ends.
      { parameters, warmAt: now?.(), yieldControl: () => setImmediate() },
    );
  }

  /** A graph of the person's interactions and the tenant's active users alone (see `ofPerson`). */
  async function hydratePerson(tenantUuid: string, personUuid: string): Promise<RelationshipGraph> {
    const users = await activeUsers(tenantUuid);
    return hydrateGraphAsync(
      {
        internalUsers: users.map((user) => ({ userUuid: user.uuid, personUuid: user.person_uuid })),
        affiliations: [],
        interactions: graphInteractions(interactions.allOf(tenantUuid, personUuid)),
      },
      { parameters, yieldControl: () => setImmediate() },
    );
  }

  /**
   * The tenant's latest position in the graph changes log, committed (read after any transaction open on the
   * connection: the snapshot of generations answers nothing inside one). The log's entries after it are applied after
   * the hydration that follows (again, for those it read: harmless).
   */
  function changesPosition(tenantUuid: string): Promise<number> {
    return changesGeneration ? graphChangesPosition(db, tenantUuid) : Promise.resolve(0);
  }

  /** Drops the tenant's graph (only `entry`, when given: not one loaded since); the next read loads it again. */
  function drop(tenantUuid: string, entry?: Entry): void {
    if (entry && entries.get(tenantUuid) !== entry) return;
    changed(tenantUuid);
    entries.delete(tenantUuid);
  }

  /** Marks and unmarks the graph's internal users until they are the table's active users; true when one moved. */
  async function catchUpUsers(tenantUuid: string, graph: RelationshipGraph): Promise<boolean> {
    const wanted = new Map((await activeUsers(tenantUuid)).map((user) => [user.uuid, user.person_uuid]));
    let moved = false;
    for (const { userUuid, personUuid } of graph.internalUsers()) {
      if (wanted.get(userUuid) === personUuid) wanted.delete(userUuid);
      else moved = graph.unmarkInternal(userUuid) || moved;
    }
    for (const [userUuid, personUuid] of wanted) {
      graph.markInternal(personUuid, userUuid);
      moved = true;
    }
    return moved;
  }

  /**
   * Applies the log's entries after the entry's position, each record read as it is now. False when the log no
   * longer holds the next entry the graph needs (it keeps each tenant's latest `GRAPH_CHANGES_KEPT`).
   */
  async function catchUpChanges(tenantUuid: string, entry: Entry, graph: RelationshipGraph): Promise<boolean> {
    const touched = new Set<string>();
    entry.touched = touched;
    try {
      for (;;) {
        const found = await graphChangeEntriesAfter(db, tenantUuid, entry.changesSeen, CHANGES_PER_READ);
        if (found.length === 0) return true;
        if (found[0]!.position !== entry.changesSeen + 1) return false;
        for (const { subject, change } of await graphChangesOf(db, tenantUuid, found)) {
          // This process wrote the record while it was read: its own change, applied already, is the later one.
          if (!touched.has(subject)) applyCheckedChange(graph, change);
        }
        entry.changesSeen = found[found.length - 1]!.position;
        if (found.length < CHANGES_PER_READ) return true;
      }
    } finally {
      entry.touched = null;
    }
  }

  /**
   * The entry's graph, first caught up with what moved since it was read: the internal users when the users
   * changed, the log's entries when another process wrote what the graph is built from; loaded again when the log
   * no longer holds what it missed.
   */
  function current(tenantUuid: string, entry: Entry & { graph: RelationshipGraph }): Promise<RelationshipGraph> {
    if (entry.syncing) return entry.syncing;
    const users = usersGeneration?.(tenantUuid) ?? Number.NaN;
    const usersMoved = !Number.isNaN(users) && users !== entry.usersSeen;
    const changes = changesGeneration?.(tenantUuid) ?? Number.NaN;
    let changesMoved = !Number.isNaN(changes) && changes > entry.changesSeen;
    if (changesMoved && commitsByOthers && commitsByOthers() === entry.othersCommitsSeen) {
      // No other connection committed since the log was last read: the new entries are this process's writes.
      entry.changesSeen = changes;
      changesMoved = false;
    }
    if (!usersMoved && !changesMoved) return Promise.resolve(entry.graph);
    const graph = entry.graph;
    const catchUp = async (): Promise<RelationshipGraph | null> => {
      let moved = false;
      if (usersMoved) {
        moved = await catchUpUsers(tenantUuid, graph);
        entry.usersSeen = users;
      }
      if (changesMoved) {
        // Read first: a commit by another process from here on is looked for at the next read.
        const othersCommits = commitsByOthers?.();
        if (!(await catchUpChanges(tenantUuid, entry, graph))) return null;
        entry.othersCommitsSeen = othersCommits;
        moved = true;
      }
      if (moved) changed(tenantUuid);
      return graph;
    };
    entry.syncing = catchUp().then(
      (caughtUp) => {
        entry.syncing = null;
        if (caughtUp !== null) return caughtUp;
        // The log no longer holds what the graph missed: read the tenant again.
        drop(tenantUuid, entry);
        return forTenant(tenantUuid);
      },
      (error: unknown) => {
        entry.syncing = null;
        // A change the graph refused, or a read that failed half way: the graph may hold part of the log.
        drop(tenantUuid, entry);
        throw error;
      },
    );
    return entry.syncing;
  }

  /** True when another process erased a person since the entry's graph was read: it must be read again. */
  function missesAnErasure(tenantUuid: string, entry: Entry): boolean {
    const generation = erasuresGeneration?.(tenantUuid) ?? Number.NaN;
    return !Number.isNaN(generation) && !Number.isNaN(entry.erasuresSeen) && generation !== entry.erasuresSeen;
  }

  function forTenant(tenantUuid: string): Promise<RelationshipGraph> {
    const known = entries.get(tenantUuid);
    if (known) {
      // Read last: the map's order is the order of last reads, least recent first (see `makeRoom`).
      entries.delete(tenantUuid);
      entries.set(tenantUuid, known);
    }
    if (known && known.graph && missesAnErasure(tenantUuid, known)) {
      drop(tenantUuid, known);
    } else if (known) {
      return known.graph ? current(tenantUuid, known as Entry & { graph: RelationshipGraph }) : known.loading;
    }
    return load(tenantUuid);
  }

  /** Drops the graphs read least recently until one more fits (a graph loading or catching up stays: readers wait on it). */
  function makeRoom(): void {
    for (const [tenantUuid, entry] of entries) {
      if (entries.size < maximumTenants) return;
      if (entry.graph !== null && entry.syncing === null) drop(tenantUuid, entry);
    }
  }

  function load(tenantUuid: string): Promise<RelationshipGraph> {
    makeRoom();
    // Read before the users are: a change to them during the hydration is caught up at the next read.
    const usersSeen = usersGeneration?.(tenantUuid) ?? Number.NaN;
    // Likewise: an erasure committed while the hydration reads may or may not be in it, and is read again.
    const erasuresSeen = erasuresGeneration?.(tenantUuid) ?? Number.NaN;
    // Before the log's position is: another process's commit in between is then looked for at the next read.
    const othersCommitsSeen = commitsByOthers?.();
    const entry: Entry = {
      graph: null,
      pending: [],
      loading: Promise.resolve(null as never),
      usersSeen,
      syncing: null,
      erasuresSeen,
      changesSeen: 0,
      othersCommitsSeen,
      touched: null,
    };
    entry.loading = changesPosition(tenantUuid)
      .then((position) => {
        entry.changesSeen = position;
        return hydrate(tenantUuid);
      })
      .then(
        (graph) => {
          for (const change of entry.pending.splice(0)) applyCheckedChange(graph, change);
          tellHydrated(tenantUuid, graph);
          entry.graph = graph;
          return graph;
        },
        (error: unknown) => {
          entries.delete(tenantUuid);
          throw error;
        },
      );
    entries.set(tenantUuid, entry);
    return entry.loading;
  }

  return {
    forTenant,
    hydrated(tenantUuid) {
      return entries.get(tenantUuid)?.graph ?? null;
    },
    loadedTenants() {
      return [...entries].filter(([, entry]) => entry.graph !== null).map(([tenantUuid]) => tenantUuid);
    },
    ofPerson(tenantUuid, personUuid) {
      const known = entries.get(tenantUuid);
      if (known?.graph && !missesAnErasure(tenantUuid, known)) return current(tenantUuid, known as Entry & { graph: RelationshipGraph });
      // Not loaded, still loading, or about to be read again: the person's own interactions score them the same.
      return hydratePerson(tenantUuid, personUuid);
    },
    apply(tenantUuid, change) {
      requireGraphChange("graphs.apply", change);
      changed(tenantUuid);
      const entry = entries.get(tenantUuid);
      if (!entry) return;
      // This process's erasure, its changes applied: the graph holds it, unless it missed an earlier one.
      if (change.type === "erasure-applied") {
        if (entry.erasuresSeen === change.generation - 1) entry.erasuresSeen = change.generation;
        return;
      }
      // This process's transaction wrote the log's entries after `after` through `through`, its changes applied.
      if (change.type === "changes-applied") {
        if (entry.changesSeen >= change.after) entry.changesSeen = Math.max(entry.changesSeen, change.through);
        return;
      }
      if (entry.touched) for (const subject of subjectsOf(change)) entry.touched.add(subject);
      if (entry.graph) applyCheckedChange(entry.graph, change);
      else entry.pending.push(change);
    },
    evict(tenantUuid) {
      drop(tenantUuid);
    },
    capacity() {
      return maximumTenants;
    },
    revision(tenantUuid) {
      return revisions.get(tenantUuid) ?? 0;
    },
    onHydrated(listener) {
      // Each call is its own registration: the same function registered twice is removed by each remover once.
      const registered: HydrationListener = (tenantUuid, graph) => listener(tenantUuid, graph);
      hydrationListeners.add(registered);
      return () => {
        hydrationListeners.delete(registered);
      };
    },
  };
}
