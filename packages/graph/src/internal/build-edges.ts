/** @module The single sweep that builds every edge at the end of a hydration. */
import type { GraphState } from "./graph-state.js";

/**
 * Builds every edge of a bulk load in one sweep over the persons' interaction lists: for each person, the
 * pairs it forms with higher-indexed persons are folded into their edge, created on first sight. Each edge
 * is thus added to graphology exactly once and no per-contribution edge lookup is needed.
 *
 * @example
 * state.beginBulkLoad(); // ...state.update(row) for every row...
 * state.finishBulkLoad(); // calls buildEdges(state)
 */
export function buildEdges(state: GraphState): void {
  const table = state.table;
  const participants = table.participants;
  const exponent = state.parameters.audienceExponent;
  const halfLife = state.halfLifeMilliseconds;
  const seenBy = new Int32Array(state.records.length).fill(-1);
  const edgeOf = new Int32Array(state.records.length);
  for (const record of state.records) {
    if (record === undefined) continue;
    const self = record.index;
    const fold = (other: number, occurredAt: number, factor: number, kind: "meeting" | "low" | "high"): void => {
      if (seenBy[other] !== self) {
        seenBy[other] = self;
        edgeOf[other] = state.createEdge(record, state.record(other));
      }
      state.edges.accumulate(edgeOf[other] ?? -1, occurredAt, halfLife, factor, kind);
    };
    for (const slot of record.interactions) {
      const occurredAt = table.occurredAt[slot] ?? 0;
      const count = table.count[slot] ?? 0;
      const start = table.start[slot] ?? 0;
      const factor = (count - 1) ** -exponent;
      if (state.isMeeting(slot)) {
        if (count > state.parameters.maximumMeetingAttendees) continue;
        for (let position = start; position < start + count; position += 1) {
          const other = participants[position] ?? -1;
          if (other > self) fold(other, occurredAt, factor, "meeting");
        }
        continue;
      }
      const sender = participants[start] ?? -1;
      if (sender === self) {
        for (let position = start + 1; position < start + count; position += 1) {
          const other = participants[position] ?? -1;
          if (other > self) fold(other, occurredAt, factor, "low");
        }
      } else if (sender > self) {
        fold(sender, occurredAt, factor, "high");
      }
    }
  }
}
