/**
 * @module
 * Email and meeting activity as the store takes and hands it out.
 */
import type { ConflictError, InvalidInputError } from "./errors.js";

/** Who took part: an existing person by uuid, or an address (unknown addresses become persons). */
export interface ParticipantInput {
  person_uuid?: string;
  email?: string;
  name?: string | null;
}

/** What ingesting an email takes: its message id, time, subject and participants. */
export interface NewEmail {
  /** The message's own id (RFC 5322 Message-ID): the idempotency key. */
  message_id: string;
  sent_at: number;
  subject?: string | null;
  from: ParticipantInput;
  to?: ParticipantInput[];
  cc?: ParticipantInput[];
}

/** An email (headers only) with its participants. */
export interface Email {
  uuid: string;
  message_id: string;
  sent_at: number;
  subject: string | null;
  from_person_uuid: string;
  to_person_uuids: string[];
  cc_person_uuids: string[];
}

/** How a person is on an email as the store keeps it: its sender, a recipient, or copied. */
export const EMAIL_PARTICIPANT_ROLES = ["from", "to", "cc"] as const;
/** One of `EMAIL_PARTICIPANT_ROLES`. */
export type EmailParticipantRole = (typeof EMAIL_PARTICIPANT_ROLES)[number];

/** One participant row of an email: a person in one role (a person both sender and recipient has two). */
export interface EmailParticipant {
  person_uuid: string;
  role: EmailParticipantRole;
}

/**
 * An email read back by uuid or listed (`emails.getByUuid`, `emails.list`): its headers, every participant row
 * (sender, then recipients, then copies, each by person uuid), and whether an import kept its body. The store
 * keeps no address or display name per participant: ingest resolves each to a person and keeps the person.
 */
export interface StoredEmail {
  uuid: string;
  message_id: string;
  sent_at: number;
  subject: string | null;
  participants: EmailParticipant[];
  /** True when an import kept the body (`emailBodies.get` reads it). */
  has_body: boolean;
  /** When Rapport recorded the email (its `created_at`). */
  recorded_at: number;
}

/** What ingesting an email did: stored it, or recognized its message id and left the stored one unchanged. */
export const EMAIL_INGEST_STATUSES = ["CREATED", "DUPLICATE"] as const;
/** One of `EMAIL_INGEST_STATUSES`. */
export type EmailIngestStatus = (typeof EMAIL_INGEST_STATUSES)[number];

/** An email ingested: `CREATED`, or `DUPLICATE` when its message id was stored already, with the email. */
export interface EmailIngestResult {
  status: EmailIngestStatus;
  email: Email;
}

/**
 * An email not stored because a participant's address was erased on a data subject's request (store migration
 * 0060): its sender's, or the email would name fewer than two persons without them. `reason` says which.
 */
export interface EmailSkippedResult {
  status: "SKIPPED";
  reason: string;
}

/** One item of a batch ingest: stored or recognized, skipped, or not stored because of its own input. */
export type EmailBatchResult = EmailIngestResult | EmailSkippedResult | { status: "ERROR"; error: InvalidInputError | ConflictError };

/** A meeting's statuses: a cancelled meeting is kept but counts for nothing. */
export const MEETING_STATUSES = ["confirmed", "cancelled"] as const;
/** One of `MEETING_STATUSES`. */
export type MeetingStatus = (typeof MEETING_STATUSES)[number];

/** An attendee's answer to a meeting: declined attendees are kept but do not count as having met. */
export const ATTENDEE_RESPONSES = ["accepted", "declined"] as const;
/** One of `ATTENDEE_RESPONSES`. */
export type AttendeeResponse = (typeof ATTENDEE_RESPONSES)[number];

/** An attendee of a meeting and their response. */
export interface MeetingAttendee {
  person_uuid: string;
  response: AttendeeResponse;
}

/** A meeting with its attendees. */
export interface Meeting {
  uuid: string;
  title: string;
  starts_at: number;
  ends_at: number | null;
  status: MeetingStatus;
  organizer_person_uuid: string | null;
  location: string | null;
  external_id: string | null;
  created_by_user_uuid: string | null;
  attendees: MeetingAttendee[];
  created_at: number;
  updated_at: number;
}

/** What creating a meeting takes. */
export interface NewMeeting {
  title: string;
  starts_at: number;
  ends_at?: number | null;
  status?: MeetingStatus;
  organizer?: ParticipantInput | null;
  attendees: Array<ParticipantInput & { response?: AttendeeResponse }>;
  location?: string | null;
  external_id?: string | null;
  created_by_user_uuid?: string | null;
}

/** Only the fields present are changed; `attendees`, when present, replaces the whole list. */
export type MeetingUpdate = Partial<Omit<NewMeeting, "created_by_user_uuid">>;

/** How a meeting write treats `attendees` entries that resolve to one person. */
export interface MeetingWriteOptions {
  /**
   * True: an InvalidInputError naming both positions (`attendees.0 and attendees.3 name the same person`), before
   * anything is written; what an API caller sent is then ambiguous. False (default): merged, an accepting entry
   * winning, as a calendar export that lists someone twice means.
   */
  refuseRepeatedAttendees?: boolean;
}

/** What an interaction, a timeline row or a feed item is. */
export const ACTIVITY_ITEM_KINDS = ["email", "meeting"] as const;
/** One of `ACTIVITY_ITEM_KINDS`. */
export type ActivityItemKind = (typeof ACTIVITY_ITEM_KINDS)[number];

/** One interaction as the relationship graph consumes it. */
export interface InteractionRecord {
  id: string;
  kind: ActivityItemKind;
  occurred_at: number;
  /** Email sender or meeting organizer (not an organizer who declined: only a merge makes one). */
  initiator_person_uuid: string | null;
  /** Everyone else who took part (recipients, accepting attendees). */
  participant_person_uuids: string[];
  status: MeetingStatus;
  title: string | null;
}

/** A row of a person's or company's activity timeline. */
export interface ActivityItem {
  kind: ActivityItemKind;
  uuid: string;
  occurred_at: number;
  title: string | null;
  status: MeetingStatus;
  person_uuids: string[];
}

/** How someone took part in an email (its sender, a recipient, copied) or a meeting (its organizer, an attendee). */
export const ACTIVITY_PARTICIPANT_ROLES = ["from", "to", "cc", "organizer", "attendee"] as const;
/** One of `ACTIVITY_PARTICIPANT_ROLES`. */
export type ActivityParticipantRole = (typeof ACTIVITY_PARTICIPANT_ROLES)[number];

/**
 * Someone who took part in a feed item, whether they are one of the tenant's own people (a user's person), and how:
 * a person both sent and received an email is its sender, one both addressed and copied a recipient.
 */
export interface ActivityParticipant {
  person_uuid: string;
  is_internal: boolean;
  role: ActivityParticipantRole;
}

/**
 * An item of the tenant-wide activity feed: a timeline row, where the feed recorded it and who took part. A
 * removed item (`removed: true`) announces that the email or meeting left the timelines the feed covers; it
 * carries what the store still has of it: a cancelled or declined meeting its time, title and status, a deleted
 * email or meeting nothing (`occurred_at`, `title` and `status` null, no participants).
 */
export interface ActivityFeedItem extends Omit<ActivityItem, "occurred_at" | "status"> {
  /** Null only on a removed item the store no longer has. */
  occurred_at: number | null;
  /** Null only on a removed item the store no longer has. */
  status: MeetingStatus | null;
  /** True when the item is no longer in any timeline the feed covers (with `personUuid`: that person's). */
  removed: boolean;
  /** The item's place in the feed: strictly increasing in recording order, never reused. */
  sequence: number;
  /** When Rapport recorded the item (a meeting: when it was last written; a removal: when it was removed), epoch milliseconds. */
  recorded_at: number;
  participants: ActivityParticipant[];
}
