/** @module Every person's team links copied into flat typed arrays, for rankings that cross many bridges. */
import type { EvaluationContext, GraphState } from "./graph-state.js";
import { Stamps } from "./stamps.js";

/** Links a person's region holds at least once it has been rewritten: a contact gains colleagues one by one. */
const MINIMUM_ROOM = 4;

/** Team slots one number of a person's link mask holds (as bits of a 32-bit integer). */
export const SLOTS_PER_WORD = 32;

/**
 * Most persons x team slots a table keeps two-hop counts for (4 bytes each: 128 MiB): past it, rankings
 * count a target's paths from its bridges' masks, as without the counts. Scale L is 200,000 x 20.
 */
const MAXIMUM_KEPT_COUNTS = 2 ** 25;

/**
 * The team links of every person (`PersonRecord.internalLinks`), person by person in typed arrays (user,
 * edge slot, the edge's first interaction), with room for each link's score. A ranking that crosses
 * hundreds of thousands of bridges reads a bridge's links here in one run of memory instead of through
 * its record and its links array (two cache misses per bridge at scale), and scores each link at most
 * once per call.
 *
 * A table follows the graph: before it is read, the persons whose links changed since (the state's
 * `teamLinkLog`) have their region rewritten, in place when it has room, else at the end of the arrays.
 * When the team itself changed, or the table fell too far behind, it is copied afresh.
 *
 * Each person also has a summary of its links in `masks`, `maskStride` numbers side by side: the latest
 * first interaction among them, then the team slots it links to, 32 to a number. A ranking that only needs
 * to count a bridge's paths reads one cache line there instead of the person's region.
 *
 * Each person also has its two-hop counts kept: per team slot, how many of its neighbours (bridges) link
 * to that user, the sum of its neighbours' masks. A company's ranking counts the paths to thousands of
 * members; with the counts it reads one row a member, not every bridge's mask (`addTwoHopCounts`). The
 * counts take in only the bridges settled at the table's `settledAt`: their edge with the person and all
 * their team links began by then. The others are the person's late bridges, counted one by one at each
 * `now`; the counts serve any `now` from `settledAt` on. Catching up keeps them: a person whose mask
 * changed passes the change to each neighbour's row (or joins its late bridges), and a person whose
 * neighbours or edges' first interactions changed (the state's `neighbourLog`) is counted afresh.
 *
 * @example
 * const table = teamLinkTable(state);
 * table.beginCall();
 * for (let link = table.start[bridge]!; link < table.end[bridge]!; link += 1) table.users[link];
 */
export class TeamLinkTable {
  private readonly scored = new Stamps();
  /** The persons counted afresh in one catch-up. */
  private readonly recounted = new Stamps();
  /** Scratch: a person's mask before its rewrite. */
  private readonly previousMask: Float64Array;
  /** Per person index: how many links its region can hold. */
  private room: Int32Array;
  /** Links in use at the front of the link arrays (regions, and the rooms left behind by moved ones). */
  private used: number;
  /** Links of every person, as of `version`. */
  private live: number;
  /** Per link: its edge's score in the current call, once `linkScore` has computed it. */
  private scores: Float64Array;
  /**
   * Per person index, `maskStride` numbers: the latest `firstAt` of its links, then its team slots as bits
   * (slot `s` is bit `s % 32` of number `1 + floor(s / 32)`). All zero for a person without team links and
   * for an internal user's own person, which is never a bridge.
   */
  public masks: Float64Array;
  /** Numbers per person in `masks`: one, and one per 32 team slots. */
  readonly maskStride: number;
  /**
   * Per person index, `team.length` counts: how many of its settled bridges link to each team slot (see
   * `addTwoHopCounts`); null when the graph is too large to keep them (`MAXIMUM_KEPT_COUNTS`). A user's
   * own person keeps none.
   */
  private twoHopCounts: Int32Array | null;
  /** Per person index: its late bridges as (bridge index, edge slot) pairs, or null without any. */
  private late: (number[] | null)[];
  /** How far the table has read the state's `neighbourLog`. */
  private neighbourLogPosition: number;

  /**
   * The time the kept two-hop counts are settled at: they serve rankings at any `now` from then on.
   * Infinity until they are first settled (`settle`).
   */
  settledAt = Infinity;
  /** Late bridges listed over all persons: when they grow many, the counts are settled afresh. */
  private lateCount = 0;
  /**
   * Moves whenever the table's links, masks, kept counts or late bridges may have changed (a catch-up with
   * changes to read, a settle): what was summed from them before holds while it stays the same, and, past a
   * catch-up, while none of the persons it was summed over changed (`unchangedSince`).
   */
  revision = 0;
  /** The revision of the last settle, which changes every person's counts. */
  private settledRevision = 0;
  /** Per person index: the revision at which a catch-up last changed its links, mask, counts or late bridges. */
  private changedAt: Int32Array;

  private constructor(
    state: GraphState,
    settledAt: number,
    /** The state's `teamLinksVersion` the table matches, and how far it has read the state's log. */
    private version: number,
    private logPosition: number,
    /** Per person index: where its links start and end. */
    public start: Int32Array,
    public end: Int32Array,
    /** Per link: the internal user's person index, and the slot of the edge between them. */
    public users: Int32Array,
    public edges: Int32Array,
    /** Per link: its edge's first interaction; the link counts at any `now` from then on. */
    public firstAt: Float64Array,
    /** Per person index: 1 for an internal user's own person. */
    public isUser: Uint8Array,
    /** Per person index: the user's place in `team` (0 to team size - 1), -1 for other persons. */
    public teamSlot: Int32Array,
    /** Per team slot: the user's person index. */
    readonly team: Int32Array,
  ) {
    this.room = Int32Array.from(end, (last, index) => last - start[index]!);
    this.changedAt = new Int32Array(start.length);
    this.used = users.length;
    this.live = users.length;
    this.scores = new Float64Array(users.length);
    this.maskStride = 1 + Math.max(1, Math.ceil(team.length / SLOTS_PER_WORD));
    this.previousMask = new Float64Array(this.maskStride);
    this.masks = new Float64Array(start.length * this.maskStride);
    for (let index = 0; index < start.length; index += 1) this.summarize(index);
    this.neighbourLogPosition = state.neighbourLog.end;
    this.late = new Array<number[] | null>(start.length).fill(null);
    this.twoHopCounts = null;
    if (settledAt !== Infinity) this.settle(state, settledAt);
  }

  /**
   * Counts every person's two-hop paths afresh, settled at `at` (a pass over every edge): they serve
   * rankings at any `now` from `at` on. Nothing is kept when the graph is too large (`MAXIMUM_KEPT_COUNTS`).
   */
  settle(state: GraphState, at: number): void {
    const persons = this.start.length;
    this.revision += 1;
    this.settledRevision = this.revision;
    this.settledAt = at;
    this.lateCount = 0;
    this.late.fill(null);
    this.twoHopCounts = persons * this.team.length <= MAXIMUM_KEPT_COUNTS ? new Int32Array(persons * this.team.length) : null;
    for (let index = 0; index < persons; index += 1) this.recount(state, index);
  }

  /**
   * Whether a ranking at `now` should settle the counts (`settle`) before it reads them: they were never
   * settled, or `now` is later and the late bridges have grown to an eighth of the graph's edges (each
   * interaction after `settledAt` that joins a new pair makes its bridge late).
   */
  wantsSettling(state: GraphState, now: number): boolean {
    if (this.settledAt === Infinity) return true;
    return now > this.settledAt && this.lateCount > state.edges.live / 8;
  }

  /**
   * Copies the state's team links (one pass over every person), and counts each person's two-hop paths
   * settled at `settledAt` (another pass, over every edge).
   */
  static copy(state: GraphState, settledAt = Infinity): TeamLinkTable {
    const records = state.records;
    const count = records.length;
    const start = new Int32Array(count);
    const end = new Int32Array(count);
    const isUser = new Uint8Array(count);
    const teamSlot = new Int32Array(count).fill(-1);
    const team: number[] = [];
    let total = 0;
    for (let index = 0; index < count; index += 1) {
      start[index] = total;
      const record = records[index];
      if (record !== undefined) {
        if (record.userUuid !== null) {
          isUser[index] = 1;
          teamSlot[index] = team.length;
          team.push(index);
        }
        if (record.internalLinks !== null) total += record.internalLinks.length >> 1;
      }
      end[index] = total;
    }
    const users = new Int32Array(total);
    const edges = new Int32Array(total);
    const firstAt = new Float64Array(total);
    for (let index = 0; index < count; index += 1) {
      const links = records[index]?.internalLinks;
      if (links === null || links === undefined) continue;
      let link = start[index]!;
      for (let position = 0; position < links.length; position += 2, link += 1) {
        users[link] = links[position]!;
        edges[link] = links[position + 1]!;
        firstAt[link] = state.edges.firstAt(edges[link]!);
      }
    }
    return new TeamLinkTable(state, settledAt, state.teamLinksVersion, state.teamLinkLog.end, start, end, users, edges, firstAt, isUser, teamSlot, Int32Array.from(team));
  }

  /** Whether the table matches the state's team links and neighbours. */
  isCurrent(state: GraphState): boolean {
    return this.version === state.teamLinksVersion && this.neighbourLogPosition === state.neighbourLog.end;
  }

  /**
   * Whether what the table says of every person of `persons` (links, mask, kept counts, late bridges) is as it
   * was at `revision`: no settle since, and no catch-up since changed any of them.
   */
  unchangedSince(persons: ArrayLike<number>, revision: number): boolean {
    if (this.settledRevision > revision) return false;
    const { changedAt } = this;
    for (let at = 0; at < persons.length; at += 1) if (changedAt[persons[at]!]! > revision) return false;
    return true;
  }

  /** Whether the kept two-hop counts serve a ranking at `now` (see `addTwoHopCounts`). */
  twoHopCountsServe(now: number): boolean {
    return this.twoHopCounts !== null && this.settledAt <= now;
  }

  /**
   * Adds to `into`, by team slot, how many two-hop paths lead from each user to person `index` (not a user's
   * own person) at `now`, which `twoHopCountsServe`: a path counts when both its links have an interaction
   * by `now`. The settled bridges' counts are kept; the late ones are counted here.
   */
  addTwoHopCounts(state: GraphState, index: number, now: number, into: Int32Array): void {
    this.addSettledTwoHopCounts(index, into);
    this.addLateTwoHopPaths(state, index, now, into);
  }

  /**
   * Adds to `into`, by team slot, person `index`'s kept two-hop counts: the paths through its settled bridges,
   * the same at every `now` the counts serve (`twoHopCountsServe`).
   */
  addSettledTwoHopCounts(index: number, into: Int32Array): void {
    const counts = this.twoHopCounts!;
    const size = this.team.length;
    for (let slot = 0, at = index * size; slot < size; slot += 1, at += 1) into[slot] = into[slot]! + counts[at]!;
  }

  /** Whether person `index` has late bridges: two-hop paths that `addLateTwoHopPaths` counts at each `now`. */
  hasLateBridges(index: number): boolean {
    return (this.late[index]?.length ?? 0) > 0;
  }

  /** Adds to `into`, by team slot, the two-hop paths at `now` through person `index`'s late bridges (see `addTwoHopCounts`). */
  addLateTwoHopPaths(state: GraphState, index: number, now: number, into: Int32Array): void {
    const late = this.late[index];
    if (late === null || late === undefined) return;
    for (let at = 0; at < late.length; at += 2) {
      if (state.edges.firstAt(late[at + 1]!) <= now) this.addBridgePaths(late[at]!, index, false, now, into);
    }
  }

  /** How many team links person `index` has, whenever they began. */
  linkCount(index: number): number {
    return this.end[index]! - this.start[index]!;
  }

  /** Whether the external person at `index` has a team link that began by `now`: a team connection that counts then. */
  hasLinkBy(index: number, now: number): boolean {
    const { masks, maskStride, start, end, firstAt } = this;
    const base = index * maskStride;
    if (masks[base]! <= now) {
      for (let at = base + 1; at < base + maskStride; at += 1) if (masks[at] !== 0) return true;
      return false;
    }
    for (let link = start[index]!; link < end[index]!; link += 1) if (firstAt[link]! <= now) return true;
    return false;
  }

  /**
   * Adds to `into`, by team slot, the direct paths to the external person at `index` at `now`: one per team
   * link that began by then (a person has at most one link with each user).
   */
  addDirectPaths(index: number, now: number, into: Int32Array): void {
    this.addBridgePaths(index, -1, false, now, into);
  }

  /**
   * Whether the direct paths to the external person at `index` are the same at every `now` the kept counts
   * serve: all its team links began by `settledAt`.
   */
  directPathsSettled(index: number): boolean {
    return this.masks[index * this.maskStride]! <= this.settledAt;
  }

  /**
   * Adds to `into`, by team slot, the two-hop paths to the person at `targetIndex` through `bridge` (a person
   * with team links) at `now`: one per team link that began by then, leaving out the target's own user
   * (`targetIsUser`). From the bridge's mask alone when all its links began by `now`.
   */
  addBridgePaths(bridge: number, targetIndex: number, targetIsUser: boolean, now: number, into: Int32Array): void {
    const { start, end, users, firstAt, teamSlot, masks, maskStride } = this;
    const base = bridge * maskStride;
    if (masks[base]! <= now && !targetIsUser) {
      addSlotBits(into, 0, masks, base, maskStride, 1);
      return;
    }
    const last = end[bridge]!;
    for (let link = start[bridge]!; link < last; link += 1) {
      const userIndex = users[link]!;
      if (firstAt[link]! > now || userIndex === targetIndex) continue;
      const slot = teamSlot[userIndex]!;
      into[slot] = into[slot]! + 1;
    }
  }

  /**
   * Rewrites the regions of the persons whose team links changed since the table last matched the state;
   * false (nothing done) when it cannot: the team changed, the log started over, or most of the arrays
   * would be rooms left behind.
   */
  catchUp(state: GraphState): boolean {
    if (this.isCurrent(state)) return true;
    const changed = state.teamLinkLog.since(this.logPosition);
    const moved = state.neighbourLog.since(this.neighbourLogPosition);
    if (changed === null || moved === null || this.used > 2 * this.live + 1024) return false;
    this.revision += 1;
    this.growPersons(state.records.length);
    let previous = -1;
    for (const index of changed) {
      // Consecutive entries often name the same person (an email to several colleagues).
      if (index !== previous) this.rewrite(state, index);
      previous = index;
    }
    // After the masks: a person whose neighbours changed is counted afresh from its neighbours' new masks
    // (the changes passed on above may have missed or doubled it; a recount overwrites them).
    this.recounted.begin(state.records.length);
    for (const index of moved) {
      if (this.recounted.has(index)) continue;
      this.recounted.mark(index);
      this.recount(state, index);
    }
    this.version = state.teamLinksVersion;
    this.logPosition = state.teamLinkLog.end;
    this.neighbourLogPosition = state.neighbourLog.end;
    return true;
  }

  /** Starts a ranking call: link scores of an earlier call (another `now`, other parameters) are forgotten. */
  beginCall(): void {
    this.scored.begin(this.users.length);
  }

  /** Whether `link`'s score was computed in this call. */
  isScored(link: number): boolean {
    return this.scored.has(link);
  }

  /** The score of `link` (a link of person `index`) under `context`, computed once per call. */
  linkScore(state: GraphState, link: number, index: number, context: EvaluationContext): number {
    if (this.scored.has(link)) return this.scores[link]!;
    const score = state.scoreAt(this.users[link]!, index, this.edges[link]!, context);
    this.scores[link] = score;
    this.scored.mark(link);
    return score;
  }

  /** Room for persons added since the copy: their regions start empty (their links come through the log). */
  private growPersons(count: number): void {
    const known = this.start.length;
    if (count <= known) return;
    const capacity = Math.max(count, Math.ceil(known * 1.5));
    const grown = <T extends Int32Array | Uint8Array>(array: T, fill: number): T => {
      const next = new (array.constructor as new (length: number) => T)(capacity);
      next.set(array);
      next.fill(fill, known);
      return next;
    };
    this.start = grown(this.start, 0);
    this.end = grown(this.end, 0);
    this.room = grown(this.room, 0);
    this.isUser = grown(this.isUser, 0);
    this.teamSlot = grown(this.teamSlot, -1);
    this.changedAt = grown(this.changedAt, 0);
    const masks = new Float64Array(capacity * this.maskStride);
    masks.set(this.masks);
    this.masks = masks;
    for (let index = known; index < capacity; index += 1) this.late.push(null);
    if (this.twoHopCounts !== null) {
      if (capacity * this.team.length > MAXIMUM_KEPT_COUNTS) {
        this.twoHopCounts = null;
      } else {
        const counts = new Int32Array(capacity * this.team.length);
        counts.set(this.twoHopCounts);
        this.twoHopCounts = counts;
      }
    }
  }

  /** Writes person `index`'s summary into `masks` from its region (see `masks`). */
  private summarize(index: number): void {
    const base = index * this.maskStride;
    this.masks.fill(0, base, base + this.maskStride);
    if (this.isUser[index] === 1) return;
    let latest = -Infinity;
    for (let link = this.start[index]!; link < this.end[index]!; link += 1) {
      const slot = this.teamSlot[this.users[link]!]!;
      if (slot < 0) continue;
      const at = base + 1 + Math.floor(slot / SLOTS_PER_WORD);
      this.masks[at] = (this.masks[at]! | (1 << slot % SLOTS_PER_WORD)) >>> 0;
      latest = Math.max(latest, this.firstAt[link]!);
    }
    if (latest !== -Infinity) this.masks[base] = latest;
  }

  /** Whether the bridge whose mask starts at `base`, linked by `edge`, is settled at `settledAt` (see `twoHopCounts`). */
  private settled(state: GraphState, base: number, edge: number): boolean {
    return this.masks[base]! <= this.settledAt && state.edges.firstAt(edge) <= this.settledAt;
  }

  /** Counts person `index`'s two-hop counts afresh from its neighbours' masks, and lists its late bridges. */
  private recount(state: GraphState, index: number): void {
    const counts = this.twoHopCounts;
    if (counts === null) return;
    this.changedAt[index] = this.revision;
    const size = this.team.length;
    const row = index * size;
    counts.fill(0, row, row + size);
    this.lateCount -= (this.late[index]?.length ?? 0) >> 1;
    this.late[index] = null;
    const record = state.records[index];
    if (this.isUser[index] === 1 || record === undefined) return;
    const { masks, maskStride } = this;
    const { neighbours, neighbourEdges } = record;
    let late: number[] | null = null;
    for (let position = 0; position < neighbours.length; position += 1) {
      const base = neighbours[position]! * maskStride;
      if (!maskHasSlots(masks, base, maskStride)) continue;
      if (this.settled(state, base, neighbourEdges[position]!)) addSlotBits(counts, row, masks, base, maskStride, 1);
      else (late ??= []).push(neighbours[position]!, neighbourEdges[position]!);
    }
    this.late[index] = late;
    this.lateCount += (late?.length ?? 0) >> 1;
  }

  /**
   * Passes person `index`'s mask, changed from `previous`, on to its neighbours' counts: a neighbour that
   * counts it among its settled bridges loses the old mask's slots, and gains the new's while it stays
   * settled, else lists it among its late bridges (a late bridge is counted at each `now` already).
   */
  private passOnMask(state: GraphState, index: number, previous: Float64Array): void {
    const counts = this.twoHopCounts;
    const record = state.records[index];
    if (counts === null || record === undefined) return;
    const { masks, maskStride } = this;
    const base = index * maskStride;
    let same = true;
    for (let at = 0; at < maskStride && same; at += 1) same = previous[at] === masks[base + at];
    if (same) return;
    const size = this.team.length;
    const hasSlots = maskHasSlots(masks, base, maskStride);
    const { neighbours, neighbourEdges } = record;
    for (let position = 0; position < neighbours.length; position += 1) {
      const neighbour = neighbours[position]!;
      // A user's own person keeps no counts (it is never counted from them).
      if (this.isUser[neighbour] === 1 || this.isLate(neighbour, index)) continue;
      this.changedAt[neighbour] = this.revision;
      const row = neighbour * size;
      addSlotBits(counts, row, previous, 0, maskStride, -1);
      const edge = neighbourEdges[position]!;
      if (!hasSlots || this.settled(state, base, edge)) addSlotBits(counts, row, masks, base, maskStride, 1);
      else {
        (this.late[neighbour] ??= []).push(index, edge);
        this.lateCount += 1;
      }
    }
  }

  /** Whether `bridge` is among person `index`'s late bridges. */
  private isLate(index: number, bridge: number): boolean {
    const late = this.late[index];
    if (late === null || late === undefined) return false;
    for (let at = 0; at < late.length; at += 2) if (late[at] === bridge) return true;
    return false;
  }

  /** Writes person `index`'s current links into its region, moving the region to the end when it is too small. */
  private rewrite(state: GraphState, index: number): void {
    // Its recount marks it too (a team link that changes is an edge that changes); marked here all the same.
    this.changedAt[index] = this.revision;
    const links = state.records[index]?.internalLinks ?? null;
    const count = links === null ? 0 : links.length >> 1;
    this.live += count - (this.end[index]! - this.start[index]!);
    if (count > this.room[index]!) {
      const room = Math.max(MINIMUM_ROOM, 2 * count);
      this.growLinks(this.used + room);
      this.start[index] = this.used;
      this.room[index] = room;
      this.used += room;
    }
    let link = this.start[index]!;
    for (let position = 0; links !== null && position < links.length; position += 2, link += 1) {
      this.users[link] = links[position]!;
      this.edges[link] = links[position + 1]!;
      this.firstAt[link] = state.edges.firstAt(this.edges[link]!);
    }
    this.end[index] = link;
    const base = index * this.maskStride;
    const previous = this.previousMask;
    previous.set(this.masks.subarray(base, base + this.maskStride));
    this.summarize(index);
    this.passOnMask(state, index, previous);
  }

  private growLinks(needed: number): void {
    if (needed <= this.users.length) return;
    const capacity = Math.max(needed, Math.ceil(this.users.length * 1.5));
    const grown = <T extends Int32Array | Float64Array>(array: T): T => {
      const next = new (array.constructor as new (length: number) => T)(capacity);
      next.set(array);
      return next;
    };
    this.users = grown(this.users);
    this.edges = grown(this.edges);
    this.firstAt = grown(this.firstAt);
    this.scores = grown(this.scores);
  }
}

/** Whether the mask at `base` of `masks` (`stride` numbers, see `TeamLinkTable.masks`) has a team slot set: its person has a team link. */
export function maskHasSlots(masks: Float64Array, base: number, stride: number): boolean {
  for (let at = base + 1; at < base + stride; at += 1) if (masks[at] !== 0) return true;
  return false;
}

/**
 * Adds `sign` (1 or -1) to the count of each team slot set in the mask at `base` of `masks` (`stride`
 * numbers: the latest first interaction, then the slots' bits), in the row of `counts` at `row`.
 */
function addSlotBits(counts: Int32Array, row: number, masks: Float64Array, base: number, stride: number, sign: number): void {
  for (let at = base + 1, first = row; at < base + stride; at += 1, first += SLOTS_PER_WORD) {
    let bits = masks[at]! | 0;
    while (bits !== 0) {
      const lowest = bits & -bits;
      const slot = first + (31 - Math.clz32(lowest));
      counts[slot] = counts[slot]! + sign;
      bits ^= lowest;
    }
  }
}

/**
 * Persons from which a graph always keeps a table: made at hydration, and made afresh by any ranking when it
 * cannot catch up (the team changed). Without one, a ranking reads every path of its target through
 * records: at benchmark scale L (200,000 persons) about 80 ms for a busy contact, against a few ms walking
 * the table strongest first; a copy costs about 30 ms there. Smaller graphs copy when a ranking crosses
 * bridges enough (recommended-paths.ts).
 */
const ALWAYS_KEPT_FROM = 10_000;

/** Whether the graph is large enough to keep a table at all times (see `ALWAYS_KEPT_FROM`). */
export function alwaysKeepsTeamLinkTable(state: GraphState): boolean {
  return state.records.length >= ALWAYS_KEPT_FROM;
}

const tables = new WeakMap<GraphState, TeamLinkTable>();

/**
 * The table a ranking reads: the graph's own when it is current; for a large graph (`alwaysKeepsTeamLinkTable`)
 * a fresh copy when it is not; else null.
 */
export function keptTeamLinkTable(state: GraphState): TeamLinkTable | null {
  return currentTeamLinkTable(state) ?? (alwaysKeepsTeamLinkTable(state) ? teamLinkTable(state) : null);
}

/**
 * The graph's table when there is one that matches the state's team links, after catching up with the
 * changes since it last did (a rewrite per person changed); else null.
 */
export function currentTeamLinkTable(state: GraphState): TeamLinkTable | null {
  const table = tables.get(state);
  return table !== undefined && table.catchUp(state) ? table : null;
}

/**
 * The graph's table, caught up or copied afresh (a pass over every person) when it cannot catch up. A copy
 * settles its two-hop counts at `settledAt` (see `TeamLinkTable.settle`); by default they wait for a ranking
 * to settle them at its `now`.
 */
export function teamLinkTable(state: GraphState, settledAt = Infinity): TeamLinkTable {
  const current = currentTeamLinkTable(state);
  if (current !== null) return current;
  const table = TeamLinkTable.copy(state, settledAt);
  tables.set(state, table);
  return table;
}
