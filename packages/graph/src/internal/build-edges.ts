/** @module The single sweep that builds every edge at the end of a hydration. */
import { emptyAggregate, foldInteraction, type PairAggregate } from "./edge-table.js";
import type { GraphState, PersonRecord } from "./graph-state.js";

type Kind = "meeting" | "low" | "high";

/**
 * Builds every edge of a bulk load in one sweep over the persons' interaction lists, pausing (a `yield`)
 * between persons once about `sliceSize` units of work (a person and each of its interactions) were done
 * since the last pause, so an asynchronous hydration can return to its event loop. Each pair is folded
 * into its edge by one of its two persons, its owner, and the edge is created on first sight: so it is
 * indexed exactly once and no per-contribution edge lookup is needed.
 *
 * The owner of a pair between an internal user and an external person is the external person, which
 * builds those edges before its other ones. A person's edges to the team thus take adjacent slots in the
 * edge table: a ranking reads them together for every bridge it crosses, which at scale is a cache miss
 * per edge when they are scattered. Other pairs are owned by the lower person index.
 *
 * @example
 * state.beginBulkLoad(); // ...state.update(row) for every row...
 * state.finishBulkLoad(); // runs buildEdges(state, warmAt, sliceSize) to its end
 */
export function* buildEdges(state: GraphState, warmAt: number | undefined, sliceSize: number): Generator<void, void, undefined> {
  const table = state.table;
  const participants = table.participants;
  const exponent = state.parameters.audienceExponent;
  const halfLife = state.halfLifeMilliseconds;
  const maximumAttendees = state.parameters.maximumMeetingAttendees;
  const internal = new Uint8Array(state.records.length);
  for (const record of state.records) if (record !== undefined && record.userUuid !== null) internal[record.index] = 1;
  const seenBy = new Int32Array(state.records.length).fill(-1);
  const edgeOf = new Int32Array(state.records.length);
  // Per edge of an owner with an interaction after `warmAt`: its interactions up to then, and its next one.
  const past = warmAt === undefined ? null : new Map<number, { aggregate: PairAggregate; nextAt: number }>();

  /** Folds every pair `record` owns with a person of the wanted side (internal or not) into its edge. */
  const sweep = (record: PersonRecord, wantInternal: 0 | 1): void => {
    const self = record.index;
    const selfInternal = internal[self]!;
    // Only a person with an interaction after `warmAt` can own a pair that has one.
    const warm = past !== null && record.latestAt > warmAt!;
    const owns = (other: number): boolean => {
      if (other === self || internal[other] !== wantInternal) return false;
      return selfInternal === wantInternal ? other > self : selfInternal === 0;
    };
    const fold = (other: number, occurredAt: number, factor: number, kind: Kind): void => {
      if (seenBy[other] !== self) {
        seenBy[other] = self;
        edgeOf[other] = state.createEdge(record, state.record(other));
      }
      const edge = edgeOf[other]!;
      state.edges.accumulate(edge, occurredAt, halfLife, factor, kind);
      if (!warm) return;
      let view = past!.get(edge);
      if (view === undefined) {
        view = { aggregate: emptyAggregate(), nextAt: Infinity };
        past!.set(edge, view);
      }
      if (occurredAt <= warmAt!) foldInteraction(view.aggregate, occurredAt, factor, kind, halfLife);
      else if (occurredAt < view.nextAt) view.nextAt = occurredAt;
    };
    for (const slot of record.interactions) {
      const occurredAt = table.occurredAt[slot] ?? 0;
      const count = table.count[slot] ?? 0;
      const start = table.start[slot] ?? 0;
      const factor = (count - 1) ** -exponent;
      if (state.isMeeting(slot)) {
        if (count > maximumAttendees) continue;
        for (let position = start; position < start + count; position += 1) {
          const other = participants[position] ?? -1;
          if (owns(other)) fold(other, occurredAt, factor, "meeting");
        }
        continue;
      }
      // "low" and "high" name an email's direction by the person index of its sender.
      const sender = participants[start] ?? -1;
      if (sender === self) {
        for (let position = start + 1; position < start + count; position += 1) {
          const other = participants[position] ?? -1;
          if (owns(other)) fold(other, occurredAt, factor, self < other ? "low" : "high");
        }
      } else if (owns(sender)) {
        fold(sender, occurredAt, factor, sender < self ? "low" : "high");
      }
    }
  };

  let work = 0;
  for (const record of state.records) {
    if (record === undefined) continue;
    // A person's sweep costs about its interaction count: a busy person is worth thousands of quiet ones.
    work += 1 + record.interactions.length;
    if (work >= sliceSize) {
      work = 0;
      yield;
    }
    sweep(record, 1);
    if (internal[record.index] === 0) sweep(record, 0);
    if (past === null || past.size === 0) continue;
    // The owner's pairs are complete. What a ranking at `warmAt` would otherwise rescan per pair, the first
    // time the pair mattered: the same interactions in the same order (every person lists the pair's
    // interactions alike), so the same numbers.
    for (const [edge, view] of past) {
      if (state.edges.anchorAt(edge) > warmAt!) state.edges.rememberPastView(edge, view.aggregate, view.nextAt);
    }
    past.clear();
  }
}
