/**
 * @module
 * Whether an imported message was sent by a machine rather than a person: an automatic reply or notification
 * (`Auto-Submitted`, RFC 3834), bulk mail (`Precedence: bulk` or `junk`), or a no-reply or bounce address. Such a
 * message is no relationship, yet a mailbox holds hundreds of them, so its sender would rank first.
 */
import type { Email } from "postal-mime";

/** Why an automated message is left out of a mail import. */
export const AUTOMATED_MAIL = "automated mail";

/** A sender's local part that says no one reads replies: `noreply`, `messages-noreply`, `do-not-reply`, `mailer-daemon`. */
const AUTOMATED_LOCAL_PART = /(?:^|[-_.+])(?:no[-_.]?reply|do[-_.]?not[-_.]?reply)(?:$|[-_.+])|^(?:mailer-daemon|postmaster)$/;

function headerValues(email: Email, key: string): string[] {
  return email.headers.filter((header) => header.key === key).map((header) => header.value.trim().toLowerCase());
}

/**
 * `AUTOMATED_MAIL` when `email`, sent from `senderAddress` (normalized), was sent by a machine, else null. A message
 * a person sent through a mailing or sequencing tool (`List-Unsubscribe` alone) is still a person's.
 *
 * @example
 * automatedMailReason(email, "messages-noreply@linkedin.com"); // "automated mail"
 */
export function automatedMailReason(email: Email, senderAddress: string): string | null {
  if (headerValues(email, "auto-submitted").some((value) => value !== "" && !value.startsWith("no"))) return AUTOMATED_MAIL;
  if (headerValues(email, "precedence").some((value) => value === "bulk" || value === "junk")) return AUTOMATED_MAIL;
  const localPart = senderAddress.slice(0, senderAddress.lastIndexOf("@"));
  return AUTOMATED_LOCAL_PART.test(localPart) ? AUTOMATED_MAIL : null;
}
