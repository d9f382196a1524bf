/** @module Per person, its latest interaction with any internal user, kept until one of its team links changes. */
import type { EdgeTable } from "./edge-table.js";
import type { PersonRecord } from "./graph-state.js";
import { grown } from "./grown-array.js";

/**
 * For each person: the latest interaction (`anchorAt`) over its edges to internal users that hold one, after
 * `now` or not; -Infinity when it has none. Computed from the person's team links when first asked, and kept
 * until the graph forgets it: whenever one of those edges is written, created or dropped, or who is a user
 * changes. A company's `last_engaged_at` is the latest of its members' at or before `now`, so a member whose
 * latest is not after `now` needs no read of its links (see `large-company-relationships.ts`).
 *
 * @example
 * latest.of(dana.index, state.records, state.edges); // the time of dana's latest interaction with the team
 * latest.forget(dana.index); // an edge between dana and a user was written
 */
export class LatestTeamInteractions {
  /** By person index; NaN where not computed since last forgotten. */
  private latest = new Float64Array(0);

  /** The latest interaction of the person at index `person` (of `records`) with the team; its team links are read only when not kept. */
  of(person: number, records: readonly (PersonRecord | undefined)[], edges: EdgeTable): number {
    if (person >= this.latest.length) this.latest = grown(this.latest, Math.max(person + 1, 2 * this.latest.length)).fill(Number.NaN, this.latest.length);
    const kept = this.latest[person]!;
    if (!Number.isNaN(kept)) return kept;
    const links = records[person]?.internalLinks ?? null;
    let latest = -Infinity;
    if (links !== null) {
      for (let position = 1; position < links.length; position += 2) {
        const edge = links[position]!;
        if (edges.interactionCount(edge) > 0 && edges.anchorAt(edge) > latest) latest = edges.anchorAt(edge);
      }
    }
    this.latest[person] = latest;
    return latest;
  }

  /** One of `person`'s team links came, went or was written. */
  forget(person: number): void {
    if (person < this.latest.length) this.latest[person] = Number.NaN;
  }

  /** Who is a user changed, or the graph is loaded afresh: nothing kept holds. */
  forgetAll(): void {
    this.latest.fill(Number.NaN);
  }
}
