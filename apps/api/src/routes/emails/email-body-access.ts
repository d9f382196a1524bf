/** Who may read an email's kept body: its text is the correspondence itself, not the metadata every member reads. */
import type { Email, StoredEmail } from "@rapport/store";
import type { AuthContext } from "../../platform/auth/auth-context.js";

/**
 * Administrators and tenant-wide calls read any kept body; a member only those of emails its own person is on (sent,
 * received or copied), as a mailbox's owner reads their own mail.
 */
export function mayReadEmailBody(auth: AuthContext, email: StoredEmail): boolean {
  if (auth.isAdministrator) return true;
  const personUuid = auth.user?.person_uuid;
  return personUuid != null && email.participants.some((participant) => participant.person_uuid === personUuid);
}

/**
 * Whether the caller may give a stored email its body (a mail upload with bodies naming the email by its
 * Message-ID): whoever may read it, so a member cannot put words in the correspondence of emails it is not on.
 */
export function mayAddEmailBody(auth: AuthContext, email: Email): boolean {
  if (auth.isAdministrator) return true;
  const personUuid = auth.user?.person_uuid;
  return personUuid != null && [email.from_person_uuid, ...email.to_person_uuids, ...email.cc_person_uuids].includes(personUuid);
}
