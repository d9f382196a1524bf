/**
 * @module
 * Participants written as a mail header writes them (RFC 5322: `Jane Doe <jane@acme.example>`, `"Doe, John"
 * <john@acme.example>`, `jane@acme.example (Jane Doe)`, encoded words, groups), split into address and display name by
 * postal-mime's address parser, the one the mail import reads headers with.
 */
import { addressParser, decodeWords } from "postal-mime";
import { badRequest } from "../errors/api-error.js";
import { MAX_PARSED_MAILBOX_TEXT_PER_REQUEST } from "./field-limits.js";

/** What is left of the request's budget of parsed mailbox text, while a body is parsed (`withMailboxTextBudget`). */
let budget: { left: number } | null = null;

/**
 * Runs `parse` (synchronous: a body's schema) with a budget of `MAX_PARSED_MAILBOX_TEXT_PER_REQUEST` characters of
 * mailbox text handed to the address parser: each string is held to its own limit, but a 1 MiB body of them held the
 * event loop seconds. Past the budget, a 400 naming it.
 *
 * @example
 * const body = withMailboxTextBudget(() => parseInput(schema, rawBody, "body"));
 */
export function withMailboxTextBudget<Result>(parse: () => Result): Result {
  const outer = budget;
  budget = { left: MAX_PARSED_MAILBOX_TEXT_PER_REQUEST };
  try {
    return parse();
  } finally {
    budget = outer;
  }
}

/** postal-mime's address parser, counted against the request's budget. */
function parseAddresses(text: string): ReturnType<typeof addressParser> {
  if (budget !== null) {
    budget.left -= text.length;
    if (budget.left < 0) {
      throw badRequest(
        `body: participants written as mail headers ('Name <address>', or a list as one string) total more than ${MAX_PARSED_MAILBOX_TEXT_PER_REQUEST} characters, the most one request parses: send the batch in parts, or participants as bare addresses or {email, name} objects`,
      );
    }
  }
  return addressParser(text);
}

/** An address alone, with nothing the parser would read otherwise (no quotes, comments, brackets, groups or spaces). */
const PLAIN_ADDRESS = /^[^\s"(),:;<>@[\]\\]+@[^\s"(),:;<>@[\]\\]+$/;

/** One mailbox of a header: its address and its display name (`""` when it has none), encoded words decoded. */
export interface WrittenMailbox {
  address: string;
  name: string;
}

/**
 * `name` with its RFC 2047 encoded words decoded (`=?UTF-8?B?w4lsb2RpZQ==?=` is `Élodie`), as a header's display
 * name is; text without any is returned as it is.
 */
export function decodeEncodedWords(name: string): string {
  return name.includes("=?") ? decodeWords(name) : name;
}

/** `text` quoted for a message, cut to 80 characters. */
const quoted = (text: string) => `'${text.trim().slice(0, 80)}'`;

/** The refusal of text that writes no address. */
const NO_ADDRESS = "is not an email address or 'Name <address>'";

/** The hint for a display name holding an unquoted comma, which the parser reads as two mailboxes. */
const QUOTE_COMMA = `a display name holding a comma is quoted, as in "Doe, John" <john@acme.example>`;

/**
 * The one mailbox `text` writes, or the problem with it: no address, a group, or more than one mailbox (a field
 * that takes a list takes one as a whole string, so an array's item holding several says so).
 *
 * @example
 * oneMailbox('"Doe, John" <john@acme.example>'); // { address: "john@acme.example", name: "Doe, John" }
 * oneMailbox("a@x.example, b@x.example"); // { problem: "'a@x.example, b@x.example' holds 2 addresses: ..." }
 */
export function oneMailbox(text: string): WrittenMailbox | { problem: string } {
  const entries = parseAddresses(text);
  const [entry] = entries;
  if (entry === undefined) return { problem: `${quoted(text)} ${NO_ADDRESS}` };
  if (entries.length > 1) {
    const unquotedComma = entries.some((mailbox) => !mailbox.group && !mailbox.address) && text.includes(",");
    return {
      problem: unquotedComma
        ? `${quoted(text)} is not one mailbox: ${QUOTE_COMMA}`
        : `${quoted(text)} holds ${entries.length} addresses: send one participant each (a list of participants also takes the whole list as one string)`,
    };
  }
  if (entry.group) return { problem: `${quoted(text)} is a group (name: addresses;): send its addresses as participants` };
  if (!entry.address) return { problem: `${quoted(text)} ${NO_ADDRESS}` };
  return { address: entry.address, name: entry.name };
}

/**
 * The mailboxes an address list writes (a To header's value), in order: a group's members in its place, an empty
 * group (`undisclosed-recipients:;`) none, blank text none. Or the problem with the first entry without an address,
 * named by its position among the list's addresses.
 *
 * @example
 * mailboxList('Jane <jane@x.example>, "Doe, John" <john@y.example>, undisclosed-recipients:;');
 * // [{ address: "jane@x.example", name: "Jane" }, { address: "john@y.example", name: "Doe, John" }]
 */
export function mailboxList(text: string): WrittenMailbox[] | { problem: string } {
  // Most lists are bare addresses: read as the parser reads them, without its cost.
  const pieces = text.split(",").map((piece) => piece.trim());
  if (pieces.every((piece) => PLAIN_ADDRESS.test(piece))) return pieces.map((address) => ({ address, name: "" }));
  const mailboxes: WrittenMailbox[] = [];
  for (const entry of parseAddresses(text)) {
    for (const mailbox of entry.group ?? [entry]) {
      if (mailbox.address) {
        mailboxes.push({ address: mailbox.address, name: mailbox.name });
        continue;
      }
      const hint = text.includes(",") ? `: ${QUOTE_COMMA}` : "";
      return { problem: `address ${mailboxes.length + 1} of the list, ${quoted(mailbox.name)}, ${NO_ADDRESS}${hint}` };
    }
  }
  return mailboxes;
}
