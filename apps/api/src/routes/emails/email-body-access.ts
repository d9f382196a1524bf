/** Who may read an email's kept body: its text is the correspondence itself, not the metadata every member reads. */
import type { StoredEmail } from "@rapport/store";
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
