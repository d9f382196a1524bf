/** Zod building blocks for request bodies: instants and participants, each also as a mail header writes it. */
import { isParticipantAddress, normalizeEmail } from "@rapport/store";
import { z } from "zod";
import { nameString, oneLine } from "./field-schemas.js";
import { parseIsoTimestamp } from "./iso-timestamp.js";
import { MAX_ADDRESS_LIST_TEXT_LENGTH, MAX_DISPLAY_NAME_LENGTH, MAX_EMAIL_ADDRESS_LENGTH, MAX_INSTANT_TEXT_LENGTH, MAX_MAILBOX_TEXT_LENGTH } from "./field-limits.js";
import { parseMailDateHeader } from "./mail-date-header.js";
import { decodeEncodedWords, mailboxList, oneMailbox, type WrittenMailbox } from "./mailbox-text.js";
import { UUID_PATTERN } from "./uuid-pattern.js";

/** The forms a body's instant takes, as its refusal names them. */
export const INSTANT_FORMS = "an ISO 8601 date-time, a mail Date header (Mon, 7 Dec 2026 07:00:00 +0000) or epoch milliseconds";

/** The latest instant a JavaScript `Date` holds (ECMAScript: 100,000,000 days after the epoch), in epoch milliseconds. */
const LATEST_DATE_MILLISECONDS = 8_640_000_000_000_000;

/**
 * The earliest instant a body takes as a number (1973-03-03T09:46:40Z, 10^11 ms): a smaller one is epoch seconds of
 * these years (10 digits) far more likely than an instant of the 1970s, which ISO 8601 text still gives.
 */
const EARLIEST_EPOCH_MILLISECONDS = 100_000_000_000;

/** `value` as epoch milliseconds, or the refusal of a value below 10^11: most likely epoch seconds, with the milliseconds to send. */
function epochMillisecondsOf(value: number, context: z.RefinementCtx): number {
  if (value >= EARLIEST_EPOCH_MILLISECONDS) return value;
  const asSeconds = value * 1000;
  context.addIssue({
    code: "custom",
    message: `${value} as epoch milliseconds is ${new Date(value).toISOString()}: epoch seconds? send milliseconds (${asSeconds}, ${new Date(asSeconds).toISOString()}), or an instant before 1973 as ISO 8601`,
  });
  return z.NEVER;
}

/** Epoch milliseconds written as text, as APIs give them (Gmail's `internalDate`); 10 or 11 digits are seconds, refused so. */
const EPOCH_DIGITS = /^\d{10,15}$/;

/**
 * An instant in a body: ISO 8601 date-time, a mail Date header's text (RFC 5322, with its zone) or Unix epoch
 * milliseconds (a number, or its digits as text); out as epoch ms.
 */
export const instantField = (description: string) =>
  z
    .union([
      z.string().max(MAX_INSTANT_TEXT_LENGTH, `is not an ISO 8601 date-time or a mail Date header (at most ${MAX_INSTANT_TEXT_LENGTH} characters), or epoch milliseconds`),
      z.number().int().min(0).max(LATEST_DATE_MILLISECONDS),
    ])
    .transform((value, context) => {
      if (typeof value === "number") return epochMillisecondsOf(value, context);
      const text = value.trim();
      if (EPOCH_DIGITS.test(text)) return epochMillisecondsOf(Number(text), context);
      const time = parseIsoTimestamp(text) ?? parseMailDateHeader(text);
      if (time === "no zone") {
        context.addIssue({ code: "custom", message: `'${value}' has no time zone: add it as a mail Date header writes it (+0000 for UTC)` });
        return z.NEVER;
      }
      if (time === null) {
        context.addIssue({ code: "custom", message: `'${value}' is not ${INSTANT_FORMS}` });
        return z.NEVER;
      }
      return time;
    })
    .describe(`${description} ISO 8601 date-time, a mail Date header, or Unix epoch milliseconds (not seconds).`);

/**
 * For `.superRefine`: a participant's address (trimmed) as the store takes one (`isParticipantAddress`), so that a
 * refusal names its field (`attendees.2`); the store's own refusal named none.
 */
const participantAddressShape = (address: string, context: z.RefinementCtx) => {
  if (isParticipantAddress(normalizeEmail(address))) return;
  context.addIssue({ code: "custom", message: address === "" ? "must not be blank: send an email address" : `'${address.slice(0, 80)}' is not an email address` });
};

/** A participant's address as stored: trimmed, held to its limit, one line, in the store's shape. */
const storedAddress = z.string().trim().max(MAX_EMAIL_ADDRESS_LENGTH, `at most ${MAX_EMAIL_ADDRESS_LENGTH} characters`).superRefine(oneLine).superRefine(participantAddressShape);

/** A participant's display name as stored: encoded words decoded (as a header's are), trimmed, held to its limit. */
const displayName = nameString().overwrite(decodeEncodedWords).trim().max(MAX_DISPLAY_NAME_LENGTH, `at most ${MAX_DISPLAY_NAME_LENGTH} characters`).superRefine(oneLine);

/** A participant given by address, with the display name its mailbox wrote, if any. */
type AddressedParticipant = { email: string; name?: string };

/**
 * `mailbox` checked as the object's `email` and `name` are (so `"Name <address>"` is `{email, name}` exactly), each
 * refusal added at `path` after `prefix`; null when refused.
 */
function checkedMailbox(mailbox: WrittenMailbox, context: z.RefinementCtx, path: PropertyKey[], prefix = ""): AddressedParticipant | null {
  const address = storedAddress.safeParse(mailbox.address);
  const name = mailbox.name === "" ? null : displayName.safeParse(mailbox.name);
  for (const issue of [...(address.error?.issues ?? []), ...(name?.error?.issues ?? []).map((issue) => ({ ...issue, message: `display name: ${issue.message}` }))]) {
    context.addIssue({ code: "custom", path, message: `${prefix}${issue.message}` });
  }
  if (!address.success || (name !== null && !name.success)) return null;
  return name?.data ? { email: address.data, name: name.data } : { email: address.data };
}

/**
 * A participant's text (trimmed): an address as sent, or the one mailbox it writes (`Jane Doe <jane@acme.example>`,
 * `"Doe, John" <john@acme.example>`, `jane@acme.example (Jane Doe)`, encoded words). Null when refused.
 */
function participantOfText(text: string, context: z.RefinementCtx, path: PropertyKey[] = []): AddressedParticipant | null {
  // An address is taken as sent, as before mailboxes were (`mailto:` and all), without the parser's reading of it.
  const mailbox = text === "" || isParticipantAddress(normalizeEmail(text)) ? { address: text, name: "" } : oneMailbox(text);
  if ("problem" in mailbox) {
    context.addIssue({ code: "custom", path, message: mailbox.problem });
    return null;
  }
  return checkedMailbox(mailbox, context, path);
}

/**
 * The fields of a participant given as an object: a person by uuid, or an email address with an optional display
 * name. The address and the name are stored trimmed, so their limits count them trimmed; `email` may be written as a
 * mailbox too (`withMailboxEmail` splits it).
 */
export const participantObjectFields = {
  person_uuid: z.string().regex(UUID_PATTERN, "must be a UUID").optional().describe("An existing person."),
  // Blank is refused, beside a person_uuid too: a client whose address came out empty has a bug the uuid would hide.
  email: z
    .string()
    .trim()
    .min(1, "must not be blank: send an email address, or leave email out beside person_uuid")
    .max(MAX_MAILBOX_TEXT_LENGTH, `at most ${MAX_MAILBOX_TEXT_LENGTH} characters`)
    .superRefine(oneLine)
    .optional()
    .describe("An email address; unknown addresses become new persons."),
  name: displayName.optional().describe("Display name for a new person."),
};

/** True when a participant object names one person: by uuid or by address, not both. */
export const namesOnePerson = (value: { person_uuid?: string; email?: string }): boolean => Boolean(value.person_uuid) !== Boolean(value.email);

/** The message when a participant object names no person or two. */
export const NAMES_ONE_PERSON = "give exactly one of person_uuid or email";

/**
 * For `.transform` after `namesOnePerson`: a participant object's `email` checked as an address and, written as a
 * mailbox, split into the address and the display name (a `name` sent wins), as the text form is.
 */
export function withMailboxEmail<Participant extends { email?: string; name?: string }>(value: Participant, context: z.RefinementCtx): Participant {
  if (value.email === undefined) return value;
  const mailbox = participantOfText(value.email, context, ["email"]);
  if (mailbox === null) return z.NEVER;
  return { ...value, email: mailbox.email, ...(value.name === undefined && mailbox.name !== undefined ? { name: mailbox.name } : {}) };
}

/** A participant given as text: an email address, or one mailbox as a mail header writes it. */
export const participantAddress = z
  .string()
  .trim()
  .max(MAX_MAILBOX_TEXT_LENGTH, `at most ${MAX_MAILBOX_TEXT_LENGTH} characters`)
  .superRefine(oneLine)
  .transform((text, context) => participantOfText(text, context) ?? z.NEVER)
  .describe("An address, or 'Name <address>'.");

/** A participant: a person by uuid, or an email address with an optional display name. */
export const participantField = z
  .union([participantAddress, z.object(participantObjectFields).strict().refine(namesOnePerson, NAMES_ONE_PERSON).transform(withMailboxEmail)])
  .describe("A participant: an address ('Name <address>' too), or {person_uuid} or {email, name}.");

/**
 * A list of participants given as one string, as a To header writes it (`Jane <jane@x.example>, "Doe, John"
 * <john@y.example>`; a group's members in its place, `undisclosed-recipients:;` or blank text none), at most `max`.
 */
export const participantListText = (max: number) =>
  z
    .string()
    .max(MAX_ADDRESS_LIST_TEXT_LENGTH, `at most ${MAX_ADDRESS_LIST_TEXT_LENGTH} characters: send a longer list as an array`)
    .superRefine(oneLine)
    .transform((text, context) => {
      const mailboxes = mailboxList(text);
      if ("problem" in mailboxes) {
        context.addIssue({ code: "custom", message: mailboxes.problem });
        return z.NEVER;
      }
      if (mailboxes.length > max) {
        context.addIssue({ code: "custom", message: `holds ${mailboxes.length} addresses, more than ${max}` });
        return z.NEVER;
      }
      const participants = mailboxes.map((mailbox, position) => checkedMailbox(mailbox, context, [], `address ${position + 1} of the list: `));
      return participants.every((participant) => participant !== null) ? participants : z.NEVER;
    });

/** A list field of participants: an array of `item`, or the whole list as one string (`participantListText`); at most `max`. */
export const participantList = <Item extends z.ZodType>(item: Item, max: number) =>
  z.union([
    participantListText(max),
    // Not `.max(max)`: zod runs a length check on a value of the wrong type too, and a string has a length, so the
    // string's own refusal was lost beside a second one ("expected string to have <=1000 characters").
    z
      .array(item)
      .superRefine((items, context) => {
        if (Array.isArray(items) && items.length > max) context.addIssue({ code: "too_big", origin: "array", maximum: max, inclusive: true });
      }),
    // On the list: JSON Schema's maxItems holds for an array only, so a string is not held to it.
  ]).meta({ maxItems: max });
