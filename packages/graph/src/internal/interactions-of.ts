/** @module A person's interactions read back out of the graph's table, as they were added. */
import type { EmailInteraction, Interaction, MeetingInteraction } from "../types.js";
import type { GraphState, PersonRecord } from "./graph-state.js";
import { CANCELLED, MEETING } from "./interaction-table.js";

/** The interaction in `slot`, as an `Interaction` like the one added (participants as the graph normalized them). */
function interactionAt(state: GraphState, slot: number): Interaction {
  const table = state.table;
  const start = table.start[slot] ?? 0;
  const participants: string[] = [];
  for (let position = start; position < start + (table.count[slot] ?? 0); position += 1) {
    participants.push(state.record(table.participants[position]!).uuid);
  }
  const leaderIndex = table.leader[slot] ?? -1;
  const leader = leaderIndex < 0 ? null : state.record(leaderIndex).uuid;
  const id = table.ids.idOf(slot)!;
  const occurredAt = table.occurredAt[slot] ?? 0;
  const flags = table.flags[slot] ?? 0;
  if ((flags & MEETING) === 0) {
    const email: EmailInteraction = { id, kind: "email", occurredAt, senderUuid: leader, recipientUuids: leader === null ? participants : participants.slice(1) };
    return email;
  }
  const meeting: MeetingInteraction = {
    id,
    kind: "meeting",
    occurredAt,
    attendeeUuids: participants,
    organizerUuid: leader,
    status: (flags & CANCELLED) === 0 ? "confirmed" : "cancelled",
    title: table.titles.get(slot) ?? null,
  };
  return meeting;
}

/** The interactions `person` takes part in that the graph counts (its indexed ones), in the graph's order. */
export function interactionsOfPerson(state: GraphState, person: PersonRecord): Interaction[] {
  return person.interactions.map((slot) => interactionAt(state, slot));
}
