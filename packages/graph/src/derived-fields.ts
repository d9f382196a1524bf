/** @module Derived record fields: last activity and next meetings of a person or a company. */
import { toIsoDateOrNull } from "./internal/dates.js";
import { requireEntity } from "./internal/entity-reference.js";
import type { GraphState, PersonRecord, PersonTimeline } from "./internal/graph-state.js";
import { DERIVED_FIELDS_OPTION_NAMES } from "./internal/option-names.js";
import { compareUuids } from "./internal/scores.js";
import { requireOptions, requireTime, requireUuid } from "./internal/validate.js";
import { stateOf, type RelationshipGraph } from "./relationship-graph.js";
import type { DerivedFields, EntityReference } from "./types.js";

/** Options of {@link derivedFields}. */
export interface DerivedFieldsOptions {
  /** The present, epoch milliseconds. */
  now: number;
  /** The calling user (`x-service-user-id`); without it the `my_next_meeting_*` fields are null. */
  userUuid?: string | null | undefined;
}

function participates(state: GraphState, slot: number, person: PersonRecord): boolean {
  const start = state.table.start[slot] ?? 0;
  const end = start + (state.table.count[slot] ?? 0);
  for (let position = start; position < end; position += 1) if (state.table.participants[position] === person.index) return true;
  return false;
}

/**
 * The internal user a meeting is "with": its organizer when internal, else the internal participant of smallest
 * user uuid; never `subject`, the person asked about when that person is a user. (A company's subjects are its
 * external members, which are no users: nothing to leave out.)
 */
function meetingUser(state: GraphState, slot: number, subject: PersonRecord | null): string | null {
  const table = state.table;
  const leader = table.leader[slot] ?? -1;
  if (leader >= 0) {
    const organizer = state.record(leader);
    if (organizer.userUuid !== null && organizer !== subject) return organizer.userUuid;
  }
  let chosen: string | null = null;
  const start = table.start[slot] ?? 0;
  for (let position = start; position < start + (table.count[slot] ?? 0); position += 1) {
    const participant = state.record(table.participants[position] ?? -1);
    if (participant.userUuid === null || participant === subject) continue;
    if (chosen === null || compareUuids(participant.userUuid, chosen) < 0) chosen = participant.userUuid;
  }
  return chosen;
}

/**
 * Derived fields of a person, or of a company over its currently affiliated external persons:
 * `last_activity_*` (latest counted interaction at or before `now`; `last_contact_at` equals it),
 * `next_meeting_*` (earliest confirmed meeting after `now` involving the subject, and the internal user in it:
 * the organizer when internal, else the internal participant with the smallest user uuid), and
 * `my_next_meeting_*`, the same restricted to meetings the calling user attends.
 *
 * @param graph - The relationship graph.
 * @param entity - `{ entity: "person" | "company", uuid }`.
 * @param options - `now` and optionally the calling `userUuid`.
 * @returns The fields; all null for an unknown entity.
 *
 * @example
 * import { derivedFields } from "@rapport/graph";
 * derivedFields(graph, { entity: "person", uuid: "dana" }, { now: Date.UTC(2026, 11, 1), userUuid: "user-ada" });
 * // { last_activity_date: "2026-12-01", next_meeting_at: 1796860800000, next_meeting_title: "Acme intro", next_meeting_with_user_uuid: "user-ada", ... }
 * // (graph: docs/scoring.md's worked example)
 */
export function derivedFields(graph: RelationshipGraph, entity: EntityReference, options: DerivedFieldsOptions): DerivedFields {
  const functionName = "derivedFields";
  const state = stateOf(functionName, graph);
  const reference = requireEntity(functionName, entity);
  const now = requireTime(functionName, "now", requireOptions(functionName, options, DERIVED_FIELDS_OPTION_NAMES).now);
  const userUuid = options.userUuid === undefined || options.userUuid === null ? null : requireUuid(functionName, "userUuid", options.userUuid);
  const me = userUuid === null ? undefined : state.personByUser.get(userUuid);

  // The person asked about, or a company's external members together (remembered per company).
  let subject: PersonRecord | null = null;
  let timeline: PersonTimeline | null = null;
  if (reference.entity === "person") {
    subject = state.person(reference.uuid) ?? null;
    if (subject !== null) timeline = state.timeline(subject, now);
  } else {
    timeline = state.companyTimeline(reference.uuid, now);
  }

  const table = state.table;
  const lastAt = timeline?.lastPastAt ?? null;
  const upcoming = timeline?.upcomingMeetings ?? [];
  const next = upcoming.length > 0 ? upcoming[0]! : -1;
  // Earliest first: the first meeting this user attends.
  const mine = me === undefined ? -1 : (upcoming.find((slot) => participates(state, slot, me)) ?? -1);

  return {
    last_activity_at: lastAt,
    last_activity_date: toIsoDateOrNull(lastAt),
    last_contact_at: lastAt,
    next_meeting_at: next < 0 ? null : (table.occurredAt[next] ?? null),
    next_meeting_id: next < 0 ? null : (table.ids.idOf(next) ?? null),
    next_meeting_title: next < 0 ? null : (table.titles.get(next) ?? null),
    next_meeting_with_user_uuid: next < 0 ? null : meetingUser(state, next, subject),
    my_next_meeting_at: mine < 0 ? null : (table.occurredAt[mine] ?? null),
    my_next_meeting_id: mine < 0 ? null : (table.ids.idOf(mine) ?? null),
    my_next_meeting_title: mine < 0 ? null : (table.titles.get(mine) ?? null),
  };
}
