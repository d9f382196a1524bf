/** @module Every person's team links copied into flat typed arrays, for rankings that cross many bridges. */
import type { EvaluationContext, GraphState } from "./graph-state.js";
import { Stamps } from "./stamps.js";

/** Links a person's region holds at least once it has been rewritten: a contact gains colleagues one by one. */
const MINIMUM_ROOM = 4;

/** Team slots one number of a person's link mask holds (as bits of a 32-bit integer). */
export const SLOTS_PER_WORD = 32;

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
 * @example
 * const table = teamLinkTable(state);
 * table.beginCall();
 * for (let link = table.start[bridge]!; link < table.end[bridge]!; link += 1) table.users[link];
 */
export class TeamLinkTable {
  private readonly scored = new Stamps();
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

  private constructor(
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
    this.used = users.length;
    this.live = users.length;
    this.scores = new Float64Array(users.length);
    this.maskStride = 1 + Math.max(1, Math.ceil(team.length / SLOTS_PER_WORD));
    this.masks = new Float64Array(start.length * this.maskStride);
    for (let index = 0; index < start.length; index += 1) this.summarize(index);
  }

  /** Copies the state's team links (one pass over every person). */
  static copy(state: GraphState): TeamLinkTable {
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
    return new TeamLinkTable(state.teamLinksVersion, state.teamLinkLog.end, start, end, users, edges, firstAt, isUser, teamSlot, Int32Array.from(team));
  }

  /** Whether the table matches the state's team links. */
  isCurrent(state: GraphState): boolean {
    return this.version === state.teamLinksVersion;
  }

  /**
   * Rewrites the regions of the persons whose team links changed since the table last matched the state;
   * false (nothing done) when it cannot: the team changed, the log started over, or most of the arrays
   * would be rooms left behind.
   */
  catchUp(state: GraphState): boolean {
    if (this.isCurrent(state)) return true;
    const changed = state.teamLinkLog.since(this.logPosition);
    if (changed === null || this.used > 2 * this.live + 1024) return false;
    this.growPersons(state.records.length);
    let previous = -1;
    for (const index of changed) {
      // Consecutive entries often name the same person (an email to several colleagues).
      if (index !== previous) this.rewrite(state, index);
      previous = index;
    }
    this.version = state.teamLinksVersion;
    this.logPosition = state.teamLinkLog.end;
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
    const masks = new Float64Array(capacity * this.maskStride);
    masks.set(this.masks);
    this.masks = masks;
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

  /** Writes person `index`'s current links into its region, moving the region to the end when it is too small. */
  private rewrite(state: GraphState, index: number): void {
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
    this.summarize(index);
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
 * The graph's table when there is one that matches the state's team links, after catching up with the
 * changes since it last did (a rewrite per person changed); else null.
 */
export function currentTeamLinkTable(state: GraphState): TeamLinkTable | null {
  const table = tables.get(state);
  return table !== undefined && table.catchUp(state) ? table : null;
}

/** The graph's table, caught up or copied afresh (a pass over every person) when it cannot catch up. */
export function teamLinkTable(state: GraphState): TeamLinkTable {
  const current = currentTeamLinkTable(state);
  if (current !== null) return current;
  const table = TeamLinkTable.copy(state);
  tables.set(state, table);
  return table;
}
