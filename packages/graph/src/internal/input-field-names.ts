/**
 * @module The fields of each input record (an email, a meeting, a hydration's user and affiliation rows). Each list
 * is a `Record<keyof ..., true>`, so the compiler refuses a list that misses a field of its type or names one the
 * type lacks.
 */
import type { Affiliation, EmailInteraction, InternalUser, MeetingInteraction } from "../types.js";
import type { OptionNames } from "./option-names.js";

export const EMAIL_FIELD_NAMES: OptionNames<EmailInteraction> = { id: true, kind: true, occurredAt: true, senderUuid: true, recipientUuids: true };
export const MEETING_FIELD_NAMES: OptionNames<MeetingInteraction> = {
  id: true,
  kind: true,
  occurredAt: true,
  attendeeUuids: true,
  organizerUuid: true,
  status: true,
  title: true,
};
export const INTERNAL_USER_FIELD_NAMES: OptionNames<InternalUser> = { userUuid: true, personUuid: true };
export const AFFILIATION_FIELD_NAMES: OptionNames<Affiliation> = { personUuid: true, companyUuid: true, current: true };
