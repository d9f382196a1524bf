/**
 * @module
 * One mail message (its header block, or the whole message with `--keep-bodies`) to an
 * ImportedEmail, with postal-mime doing the RFC 5322 and MIME work (encoded words, folded lines,
 * address lists and groups). Text in charsets it misreads (Windows-1252, labels Node's decoder does not know,
 * see mail-charsets.ts) is decoded through iconv-lite: the header block before parsing
 * (mail-header-as-utf8.ts), each text part while postal-mime parses (postal-mime-with-charsets.ts).
 */
import { createHash } from "node:crypto";
import { normalizeEmail } from "@rapport/store";
import type { Address, Email } from "postal-mime";
import { automatedMailReason } from "./automated-mail.js";
import { cutText } from "../platform/request/cut-text.js";
import { MAX_MESSAGE_ID_LENGTH, MAX_SUBJECT_LENGTH } from "../platform/request/field-limits.js";
import { personNameOf } from "./display-name.js";
import type { ImportedAddress, ImportedEmail } from "./imported-items.js";
import { mailDateReadBefore20261207, parseMailDate } from "./mail-date.js";
import { mailHeaderAsUtf8 } from "./mail-header-as-utf8.js";
import { parseMailWithCharsets } from "./postal-mime-with-charsets.js";

/** The address shape the store accepts for a participant. */
const EMAIL_ADDRESS_SHAPE = /^[^\s@<>]+@[^\s@<>]+$/;
/** A kept body is cut to this many characters. */
export const MAX_BODY_CHARACTERS = 200_000;
/** A header block larger than this is not read: no legitimate header section comes close. */
export const MAX_HEADER_BYTES = 256 * 1024;
/**
 * A kept message with more lines starting with `--` (each may delimit a MIME part) is read for its headers only, its
 * body not kept: postal-mime took about 3.6 s of the event loop, every tenant's requests waiting, for the 133,000
 * empty parts that fit in a kept message's 800 KB. Real mail has a few dozen parts at most.
 */
export const MAX_KEPT_MIME_DELIMITERS = 1_000;

/** Whether `raw` has more lines starting with `--` than MAX_KEPT_MIME_DELIMITERS (a native byte search). */
function holdsTooManyDelimiters(raw: Buffer): boolean {
  let count = 0;
  for (let at = raw.indexOf("\n--"); at !== -1; at = raw.indexOf("\n--", at + 3)) {
    count += 1;
    if (count > MAX_KEPT_MIME_DELIMITERS) return true;
  }
  return false;
}

/** `raw` up to the blank line that ends its header block, that line included (all of it when there is none). */
function headerBlockOf(raw: Buffer): Buffer {
  const end = /\r?\n\r?\n/.exec(raw.toString("latin1", 0, MAX_HEADER_BYTES + 4));
  return end === null ? raw : raw.subarray(0, end.index + end[0].length);
}

/**
 * The problem of a message whose header block is larger than MAX_HEADER_BYTES: what was read of it would
 * miss fields (a Date after a huge To) or recipients, so the message is not imported.
 */
export const HEADER_BLOCK_TOO_LARGE = `header block larger than ${MAX_HEADER_BYTES / 1024} KiB`;

/**
 * A normalized address with the person's name its display name gives (display-name.ts), or null when it is not an
 * address the store takes.
 */
export function toImportedAddress(address: string | undefined, name: string | undefined | null): ImportedAddress | null {
  const email = normalizeEmail(address ?? "");
  if (!EMAIL_ADDRESS_SHAPE.test(email)) return null;
  return { email, name: personNameOf(name) };
}

function mailboxes(addresses: Address[] | Address | undefined): ImportedAddress[] {
  const list = addresses === undefined ? [] : Array.isArray(addresses) ? addresses : [addresses];
  const result: ImportedAddress[] = [];
  const seen = new Set<string>();
  for (const entry of list) {
    for (const mailbox of entry.group ?? [entry]) {
      const address = toImportedAddress(mailbox.address, mailbox.name);
      if (address && !seen.has(address.email)) {
        seen.add(address.email);
        result.push(address);
      }
    }
  }
  return result;
}

/**
 * A stable stand-in for a missing Message-ID, so that re-importing the same message is still
 * recognized: a hash of sender, date, subject and recipients.
 */
function derivedMessageId(fields: MessageFields): string {
  const parts = [fields.from.email, fields.sentAt, fields.subject, ...fields.to.map((address) => address.email), ...fields.cc.map((address) => address.email)];
  const digest = createHash("sha256").update(JSON.stringify(parts)).digest("hex").slice(0, 40);
  return `<${digest}@rapport.import>`;
}

interface MessageFields {
  from: ImportedAddress;
  sentAt: number;
  /** The instant an import before 2026-12-07 read from the same header (mailDateReadBefore20261207). */
  sentAtReadBefore: number;
  to: ImportedAddress[];
  cc: ImportedAddress[];
  subject: string | null;
}

/** What an ImportedEmail takes from a parsed message, or why the message cannot be imported. */
function messageFields(email: Email): MessageFields | { problem: string } {
  if (email.headers.length === 0) return { problem: "no message headers" };
  const [from] = mailboxes(email.from);
  if (!from) return { problem: "no sender address in the From header" };
  // The header as written: postal-mime's `date` is Date.parse's reading, a day the month lacks already rolled over.
  const written = email.headers.find((header) => header.key === "date")?.value.trim() || email.date;
  const sentAt = written ? parseMailDate(written) : Number.NaN;
  if (Number.isNaN(sentAt)) return { problem: written ? `unreadable Date header '${written.slice(0, 80)}'` : "no Date header" };
  const to = mailboxes(email.to);
  const cc = mailboxes(email.cc).filter((address) => !to.some((recipient) => recipient.email === address.email));
  const subject = email.subject?.trim() ? cutText(email.subject.trim(), MAX_SUBJECT_LENGTH) : null;
  return { from, sentAt, sentAtReadBefore: written ? mailDateReadBefore20261207(written) : Number.NaN, to, cc, subject };
}

/**
 * The fields a stand-in Message-ID was derived from before the header repair: a repaired subject would
 * give a message imported earlier a new stand-in, and a re-import would store it twice.
 */
async function standInFields(raw: Buffer, repaired: MessageFields): Promise<MessageFields> {
  try {
    const unrepaired = messageFields(await parseMailWithCharsets(raw));
    return "problem" in unrepaired ? repaired : unrepaired;
  } catch {
    return repaired;
  }
}

export type ParsedMessage = { item: ImportedEmail } | { problem: string } | { skipped: string };

/** Why a message Gmail filed as spam is left out. */
const GMAIL_SPAM = "Gmail spam";
/** Why a Hangouts or Google Chat message kept in a Gmail mbox is left out. */
const GMAIL_CHAT = "Gmail chat";
/** Why a draft kept in a Gmail mbox is left out. */
const GMAIL_DRAFT = "Gmail draft";

/**
 * Why a message of a Google Takeout mbox is left out, or null to import it. Takeout names a message's labels in
 * `X-Gmail-Labels`, comma-separated. Spam: a spammer is no relationship; trash is kept, as it was mail. Chat
 * (Hangouts, Google Chat): each line of a conversation is a message of its own, so a chat would count as
 * hundreds of emails in every score. Drafts (`Drafts`; a draft once sent is labelled `Sent` instead): never sent, so
 * its recipients never heard from the user.
 */
function gmailSkipReason(email: Email): string | null {
  const labels = email.headers
    .filter((header) => header.key === "x-gmail-labels")
    .flatMap((header) => header.value.split(",").map((label) => label.trim().toLowerCase()));
  if (labels.includes("spam")) return GMAIL_SPAM;
  if (labels.includes("chat")) return GMAIL_CHAT;
  if (labels.includes("drafts") || labels.includes("draft")) return GMAIL_DRAFT;
  return null;
}

/**
 * Parses a raw message. `raw` may stop after the header block (the default, headers only).
 *
 * @example
 * const parsed = await parseMailMessage(Buffer.from("From: a@x.example\r\nDate: ...\r\n\r\n"), { keepBody: false });
 */
export async function parseMailMessage(whole: Buffer, options: { keepBody: boolean }): Promise<ParsedMessage> {
  const keepBody = options.keepBody && !holdsTooManyDelimiters(whole);
  const raw = options.keepBody && !keepBody ? headerBlockOf(whole) : whole;
  const repairedRaw = mailHeaderAsUtf8(raw);
  let email;
  try {
    email = await parseMailWithCharsets(repairedRaw ?? raw);
  } catch (error) {
    return { problem: `unreadable message: ${error instanceof Error ? error.message : String(error)}` };
  }
  const skipReason = gmailSkipReason(email);
  if (skipReason) return { skipped: skipReason };
  const fields = messageFields(email);
  if ("problem" in fields) return fields;
  const { from, sentAt, to, cc, subject } = fields;
  const automated = automatedMailReason(email, from.email);
  if (automated) return { skipped: automated };
  let messageId = email.messageId?.trim() ?? "";
  if (messageId.length > MAX_MESSAGE_ID_LENGTH) return { problem: `Message-ID longer than ${MAX_MESSAGE_ID_LENGTH} characters` };
  // The stand-in an import before 2026-12-07 gave it, where that read its Date otherwise: under it the message may be stored.
  let formerMessageId: string | null = null;
  if (!messageId) {
    const standIn = repairedRaw ? await standInFields(raw, fields) : fields;
    messageId = derivedMessageId(standIn);
    const { sentAtReadBefore } = standIn;
    if (!Number.isNaN(sentAtReadBefore) && sentAtReadBefore !== standIn.sentAt) formerMessageId = derivedMessageId({ ...standIn, sentAt: sentAtReadBefore });
  }
  const bodyText = keepBody && email.text ? cutText(email.text, MAX_BODY_CHARACTERS) : null;
  return {
    item: { type: "email", message_id: messageId, ...(formerMessageId ? { former_message_id: formerMessageId } : {}), sent_at: sentAt, subject, from, to, cc, body_text: bodyText },
  };
}
