/** @module Per company, the person indices of its external members, listed once and kept until its members change. */
import type { PersonRecord } from "./graph-state.js";

const NONE = new Int32Array(0);

/**
 * The external members of companies, as person indices: what a large company's ranking reads member by member
 * (kept counts, masks, bounds), without visiting a record or a set entry per member. A list is made at its
 * company's first ask and kept until the company's affiliations or a member's user mark change (`forget`).
 *
 * @example
 * const members = lists.of("acme", state.companyMembers.get("acme")); // Int32Array of person indices
 * lists.forget("acme"); // after an affiliation of acme changed
 */
export class ExternalMemberLists {
  private readonly lists = new Map<string, Int32Array>();

  /** The person indices of the company's current external members (`members`: all its members), in no set order. */
  of(companyUuid: string, members: ReadonlySet<PersonRecord> | undefined): Int32Array {
    const kept = this.lists.get(companyUuid);
    if (kept !== undefined) return kept;
    if (members === undefined) return NONE;
    const indices: number[] = [];
    // forEach, not for-of: iterating a large company's members allocated a result object each.
    members.forEach((record) => {
      if (record.userUuid === null) indices.push(record.index);
    });
    const list = Int32Array.from(indices);
    this.lists.set(companyUuid, list);
    return list;
  }

  /** The company's list when one is kept, without making one. */
  peek(companyUuid: string): Int32Array | undefined {
    return this.lists.get(companyUuid);
  }

  /** The company's affiliations, or the user mark of one of its members, changed. */
  forget(companyUuid: string): void {
    this.lists.delete(companyUuid);
  }
}
