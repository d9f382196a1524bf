/** @module Every person's team links copied into flat typed arrays, for rankings that cross many bridges. */
import type { EvaluationContext, GraphState } from "./graph-state.js";
import { Stamps } from "./stamps.js";

/**
 * The team links of every person (`PersonRecord.internalLinks`), position by position in typed arrays
 * (user, edge slot, the edge's first interaction), with room for each link's score. A ranking that
 * crosses hundreds of thousands of bridges reads a bridge's links here in one run of memory instead of
 * through its record and its links array (two cache misses per bridge at scale), and scores each link at
 * most once per call.
 * A table is a copy: it holds while the graph's `teamLinksVersion` stays what it was at the copy (a team
 * link's first interaction changing changes it too).
 *
 * @example
 * const table = TeamLinkTable.copy(state);
 * table.beginCall();
 * for (let link = table.start[bridge]!; link < table.start[bridge + 1]!; link += 1) table.users[link];
 */
export class TeamLinkTable {
  private readonly scored = new Stamps();

  private constructor(
    readonly version: number,
    /** Per person index: where its links start; `start[index + 1]` is where they end. */
    readonly start: Int32Array,
    /** Per link: the internal user's person index, and the slot of the edge between them. */
    readonly users: Int32Array,
    readonly edges: Int32Array,
    /** Per link: its edge's first interaction; the link counts at any `now` from then on. */
    readonly firstAt: Float64Array,
    /** Per person index: 1 for an internal user's own person. */
    readonly isUser: Uint8Array,
    /** Per person index: the user's place in `team` (0 to team size - 1), -1 for other persons. */
    readonly teamSlot: Int32Array,
    /** Per team slot: the user's person index. */
    readonly team: Int32Array,
    /** Per link: its edge's score in the current call, once `linkScore` has computed it. */
    private readonly scores: Float64Array,
  ) {}

  /** Copies the state's team links (one pass over every person). */
  static copy(state: GraphState): TeamLinkTable {
    const records = state.records;
    const count = records.length;
    const start = new Int32Array(count + 1);
    const isUser = new Uint8Array(count);
    const teamSlot = new Int32Array(count).fill(-1);
    const team: number[] = [];
    let total = 0;
    for (let index = 0; index < count; index += 1) {
      start[index] = total;
      const record = records[index];
      if (record === undefined) continue;
      if (record.userUuid !== null) {
        isUser[index] = 1;
        teamSlot[index] = team.length;
        team.push(index);
      }
      if (record.internalLinks !== null) total += record.internalLinks.length >> 1;
    }
    start[count] = total;
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
    return new TeamLinkTable(state.teamLinksVersion, start, users, edges, firstAt, isUser, teamSlot, Int32Array.from(team), new Float64Array(total));
  }

  /** Whether the table still matches the state's team links. */
  isCurrent(state: GraphState): boolean {
    return this.version === state.teamLinksVersion;
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
}

const tables = new WeakMap<GraphState, TeamLinkTable>();

/** The graph's table when it is current, else null (copying costs a pass over every person). */
export function currentTeamLinkTable(state: GraphState): TeamLinkTable | null {
  const table = tables.get(state);
  return table !== undefined && table.isCurrent(state) ? table : null;
}

/** The graph's table, copied afresh when the team links changed since the last copy. */
export function teamLinkTable(state: GraphState): TeamLinkTable {
  const current = currentTeamLinkTable(state);
  if (current !== null) return current;
  const table = TeamLinkTable.copy(state);
  tables.set(state, table);
  return table;
}
