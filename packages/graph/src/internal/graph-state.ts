/**
 * @module The mutable heart of a RelationshipGraph: the persons' records, the interaction table,
 * the per-edge aggregates and the indexes that keep every query local to the subject's neighbourhood.
 */
import type { ScoringParameters } from "../scoring-parameters.js";
import { DAY_MILLISECONDS } from "./dates.js";
import { decayFactor } from "./decay.js";
import { requireGraphologyKeys } from "./graphology-keys.js";
import { addViewEdge, addViewNode, createGraphologyView, dropViewEdge, type GraphologyView } from "./graphology-view.js";
import { EdgeScoreMemo } from "./edge-score-memo.js";
import { BridgeOrders } from "./bridge-order.js";
import { LatestTeamInteractions } from "./latest-team-interactions.js";
import { MembersByBound } from "./members-by-bound.js";
import { MemberPathSums } from "./member-path-sums.js";
import { ExternalMemberLists } from "./external-member-lists.js";
import { EdgeBounds } from "./edge-bounds.js";
import { EdgeTable, emptyAggregate, foldInteraction, type PairAggregate, type PairSummary } from "./edge-table.js";
import type { ScoringAggregate } from "./aggregate-row.js";
import { conflict } from "./errors.js";
import { IndexMap } from "./index-map.js";
import { ACTIVE, CANCELLED, INDEXED, InteractionTable, MEETING } from "./interaction-table.js";
import type { NormalizedInteraction } from "./normalize-interaction.js";
import { buildEdges } from "./build-edges.js";
import { mergePersons } from "./merge-persons.js";
import { PairIndex } from "./pair-index.js";
import { reciprocalEmailMass } from "./reciprocal-email-mass.js";
import { compareUuids, roundScore } from "./scores.js";
import { TeamLinkLog } from "./team-link-log.js";
import { addSlot, appendSlots, removeSlot, type TimeOrderedCopy } from "./time-ordered-slots.js";
import { exactlyExtended, forEachOwnerGroup, StagedSequence } from "./staged-appends.js";
import type { ActivityIndex } from "./activity-index.js";
import { alwaysKeepsTeamLinkTable, teamLinkTable } from "./team-link-table.js";

/** What the graph keeps of one person; never handed out (the graphology view's nodes carry attributes of their own). */
export interface PersonRecord {
  readonly uuid: string;
  /** Position in `GraphState.records` and in the interaction table's participant lists. */
  readonly index: number;
  /** Set when the person is an internal user's own person node. */
  userUuid: string | null;
  /** Current affiliations (an array: nearly everyone has one or two). */
  companies: string[] | null;
  /**
   * The internal users that share an edge with this person, as pairs side by side: a user's person index,
   * then the slot of the edge (no edge lookup on the hot path of a ranking). One array rather than two:
   * a ranking reads it for every bridge it crosses, and at scale each array costs a cache miss.
   */
  internalLinks: number[] | null;
  /** Person indices of every neighbour, and the slots of the edges to them, position for position. */
  neighbours: number[];
  neighbourEdges: number[];
  /** Slots of the counted interactions this person takes part in, in the order they were added. */
  interactions: number[];
  /** Whether `interactions` is also in time order, earliest first (see time-ordered-slots.ts). */
  interactionsByTime: boolean;
  /** When `interactions` is not in time order: the same slots in time order, made when a reader first asks (see `slotsInTimeOrder`). */
  interactionsInTimeOrder: TimeOrderedCopy | null;
  /** Latest occurredAt among them (-Infinity when none). */
  latestAt: number;
  /** Remembered split of `interactions` into past and upcoming (see `GraphState.timeline`); null when stale. */
  timeline: PersonTimeline | null;
  /** A busy person's interactions laid out for activity counts (see activity-index.ts); null until asked, and when stale. */
  activityIndex: ActivityIndex | null;
}

/** One pair of a person with a team member, while summarizeTeamCounterparts counts it. */
export interface TeamPairScratch {
  summary: PairSummary;
  /** Until when the summary holds (see EdgeTable.rememberSummary). */
  until: number;
  /** Whether the pair has an interaction after `now`, so its edge's totals count more than its past. */
  ahead: boolean;
}

/** A person's interactions as seen at some `now`; it holds for every `now` in [from, until). */
export interface PersonTimeline {
  from: number;
  /** The person's first interaction after `from` (Infinity when none). */
  until: number;
  /** Latest occurredAt at or before `from` (null when none). */
  lastPastAt: number | null;
  /** Slots of the meetings after `from`, earliest first (ties by id). */
  upcomingMeetings: number[];
}

/** A company's timeline: its current external members' together (a meeting of several members listed once). */
export type CompanyTimeline = PersonTimeline;

/** Everything a score needs besides the graph: the present and the parameters in force. */
export interface EvaluationContext {
  now: number;
  parameters: ScoringParameters;
  halfLifeMilliseconds: number;
  /** The stored aggregates were built with this half-life and audience exponent, so they may be used. */
  storedAggregatesUsable: boolean;
}

/** A pair's score at `now`, with the facts behind it. */
export interface PairEvaluation {
  /** Rounded connection score, 0..1. */
  score: number;
  /** Counted (past, not cancelled) interactions between the two. */
  interactionCount: number;
  lastInteractionAt: number | null;
}

export const NO_CONNECTION: PairEvaluation = Object.freeze({ score: 0, interactionCount: 0, lastInteractionAt: null });

type PairVisitor = (first: number, second: number, sender: number, factor: number) => void;

/**
 * The state of one RelationshipGraph (reached through `stateOf`).
 *
 * @example
 * const state = new GraphState(resolveScoringParameters());
 * state.add("addInteraction", normalizeInteraction("addInteraction", interaction));
 * state.evaluatePair(state.ensurePerson("ada"), state.ensurePerson("cleo"), context).score;
 */
export class GraphState {
  /**
   * The graphology view: every person as a node and every pair as an edge, made when `graphologyView` is
   * first asked and kept in step from then on; null until then. The graph's own reads find persons through
   * `records` and edges through `pairs` and the records' neighbour lists.
   */
  graphology: GraphologyView | null = null;
  /** The edge slot of each connected pair. */
  readonly pairs = new PairIndex();
  readonly table = new InteractionTable();
  readonly edges = new EdgeTable();
  /** Scratch for one ranking call (see EdgeScoreMemo); the graph's state does not depend on it. */
  readonly scoreMemo = new EdgeScoreMemo();
  /** Scratch for one pass over a person's interactions (see summarizeTeamCounterparts). */
  readonly teamScratch = new IndexMap<TeamPairScratch>();
  /** Per person, bounds over its edges' scores and first interactions (see EdgeBounds). */
  readonly edgeBounds = new EdgeBounds();
  /** Per busy person ranked more than once, its neighbours in order of their edges' masses (see BridgeOrders). */
  readonly bridgeOrders = new BridgeOrders();
  /** A company ranking's members strongest bound first, each list's order kept until a member's bound rises (see MembersByBound). */
  readonly membersByBound = new MembersByBound();
  /** Per person, its latest interaction with the team, kept until one of its team links changes (see LatestTeamInteractions). */
  readonly latestTeamInteractions = new LatestTeamInteractions();
  readonly records: (PersonRecord | undefined)[] = [];
  readonly recordByUuid = new Map<string, PersonRecord>();
  readonly personByUser = new Map<string, PersonRecord>();
  readonly companyMembers = new Map<string, Set<PersonRecord>>();
  /** Per company ranked by its members' bounds, its external members' indices (see ExternalMemberLists). */
  readonly externalMemberLists = new ExternalMemberLists();
  /** Per company member list: its paths by team slot, summed (see MemberPathSums). */
  readonly memberPathSums = new MemberPathSums();
  /** Each company's timeline over its external members, remembered as a person's timeline is (`companyTimeline`). */
  private readonly companyActivity = new Map<string, CompanyTimeline>();
  readonly halfLifeMilliseconds: number;
  indexedCount = 0;
  /**
   * Live interactions that are not indexed (cancelled, or fewer than two distinct participants). No person's
   * list holds them, so a merge finds here the ones that name the superseded person. Added on insert and by
   * `unindex`, taken out on removal and before indexing again; `index` itself, which hydration runs for
   * every interaction, leaves the set alone.
   */
  readonly unindexedSlots = new Set<number>();
  /**
   * Raised whenever a person's team links may change (a person added, an edge with an internal user
   * created or dropped, a user marked or unmarked): copies of the links (team-link-table.ts) compare it.
   */
  teamLinksVersion = 0;
  /** Which persons' team links changed, for copies of the links to catch up (team-link-table.ts). */
  readonly teamLinkLog = new TeamLinkLog();
  /**
   * Which persons' neighbours changed (an edge created or dropped, or its first interaction moved), for the
   * kept two-hop counts to catch up (team-link-table.ts).
   */
  readonly neighbourLog = new TeamLinkLog();
  /** While true (hydration), interactions are indexed but edges are left for `finishBulkLoad`. */
  private bulkLoading = false;
  /**
   * During a hydration, the slots indexed and the edges created, in order, not yet in the persons' lists:
   * each list is then made once at its exact length (see staged-appends.ts). Until then a person's
   * `interactions` misses its staged slots, and its `neighbours`, `neighbourEdges` and `internalLinks` its
   * staged edges: the graph is not yet handed out, and each method that reads or takes from those lists
   * while slots may be staged (`unindex`, `merge`) lays them out first.
   */
  private readonly stagedSlots = new StagedSequence();
  private stagingSlots = false;
  private readonly stagedEdges = new StagedSequence();
  private stagingEdges = false;
  private readonly scratchIndices: number[] = [];
  private earliestAt = Infinity;
  private earliestStale = false;

  constructor(readonly parameters: ScoringParameters) {
    this.halfLifeMilliseconds = parameters.halfLifeDays * DAY_MILLISECONDS;
  }

  person(uuid: string): PersonRecord | undefined {
    return this.recordByUuid.get(uuid);
  }

  ensurePerson(uuid: string): PersonRecord {
    const existing = this.recordByUuid.get(uuid);
    if (existing !== undefined) return existing;
    const record: PersonRecord = {
      uuid,
      index: this.records.length,
      userUuid: null,
      companies: null,
      internalLinks: null,
      neighbours: [],
      neighbourEdges: [],
      interactions: [],
      interactionsByTime: true,
      interactionsInTimeOrder: null,
      latestAt: -Infinity,
      timeline: null,
      activityIndex: null,
    };
    this.records.push(record);
    this.teamLinksVersion += 1;
    this.recordByUuid.set(uuid, record);
    if (this.graphology !== null) addViewNode(this.graphology, uuid);
    return record;
  }

  record(index: number): PersonRecord {
    const record = this.records[index];
    if (record === undefined) throw new Error(`GraphState: person index ${index} has no record (internal inconsistency).`);
    return record;
  }

  /** Slot of the edge between two persons, -1 when they share none. */
  edgeSlot(first: PersonRecord, second: PersonRecord): number {
    return this.pairs.get(first.index, second.index);
  }

  /**
   * The graphology view (persons as nodes keyed by uuid, in the order they were made; pairs as edges keyed by
   * slot), made on the first call: a large tenant has 200,000 persons and over a million pairs, which as
   * graphology nodes and edges cost more heap, and more work for each full garbage collection, than the
   * rest of the graph; only a caller that reads the view needs them. From then on every person and edge
   * made or dropped is mirrored.
   */
  graphologyView(): GraphologyView {
    if (this.graphology === null) {
      requireGraphologyKeys(this.records);
      const view = createGraphologyView();
      for (const record of this.records) if (record !== undefined) addViewNode(view, record.uuid);
      this.pairs.forEach((slot, low, high) => addViewEdge(view, slot, this.record(low).uuid, this.record(high).uuid));
      this.graphology = view;
    }
    return this.graphology;
  }

  // ---------------------------------------------------------------- interactions

  add(functionName: string, interaction: NormalizedInteraction): void {
    if (this.table.ids.has(interaction.id)) {
      throw conflict(functionName, `an interaction with id "${interaction.id}" already exists; use updateInteraction to change it.`, interaction.id);
    }
    this.insert(interaction);
  }

  private insert(interaction: NormalizedInteraction): void {
    const slot = this.table.allocate(interaction.id);
    this.write(slot, interaction);
    if (!this.indexable(slot)) {
      this.unindexedSlots.add(slot);
      return;
    }
    this.index(slot);
    if (this.bulkLoading) return;
    const occurredAt = this.table.occurredAt[slot] ?? 0;
    this.forEachPair(slot, this.parameters.audienceExponent, (first, second, sender, factor) => {
      const left = this.record(first);
      const right = this.record(second);
      let edge = this.edgeSlot(left, right);
      if (edge < 0) edge = this.createEdge(left, right);
      const kind = sender < 0 ? "meeting" : sender === Math.min(first, second) ? "low" : "high";
      const earlier = this.edges.accumulate(edge, occurredAt, this.halfLifeMilliseconds, factor, kind);
      this.raiseEdgeBounds(edge, left, right);
      if (earlier) this.firstInteractionChanged(left, right);
    });
  }

  remove(id: string): boolean {
    const slot = this.table.ids.get(id);
    if (slot === undefined) return false;
    const affected = new Map<string, [number, number]>();
    if (this.isIndexed(slot)) {
      if (!this.bulkLoading) this.collectPairs(slot, affected);
      this.unindex(slot);
    }
    this.unindexedSlots.delete(slot);
    this.table.release(slot);
    this.rebuildPairs(affected);
    return true;
  }

  /** Replaces the interaction with the same id, or inserts it when new. */
  update(interaction: NormalizedInteraction): void {
    const slot = this.table.ids.get(interaction.id);
    if (slot === undefined) {
      this.insert(interaction);
      return;
    }
    const affected = new Map<string, [number, number]>();
    if (this.isIndexed(slot)) {
      if (!this.bulkLoading) this.collectPairs(slot, affected);
      this.unindex(slot);
    }
    this.write(slot, interaction);
    // Unindexed now, or before (then already in the set): only indexing it again takes it out.
    if (this.indexable(slot)) {
      this.unindexedSlots.delete(slot);
      this.index(slot);
      if (!this.bulkLoading) this.collectPairs(slot, affected);
    }
    this.rebuildPairs(affected);
  }

  /** Starts a hydration: from now until `finishBulkLoad`, interactions are only indexed. */
  beginBulkLoad(): void {
    this.bulkLoading = true;
    this.stagingSlots = true;
    this.bridgeOrders.clear();
    this.membersByBound.forgetAll();
    this.latestTeamInteractions.forgetAll();
  }

  /**
   * Ends a hydration: builds every edge in one sweep (see build-edges.ts) and trims spare capacity. A large
   * graph also copies its team links now (see `alwaysKeepsTeamLinkTable`). With `warmAt`, pairs with an
   * interaction after it also get their past view at `warmAt` (see buildEdges).
   */
  finishBulkLoad(warmAt?: number): void {
    for (const _ of this.finishBulkLoadInSlices(warmAt, Infinity));
  }

  /**
   * `finishBulkLoad`, pausing (a `yield`) between persons about every `sliceSize` units of work: in the edge
   * sweep a person and each of its interactions (see buildEdges), then a person and each of its edges (its
   * bounds, and its bridge order when it is busy: see BridgeOrders.prepare).
   */
  *finishBulkLoadInSlices(warmAt: number | undefined, sliceSize: number): Generator<void, void, undefined> {
    this.bulkLoading = false;
    this.stagingSlots = false;
    this.layOutStagedSlots();
    this.table.trim();
    this.stagingEdges = true;
    try {
      yield* buildEdges(this, warmAt, sliceSize);
    } finally {
      this.stagingEdges = false;
      this.layOutStagedEdges();
    }
    // The sweep wrote every edge once, by its owner: each person now takes all of its edges into its bounds.
    let work = 0;
    for (const record of this.records) {
      if (record === undefined) continue;
      work += 1 + record.neighbourEdges.length;
      if (work >= sliceSize) {
        work = 0;
        yield;
      }
      for (const edge of record.neighbourEdges) this.edgeBounds.raise(record.index, this.edges, edge, this.halfLifeMilliseconds);
      // A user's own person is never walked by order (see strongest-bridges-first.ts).
      if (record.userUuid === null) this.bridgeOrders.prepare(this.edges, record, this.halfLifeMilliseconds);
    }
    this.edges.trim();
    // Bounds rose above: no order made while the sweep yielded holds.
    this.membersByBound.forgetAll();
    this.latestTeamInteractions.forgetAll();
    if (alwaysKeepsTeamLinkTable(this)) teamLinkTable(this, warmAt);
  }

  /** Puts the staged slots (see `stagedSlots`) into their participants' lists, each list made once. */
  private layOutStagedSlots(): void {
    const staged = this.stagedSlots;
    if (staged.length === 0) return;
    const table = this.table;
    const eachParticipation = (add: (owner: number, slot: number, unused: number) => void): void => {
      for (let position = 0; position < staged.length; position += 1) {
        const slot = staged.at(position);
        const start = table.start[slot] ?? 0;
        const end = start + (table.count[slot] ?? 0);
        for (let participant = start; participant < end; participant += 1) add(table.participants[participant] ?? -1, slot, 0);
      }
    };
    forEachOwnerGroup(this.records.length, eachParticipation, 1, (owner, values, start, end) => {
      appendSlots(this.record(owner), values, start, end, table.occurredAt);
    });
    staged.clear();
  }

  /**
   * Puts the staged edges (see `stagedEdges`) into both persons' neighbour lists and, for an edge with a
   * user, into the other person's team links: in the order the edges were made, as `createEdge` would.
   */
  private layOutStagedEdges(): void {
    const staged = this.stagedEdges;
    if (staged.length === 0) return;
    const { pairs } = this;
    const eachEdge = (visit: (edge: number, low: number, high: number) => void): void => {
      for (let position = 0; position < staged.length; position += 1) {
        const edge = staged.at(position);
        visit(edge, pairs.lowOf(edge), pairs.highOf(edge));
      }
    };
    forEachOwnerGroup(
      this.records.length,
      (add) =>
        eachEdge((edge, low, high) => {
          add(low, high, edge);
          add(high, low, edge);
        }),
      2,
      (owner, values, start, end) => {
        const record = this.record(owner);
        record.neighbours = exactlyExtended(record.neighbours, values, start, end, 2, 0);
        record.neighbourEdges = exactlyExtended(record.neighbourEdges, values, start, end, 2, 1);
      },
    );
    forEachOwnerGroup(
      this.records.length,
      (add) =>
        eachEdge((edge, low, high) => {
          if (this.record(low).userUuid !== null) add(high, low, edge);
          if (this.record(high).userUuid !== null) add(low, high, edge);
        }),
      2,
      (owner, values, start, end) => {
        const record = this.record(owner);
        record.internalLinks = exactlyExtended(record.internalLinks ?? [], values, start, end, 1, 0);
      },
    );
    staged.clear();
  }

  private write(slot: number, interaction: NormalizedInteraction): void {
    const table = this.table;
    table.occurredAt[slot] = interaction.occurredAt;
    table.flags[slot] = ACTIVE | (interaction.meeting ? MEETING : 0) | (interaction.cancelled ? CANCELLED : 0);
    const indices = this.scratchIndices;
    indices.length = 0;
    for (const uuid of interaction.participants) indices.push(this.ensurePerson(uuid).index);
    table.setParticipants(slot, indices);
    // normalizeInteraction lists the sender or organizer first.
    table.leader[slot] = interaction.leader === null ? -1 : (indices[0] ?? -1);
    if (interaction.title === null) table.titles.delete(slot);
    else table.titles.set(slot, interaction.title);
  }

  /**
   * The person's last past interaction and upcoming meetings at `now`: one scan of their interactions, then
   * remembered until one of them becomes past or they change, so a busy person with a meeting ahead is not
   * rescanned on every read.
   */
  timeline(person: PersonRecord, now: number): PersonTimeline {
    const remembered = person.timeline;
    if (remembered !== null && remembered.from <= now && now < remembered.until) return remembered;
    const table = this.table;
    let lastPastAt: number | null = null;
    let until = Infinity;
    const upcomingMeetings: number[] = [];
    if (person.latestAt <= now) {
      if (person.latestAt !== -Infinity) lastPastAt = person.latestAt;
    } else {
      for (const slot of person.interactions) {
        const occurredAt = table.occurredAt[slot] ?? 0;
        if (occurredAt <= now) {
          if (lastPastAt === null || occurredAt > lastPastAt) lastPastAt = occurredAt;
          continue;
        }
        if (occurredAt < until) until = occurredAt;
        if (this.isMeeting(slot)) upcomingMeetings.push(slot);
      }
      upcomingMeetings.sort(this.compareSlots);
    }
    const timeline = { from: now, until, lastPastAt, upcomingMeetings };
    person.timeline = timeline;
    return timeline;
  }

  /**
   * The timeline at `now` of the company's current external members together: their latest past interaction
   * and their upcoming meetings, each once, earliest first. One visit of the members, then remembered until
   * one of their interactions becomes past, or until an interaction, affiliation or user mark of a member
   * changes (`forgetCompanyActivity`).
   */
  companyTimeline(companyUuid: string, now: number): CompanyTimeline {
    const remembered = this.companyActivity.get(companyUuid);
    if (remembered !== undefined && remembered.from <= now && now < remembered.until) return remembered;
    let lastPastAt: number | null = null;
    let until = Infinity;
    const upcoming = new Set<number>();
    this.companyMembers.get(companyUuid)?.forEach((member) => {
      if (member.userUuid !== null) return;
      const timeline = this.timeline(member, now);
      if (timeline.lastPastAt !== null && (lastPastAt === null || timeline.lastPastAt > lastPastAt)) lastPastAt = timeline.lastPastAt;
      if (timeline.until < until) until = timeline.until;
      for (const slot of timeline.upcomingMeetings) upcoming.add(slot);
    });
    const upcomingMeetings = [...upcoming].sort(this.compareSlots);
    const timeline = { from: now, until, lastPastAt, upcomingMeetings };
    this.companyActivity.set(companyUuid, timeline);
    return timeline;
  }

  /** The latest past interaction at `now` of the company's current external members (see `companyTimeline`). */
  companyLastActivity(companyUuid: string, now: number): number | null {
    return this.companyTimeline(companyUuid, now).lastPastAt;
  }

  private forgetCompanyActivity(record: PersonRecord): void {
    if (record.companies !== null) for (const company of record.companies) this.companyActivity.delete(company);
  }

  /** The bound of `record` rose: its companies' members, kept in order of their bounds, are ordered afresh when next read. */
  private forgetMemberOrders(record: PersonRecord): void {
    if (record.companies === null) return;
    for (const company of record.companies) {
      const members = this.externalMemberLists.peek(company);
      if (members !== undefined) this.membersByBound.forget(members);
    }
  }

  /** A user mark of `record` changed: its companies' lists of external members no longer hold. */
  private forgetExternalMemberLists(record: PersonRecord): void {
    if (record.companies !== null) for (const company of record.companies) this.externalMemberLists.forget(company);
  }

  /** Orders slots by `isEarlierSlot`: earliest first, ties by id. */
  private readonly compareSlots = (left: number, right: number): number => (this.isEarlierSlot(left, right) ? -1 : this.isEarlierSlot(right, left) ? 1 : 0);

  /** Earlier occurredAt first, then smaller id, so equal times resolve the same way every time. */
  isEarlierSlot(slot: number, than: number): boolean {
    const table = this.table;
    const at = table.occurredAt[slot] ?? 0;
    const otherAt = table.occurredAt[than] ?? 0;
    if (at !== otherAt) return at < otherAt;
    return compareUuids(table.ids.idOf(slot) ?? "", table.ids.idOf(than) ?? "") < 0;
  }

  indexable(slot: number): boolean {
    const flags = this.table.flags[slot] ?? 0;
    return (flags & ACTIVE) !== 0 && (flags & CANCELLED) === 0 && (this.table.count[slot] ?? 0) >= 2;
  }

  isIndexed(slot: number): boolean {
    return ((this.table.flags[slot] ?? 0) & INDEXED) !== 0;
  }

  isMeeting(slot: number): boolean {
    return ((this.table.flags[slot] ?? 0) & MEETING) !== 0;
  }

  index(slot: number): void {
    const table = this.table;
    table.flags[slot] = (table.flags[slot] ?? 0) | INDEXED;
    const occurredAt = table.occurredAt[slot] ?? 0;
    const start = table.start[slot] ?? 0;
    const end = start + (table.count[slot] ?? 0);
    for (let position = start; position < end; position += 1) {
      const record = this.record(table.participants[position] ?? -1);
      if (!this.stagingSlots) addSlot(record, slot, table.occurredAt);
      record.timeline = null;
      record.activityIndex = null;
      this.forgetCompanyActivity(record);
      if (occurredAt > record.latestAt) record.latestAt = occurredAt;
    }
    if (this.stagingSlots) this.stagedSlots.push(slot);
    this.indexedCount += 1;
    if (!this.earliestStale && occurredAt < this.earliestAt) this.earliestAt = occurredAt;
  }

  unindex(slot: number): void {
    this.layOutStagedSlots();
    const table = this.table;
    table.flags[slot] = (table.flags[slot] ?? 0) & ~INDEXED;
    this.unindexedSlots.add(slot);
    const occurredAt = table.occurredAt[slot] ?? 0;
    const start = table.start[slot] ?? 0;
    const end = start + (table.count[slot] ?? 0);
    for (let position = start; position < end; position += 1) {
      const record = this.record(table.participants[position] ?? -1);
      removeSlot(record, slot);
      record.timeline = null;
      record.activityIndex = null;
      this.forgetCompanyActivity(record);
      if (occurredAt >= record.latestAt) {
        let latest = -Infinity;
        for (const other of record.interactions) latest = Math.max(latest, table.occurredAt[other] ?? -Infinity);
        record.latestAt = latest;
      }
    }
    this.indexedCount -= 1;
    if (occurredAt <= this.earliestAt) this.earliestStale = true;
  }

  /**
   * A person merge's step for one indexed interaction of `from`: `from` becomes `to` among its participants
   * (listed once). While it keeps two participants it stays indexed, and only `to` gains the slot: every other
   * participant keeps its list as it is. Unindexing and indexing it again would take it out of every
   * participant's list and put it back, a search through each, and a team user's list holds most of the
   * tenant's interactions. `from` keeps the slot in its own list: the merge empties that list once, after
   * its last step. False, with nothing changed, when it would keep fewer than two: then unindex it.
   */
  moveParticipation(slot: number, from: PersonRecord, to: PersonRecord): boolean {
    const table = this.table;
    const toWasIn = table.hasParticipant(slot, to.index);
    const rewritten = this.participantsWithReplaced(slot, from.index, to.index);
    if (rewritten.length < 2) return false;
    this.replaceParticipants(slot, rewritten, from.index, to.index);
    if (!toWasIn) addSlot(to, slot, table.occurredAt);
    const occurredAt = table.occurredAt[slot] ?? 0;
    if (occurredAt > to.latestAt) to.latestAt = occurredAt;
    for (const participant of rewritten) {
      const record = this.record(participant);
      record.timeline = null;
      record.activityIndex = null;
      this.forgetCompanyActivity(record);
    }
    return true;
  }

  /**
   * A merge's step for one interaction of `from` that is not indexed: `from` becomes `to` among its
   * participants (listed once) and as its leader. No person's list holds the slot, and it stays unindexed:
   * cancelled, or still fewer than two participants.
   */
  moveUnindexedParticipation(slot: number, from: PersonRecord, to: PersonRecord): void {
    this.replaceParticipants(slot, this.participantsWithReplaced(slot, from.index, to.index), from.index, to.index);
  }

  /** The slot's participants with `from` replaced by `to`, each listed once, in their order. */
  private participantsWithReplaced(slot: number, from: number, to: number): number[] {
    const table = this.table;
    const start = table.start[slot] ?? 0;
    const rewritten: number[] = [];
    for (let position = start; position < start + (table.count[slot] ?? 0); position += 1) {
      const participant = table.participants[position] ?? -1;
      const mapped = participant === from ? to : participant;
      if (!rewritten.includes(mapped)) rewritten.push(mapped);
    }
    return rewritten;
  }

  private replaceParticipants(slot: number, participants: readonly number[], from: number, to: number): void {
    this.table.setParticipants(slot, participants);
    if (this.table.leader[slot] === from) this.table.leader[slot] = to;
  }

  /** Whether any counted interaction happened at or before `now`. */
  hasActivityAt(now: number): boolean {
    if (this.earliestStale) {
      let earliest = Infinity;
      for (let slot = 0; slot < this.table.size; slot += 1) {
        if (this.isIndexed(slot)) earliest = Math.min(earliest, this.table.occurredAt[slot] ?? Infinity);
      }
      this.earliestAt = earliest;
      this.earliestStale = false;
    }
    return this.earliestAt <= now;
  }

  // ---------------------------------------------------------------- pairs and edges

  /**
   * Calls `visit` for every pair an interaction connects: an email's sender with each recipient, every two
   * participants of a meeting of at most `maximumMeetingAttendees`. `sender` is -1 for a meeting.
   */
  forEachPair(slot: number, audienceExponent: number, visit: PairVisitor): void {
    const table = this.table;
    const count = table.count[slot] ?? 0;
    if (count < 2) return;
    const start = table.start[slot] ?? 0;
    const participants = table.participants;
    if (this.isMeeting(slot)) {
      if (count > this.parameters.maximumMeetingAttendees) return;
      const factor = (count - 1) ** -audienceExponent;
      for (let left = start; left < start + count; left += 1) {
        for (let right = left + 1; right < start + count; right += 1) {
          visit(participants[left] ?? -1, participants[right] ?? -1, -1, factor);
        }
      }
      return;
    }
    const sender = participants[start] ?? -1;
    const factor = (count - 1) ** -audienceExponent;
    for (let position = start + 1; position < start + count; position += 1) visit(sender, participants[position] ?? -1, sender, factor);
  }

  /**
   * The audience factor with which an interaction connects two persons, or NaN when it does not connect them.
   */
  pairFactor(slot: number, first: number, second: number, audienceExponent: number): number {
    const table = this.table;
    const count = table.count[slot] ?? 0;
    const start = table.start[slot] ?? 0;
    const participants = table.participants;
    if (this.isMeeting(slot)) {
      if (count < 2 || count > this.parameters.maximumMeetingAttendees) return Number.NaN;
      let found = 0;
      for (let position = start; position < start + count; position += 1) {
        const participant = participants[position];
        if (participant === first || participant === second) found += 1;
      }
      return found === 2 ? (count - 1) ** -audienceExponent : Number.NaN;
    }
    const sender = participants[start];
    const other = sender === first ? second : sender === second ? first : -1;
    if (other < 0) return Number.NaN;
    for (let position = start + 1; position < start + count; position += 1) {
      if (participants[position] === other) return (count - 1) ** -audienceExponent;
    }
    return Number.NaN;
  }

  /**
   * Recomputes a pair's aggregate from the interactions of whichever of the two has fewer, counting only
   * those at or before `now`. When `upcoming` is given, its `nextAt` becomes the pair's first interaction
   * after `now` (Infinity when none).
   */
  aggregate(
    first: PersonRecord,
    second: PersonRecord,
    halfLifeMilliseconds: number,
    audienceExponent: number,
    now: number,
    upcoming?: { nextAt: number },
  ): PairAggregate {
    const aggregate = emptyAggregate();
    const smaller = first.interactions.length <= second.interactions.length ? first : second;
    const low = Math.min(first.index, second.index);
    const table = this.table;
    for (const slot of smaller.interactions) {
      const occurredAt = table.occurredAt[slot] ?? 0;
      if (occurredAt > now) {
        if (upcoming !== undefined && occurredAt < upcoming.nextAt && !Number.isNaN(this.pairFactor(slot, first.index, second.index, audienceExponent))) {
          upcoming.nextAt = occurredAt;
        }
        continue;
      }
      const factor = this.pairFactor(slot, first.index, second.index, audienceExponent);
      if (Number.isNaN(factor)) continue;
      const kind = this.isMeeting(slot) ? "meeting" : table.participants[table.start[slot] ?? 0] === low ? "low" : "high";
      foldInteraction(aggregate, occurredAt, factor, kind, halfLifeMilliseconds);
    }
    return aggregate;
  }

  /**
   * A pair's connection score at `context.now`: from the stored aggregate when no interaction of the pair is
   * later than `now`; else from the past-only aggregate remembered for the span of `now` between the pair's
   * interactions, or by a scan that remembers it (so an upcoming meeting costs one scan, not one per score).
   */
  evaluate(first: PersonRecord, second: PersonRecord, edge: number, context: EvaluationContext): PairEvaluation {
    if (edge < 0) return NO_CONNECTION;
    const edges = this.edges;
    const anchorAt = edges.anchorAt(edge);
    if (context.storedAggregatesUsable && anchorAt <= context.now) {
      return { score: this.storedScore(edge, anchorAt, context), interactionCount: edges.interactionCount(edge), lastInteractionAt: anchorAt };
    }
    let aggregate: ScoringAggregate | undefined;
    if (context.storedAggregatesUsable) {
      aggregate = edges.pastView(edge, context.now);
      if (aggregate === undefined) {
        const upcoming = { nextAt: Infinity };
        aggregate = this.aggregate(first, second, context.halfLifeMilliseconds, context.parameters.audienceExponent, context.now, upcoming);
        edges.rememberPastView(edge, aggregate, upcoming.nextAt);
      }
    } else {
      aggregate = this.aggregate(first, second, context.halfLifeMilliseconds, context.parameters.audienceExponent, context.now);
    }
    const interactionCount = aggregate.emailsLow + aggregate.emailsHigh + aggregate.meetings;
    if (interactionCount === 0) return NO_CONNECTION;
    return {
      score: scoreOf(context, aggregate.massEmailLow, aggregate.massEmailHigh, aggregate.massMeeting, aggregate.anchorAt),
      interactionCount,
      lastInteractionAt: aggregate.anchorAt,
    };
  }

  /**
   * `evaluate(...).score` without building the evaluation, or -1 when no interaction of the pair counts at
   * `context.now`: the inner loop of a ranking asks this of every colleague of every bridge.
   */
  scoreAt(firstIndex: number, secondIndex: number, edge: number, context: EvaluationContext): number {
    if (edge < 0) return -1;
    const anchorAt = this.edges.anchorAt(edge);
    if (context.storedAggregatesUsable && anchorAt <= context.now) {
      return this.edges.interactionCount(edge) === 0 ? -1 : this.storedScore(edge, anchorAt, context);
    }
    const evaluation = this.evaluate(this.record(firstIndex), this.record(secondIndex), edge, context);
    return evaluation.interactionCount === 0 ? -1 : evaluation.score;
  }

  /**
   * A score `scoreAt` never exceeds, for ordering work: `scoreAt` itself when no interaction of the pair is
   * after `now`. Else no rescan: the stored masses, anchored at that later interaction, taken back to `now`
   * as if every email were answered, at its whole mass (interactions after `now` only add to them). -1 when none counts at `now`.
   */
  scoreCeilingAt(firstIndex: number, secondIndex: number, edge: number, context: EvaluationContext): number {
    if (edge < 0) return -1;
    const edges = this.edges;
    const anchorAt = edges.anchorAt(edge);
    if (!context.storedAggregatesUsable || anchorAt <= context.now) return this.scoreAt(firstIndex, secondIndex, edge, context);
    if (edges.firstAt(edge) > context.now) return -1;
    const { parameters } = context;
    const growth = decayFactor(context.now - anchorAt, context.halfLifeMilliseconds);
    const raw = growth * (parameters.meetingWeight * edges.meetingMass(edge) + parameters.emailWeight * edges.emailMass(edge));
    // One rounding step above, against the last bit of the rescan's arithmetic; Infinity / Infinity is NaN.
    const ceiling = roundScore(raw / (raw + parameters.saturation)) + 1e-9;
    return ceiling < 1 ? ceiling : 1;
  }

  /** Whether `scoreCeilingAt` of `edge` is only a ceiling: the pair has an interaction after `now`. */
  scoreCeilingIsInexact(edge: number, context: EvaluationContext): boolean {
    return edge >= 0 && context.storedAggregatesUsable && this.edges.anchorAt(edge) > context.now;
  }

  /** Whether `scoreAt` of `edge` would rescan the pair's interactions: one is after `now`, and no past view holds. */
  scoreNeedsRescan(edge: number, context: EvaluationContext): boolean {
    return this.scoreCeilingIsInexact(edge, context) && this.edges.pastView(edge, context.now) === undefined;
  }

  /** The score of `edge` from its stored aggregate, whose latest interaction (`anchorAt`) is not after `now`. */
  private storedScore(edge: number, anchorAt: number, context: EvaluationContext): number {
    const edges = this.edges;
    return scoreOf(context, edges.emailMassLow(edge), edges.emailMassHigh(edge), edges.meetingMass(edge), anchorAt);
  }


  evaluatePair(first: PersonRecord, second: PersonRecord, context: EvaluationContext): PairEvaluation {
    if (first === second) return NO_CONNECTION;
    return this.evaluate(first, second, this.edgeSlot(first, second), context);
  }

  createEdge(first: PersonRecord, second: PersonRecord): number {
    const edge = this.edges.allocate();
    this.pairs.set(first.index, second.index, edge);
    if (this.graphology !== null) addViewEdge(this.graphology, edge, first.uuid, second.uuid);
    if (this.stagingEdges) this.stagedEdges.push(edge);
    else this.listEdge(first, second, edge);
    this.neighboursChanged(first, second);
    this.teamLinksChanged(first, second);
    return edge;
  }

  /** Puts a new edge into both persons' neighbour lists and, when one is a user, into the other's team links. */
  private listEdge(first: PersonRecord, second: PersonRecord, edge: number): void {
    first.neighbours.push(second.index);
    first.neighbourEdges.push(edge);
    second.neighbours.push(first.index);
    second.neighbourEdges.push(edge);
    if (first.userUuid !== null) addNeighbour(second, first.index, edge);
    if (second.userUuid !== null) addNeighbour(first, second.index, edge);
  }

  dropEdge(first: PersonRecord, second: PersonRecord, edge: number): void {
    this.pairs.delete(edge);
    if (this.graphology !== null) dropViewEdge(this.graphology, edge);
    forgetNeighbour(first, edge);
    forgetNeighbour(second, edge);
    this.bridgeOrders.neighboursMoved(first);
    this.bridgeOrders.neighboursMoved(second);
    this.edges.release(edge);
    if (first.userUuid !== null) removeNeighbour(second, first.index);
    if (second.userUuid !== null) removeNeighbour(first, second.index);
    this.neighboursChanged(first, second);
    this.teamLinksChanged(first, second);
  }

  /** Collects the pairs of `slot`'s participants, or only those with the person at index `onlyWith`. */
  collectPairs(slot: number, into: Map<string, [number, number]>, onlyWith?: number): void {
    this.forEachPair(slot, this.parameters.audienceExponent, (first, second) => {
      if (onlyWith !== undefined && first !== onlyWith && second !== onlyWith) return;
      const low = Math.min(first, second);
      const high = Math.max(first, second);
      into.set(`${low}:${high}`, [low, high]);
    });
  }

  /** Rewrites the stored aggregate of each pair from scratch; exact, and used by every removal path. */
  rebuildPairs(pairs: Map<string, [number, number]>): void {
    for (const [first, second] of pairs.values()) {
      const left = this.records[first];
      const right = this.records[second];
      if (left === undefined || right === undefined) continue;
      const aggregate = this.aggregate(left, right, this.halfLifeMilliseconds, this.parameters.audienceExponent, Infinity);
      const edge = this.edgeSlot(left, right);
      if (aggregate.emailsLow + aggregate.emailsHigh + aggregate.meetings === 0) {
        if (edge >= 0) this.dropEdge(left, right, edge);
        continue;
      }
      const written = edge >= 0 ? edge : this.createEdge(left, right);
      if (this.edges.write(written, aggregate)) this.firstInteractionChanged(left, right);
      this.raiseEdgeBounds(written, left, right);
    }
  }

  private raiseEdgeBounds(edge: number, left: PersonRecord, right: PersonRecord): void {
    if (this.edgeBounds.raise(left.index, this.edges, edge, this.halfLifeMilliseconds)) this.forgetMemberOrders(left);
    if (this.edgeBounds.raise(right.index, this.edges, edge, this.halfLifeMilliseconds)) this.forgetMemberOrders(right);
    this.bridgeOrders.edgeWritten(left, right.index, edge);
    this.bridgeOrders.edgeWritten(right, left.index, edge);
    this.teamEdgeWritten(left, right);
  }

  /** The edge between `left` and `right` was written, created or dropped: when it is a team link, its external side's latest team interaction may move. */
  private teamEdgeWritten(left: PersonRecord, right: PersonRecord): void {
    if (left.userUuid !== null) this.latestTeamInteractions.forget(right.index);
    if (right.userUuid !== null) this.latestTeamInteractions.forget(left.index);
  }

  /**
   * The edge between `left` and `right` came, went or changed its first interaction: when it is a team link,
   * the external side's links changed (each side's, between two users), and copies of them are stale.
   */
  private teamLinksChanged(left: PersonRecord, right: PersonRecord): void {
    if (left.userUuid === null && right.userUuid === null) return;
    this.teamEdgeWritten(left, right);
    this.teamLinksVersion += 1;
    if (left.userUuid !== null) this.teamLinkLog.changed(right.index);
    if (right.userUuid !== null) this.teamLinkLog.changed(left.index);
  }

  /** The first interaction of the edge between `left` and `right` moved. */
  private firstInteractionChanged(left: PersonRecord, right: PersonRecord): void {
    this.neighboursChanged(left, right);
    this.teamLinksChanged(left, right);
  }

  /** An edge between `left` and `right` came, went or had its first interaction moved. */
  private neighboursChanged(left: PersonRecord, right: PersonRecord): void {
    this.neighbourLog.changed(left.index);
    this.neighbourLog.changed(right.index);
  }

  /** Who is a user changed: every copy of the team's links must be made afresh. */
  teamChanged(): void {
    this.latestTeamInteractions.forgetAll();
    this.teamLinksVersion += 1;
    this.teamLinkLog.teamChanged();
  }

  // ---------------------------------------------------------------- persons, users, companies

  markInternal(personUuid: string, userUuid: string): void {
    const record = this.ensurePerson(personUuid);
    if (record.userUuid === userUuid) return;
    const previous = this.personByUser.get(userUuid);
    if (previous !== undefined) this.unmarkInternal(previous);
    if (record.userUuid !== null) this.unmarkInternal(record);
    record.userUuid = userUuid;
    this.forgetCompanyActivity(record);
    this.forgetExternalMemberLists(record);
    this.teamChanged();
    this.personByUser.set(userUuid, record);
    const { neighbours, neighbourEdges } = record;
    for (let position = 0; position < neighbours.length; position += 1) {
      addNeighbour(this.record(neighbours[position]!), record.index, neighbourEdges[position]!);
    }
  }

  unmarkInternal(record: PersonRecord): void {
    if (record.userUuid === null) return;
    this.personByUser.delete(record.userUuid);
    record.userUuid = null;
    this.forgetCompanyActivity(record);
    this.forgetExternalMemberLists(record);
    this.teamChanged();
    for (const neighbour of record.neighbours) removeNeighbour(this.record(neighbour), record.index);
  }

  setAffiliation(personUuid: string, companyUuid: string): void {
    const record = this.ensurePerson(personUuid);
    // A literal rather than a push onto an empty array, which would keep 16 spare elements: nearly everyone has one company.
    if (record.companies === null) record.companies = [companyUuid];
    else if (!record.companies.includes(companyUuid)) record.companies.push(companyUuid);
    let members = this.companyMembers.get(companyUuid);
    if (members === undefined) {
      members = new Set();
      this.companyMembers.set(companyUuid, members);
    }
    members.add(record);
    this.companyActivity.delete(companyUuid);
    this.externalMemberLists.forget(companyUuid);
  }

  endAffiliation(personUuid: string, companyUuid: string): boolean {
    const record = this.recordByUuid.get(personUuid);
    const position = record?.companies?.indexOf(companyUuid) ?? -1;
    if (record === undefined || record.companies === null || position < 0) return false;
    record.companies.splice(position, 1);
    if (record.companies.length === 0) record.companies = null;
    const members = this.companyMembers.get(companyUuid);
    members?.delete(record);
    if (members?.size === 0) this.companyMembers.delete(companyUuid);
    this.companyActivity.delete(companyUuid);
    this.externalMemberLists.forget(companyUuid);
    return true;
  }

  /** Moves everything of `supersededUuid` onto `canonicalUuid` and deletes the superseded person (see merge-persons.ts). */
  merge(functionName: string, canonicalUuid: string, supersededUuid: string): void {
    this.layOutStagedSlots();
    mergePersons(this, functionName, canonicalUuid, supersededUuid);
  }
}

function forgetNeighbour(record: PersonRecord, edge: number): void {
  const position = record.neighbourEdges.lastIndexOf(edge);
  if (position < 0) return;
  record.neighbours.splice(position, 1);
  record.neighbourEdges.splice(position, 1);
}

function addNeighbour(record: PersonRecord, index: number, edge: number): void {
  // A literal for the first link, as for a person's first company (see `setAffiliation`).
  if (record.internalLinks === null) record.internalLinks = [index, edge];
  else record.internalLinks.push(index, edge);
}

function removeNeighbour(record: PersonRecord, index: number): void {
  const links = record.internalLinks;
  if (links === null) return;
  for (let position = 0; position < links.length; position += 2) {
    if (links[position] !== index) continue;
    links.splice(position, 2);
    if (links.length === 0) record.internalLinks = null;
    return;
  }
}

/**
 * The person indices of the internal users linked to `record` (see `PersonRecord.internalLinks`).
 * @example internalNeighbours(state.ensurePerson("dana")); // [0]
 */
export function internalNeighbours(record: PersonRecord): number[] | null {
  const links = record.internalLinks;
  return links === null ? null : links.filter((_value, position) => position % 2 === 0);
}

/**
 * `raw / (raw + saturation)` where raw is the decayed, weighted mass at `now`, its emails weighted by how
 * balanced the exchange is (`reciprocalEmailMass`).
 */
function scoreOf(context: EvaluationContext, emailMassLow: number, emailMassHigh: number, meetingMass: number, anchorAt: number): number {
  const { parameters } = context;
  const decay = decayFactor(context.now - anchorAt, context.halfLifeMilliseconds);
  const weightedEmails = parameters.emailWeight * reciprocalEmailMass(emailMassLow, emailMassHigh, parameters.oneWayFactor);
  const raw = decay * (parameters.meetingWeight * meetingMass + weightedEmails);
  return roundScore(raw / (raw + parameters.saturation));
}
