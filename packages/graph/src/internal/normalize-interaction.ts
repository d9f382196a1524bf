/** @module Validation of an interaction and reduction of its noise (duplicates, self-addressed mail). */
import { MEETING_INTERACTION_STATUSES, type MeetingInteractionStatus } from "../types.js";
import { invalidArgument } from "./errors.js";
import { EMAIL_FIELD_NAMES, MEETING_FIELD_NAMES } from "./input-field-names.js";
import { requireObject, requireOptions, requireTime, requireUuid } from "./validate.js";

export interface NormalizedInteraction {
  id: string;
  meeting: boolean;
  occurredAt: number;
  cancelled: boolean;
  /** Sender of an email, organizer of a meeting. */
  leader: string | null;
  /** Distinct participants; the sender or organizer first, then recipients or attendees (without them). */
  participants: string[];
  title: string | null;
}

function distinctUuids(functionName: string, name: string, value: unknown, first: string | null): string[] {
  if (!Array.isArray(value)) throw invalidArgument(functionName, `"${name}" to be an array of person uuids`, value);
  const result: string[] = first === null ? [] : [first];
  // Lists are usually short: a linear scan beats building a Set for every interaction of a hydration.
  let seen: Set<string> | null = null;
  for (const item of value) {
    const uuid = requireUuid(functionName, `${name}[]`, item);
    if (seen === null && result.length >= 16) seen = new Set(result);
    if (seen === null ? result.includes(uuid) : seen.has(uuid)) continue;
    result.push(uuid);
    seen?.add(uuid);
  }
  return result;
}

/**
 * Checks an interaction and returns its canonical form; throws an Error naming `functionName` otherwise.
 * @example
 * normalizeInteraction("addInteraction", { id: "e1", kind: "email", occurredAt: 0, senderUuid: "a", recipientUuids: ["b", "a", "b"] }).participants;
 * // ["a", "b"]
 */
export function normalizeInteraction(functionName: string, input: unknown): NormalizedInteraction {
  const interaction = requireObject(functionName, "interaction", input);
  // A misspelt optional field (`stauts: "cancelled"`, `ccUuids`) would otherwise be dropped in silence, and a
  // cancelled meeting counted. Checked before the fields, so that a misspelt required one is named as such.
  if (interaction.kind === "email") requireOptions(functionName, interaction, EMAIL_FIELD_NAMES, { argumentName: "interaction", keyNoun: "email field" });
  else if (interaction.kind === "meeting") requireOptions(functionName, interaction, MEETING_FIELD_NAMES, { argumentName: "interaction", keyNoun: "meeting field" });
  const id = requireUuid(functionName, "interaction.id", interaction.id);
  const occurredAt = requireTime(functionName, "interaction.occurredAt", interaction.occurredAt);
  if (interaction.kind === "email") {
    const senderValue = interaction.senderUuid;
    const sender =
      senderValue === undefined || senderValue === null || senderValue === "" ? null : requireUuid(functionName, "interaction.senderUuid", senderValue);
    const participants = distinctUuids(functionName, "interaction.recipientUuids", interaction.recipientUuids, sender);
    // Without a sender nobody wrote to anybody: the email is kept (it can be updated) but counts nothing.
    return { id, meeting: false, occurredAt, cancelled: false, leader: sender, participants: sender === null ? [] : participants, title: null };
  }
  if (interaction.kind === "meeting") {
    const organizer = interaction.organizerUuid;
    const leader = organizer === undefined || organizer === null ? null : requireUuid(functionName, "interaction.organizerUuid", organizer);
    const participants = distinctUuids(functionName, "interaction.attendeeUuids", interaction.attendeeUuids, leader);
    const status = interaction.status ?? "confirmed";
    if (!MEETING_INTERACTION_STATUSES.includes(status as MeetingInteractionStatus)) {
      throw invalidArgument(functionName, `"interaction.status" to be ${MEETING_INTERACTION_STATUSES.map((item) => `"${item}"`).join(" or ")}`, status);
    }
    const title = interaction.title;
    if (title !== undefined && title !== null && typeof title !== "string") {
      throw invalidArgument(functionName, '"interaction.title" to be a string or null', title);
    }
    return { id, meeting: true, occurredAt, cancelled: status === "cancelled", leader, participants, title: title ?? null };
  }
  throw invalidArgument(functionName, '"interaction.kind" to be "email" or "meeting"', interaction.kind);
}
