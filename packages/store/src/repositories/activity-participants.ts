/** Who took part in a page's emails and meetings (declined attendees left out), read for the activity lists. */
import type { Kysely } from "kysely";
import type { ActivityItem, ActivityParticipantRole } from "../activity-records.js";
import type { Database } from "../database-schema.js";

/** Each item's participants by uuid, every person once: an email's by role then uuid, a meeting's by uuid. */
export async function participantsOf(db: Kysely<Database>, items: Array<{ kind: ActivityItem["kind"]; uuid: string }>) {
  return (await participantsAndEmailRolesOf(db, items)).people;
}

/** The role an email participant listed in several shows: sender first, then recipient, then copied. */
const EMAIL_ROLE_PRECEDENCE: readonly ActivityParticipantRole[] = ["from", "to", "cc"];

/**
 * `participantsOf`, and from the same read each email participant's role (from, to or cc), by email uuid then
 * person uuid.
 */
export async function participantsAndEmailRolesOf(db: Kysely<Database>, items: Array<{ kind: ActivityItem["kind"]; uuid: string }>) {
  const people = new Map<string, string[]>();
  const emailRoles = new Map<string, Map<string, ActivityParticipantRole>>();
  const emailUuids = items.filter((item) => item.kind === "email").map((item) => item.uuid);
  const meetingUuids = items.filter((item) => item.kind === "meeting").map((item) => item.uuid);
  const add = (id: string, person: string) => {
    const list = people.get(id) ?? [];
    if (!list.includes(person)) list.push(person);
    people.set(id, list);
  };
  if (emailUuids.length > 0) {
    const rows = await db
      .selectFrom("email_participants")
      .select(["email_uuid", "person_uuid", "role"])
      .where("email_uuid", "in", emailUuids)
      .orderBy("role")
      .orderBy("person_uuid")
      .execute();
    for (const row of rows) {
      add(row.email_uuid, row.person_uuid);
      const role = row.role as ActivityParticipantRole;
      const ofEmail = emailRoles.get(row.email_uuid) ?? new Map<string, ActivityParticipantRole>();
      const known = ofEmail.get(row.person_uuid);
      if (known === undefined || EMAIL_ROLE_PRECEDENCE.indexOf(role) < EMAIL_ROLE_PRECEDENCE.indexOf(known)) ofEmail.set(row.person_uuid, role);
      emailRoles.set(row.email_uuid, ofEmail);
    }
  }
  if (meetingUuids.length > 0) {
    const rows = await db
      .selectFrom("meeting_attendees")
      .select(["meeting_uuid", "person_uuid"])
      .where("meeting_uuid", "in", meetingUuids)
      .where("response", "!=", "declined")
      // As a meeting's attendees are listed: the order must not depend on the plan a page's query takes.
      .orderBy("person_uuid")
      .execute();
    for (const row of rows) add(row.meeting_uuid, row.person_uuid);
  }
  return { people, emailRoles };
}
