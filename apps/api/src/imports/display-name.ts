/**
 * @module
 * The person's name a mail display name or a calendar CN gives: none when it is an email address, and
 * "Last, First" (as Exchange and Outlook directories write names) turned round when that reading is unambiguous.
 */

/** An address written where a name belongs (`bob@partner.example`, Outlook's `'bob@partner.example'`). */
const ADDRESS_SHAPE = /^[^\s@<>]+@[^\s@<>]+$/;
/**
 * One word of a name: letters and the marks written on them, with inner hyphens and apostrophes (`Smith-Jones`,
 * `O'Neil`). Marks count as letters: Devanagari writes its vowels with them ("पटेल"), Arabic and Hebrew their vowel
 * points, and a decomposed "ö" (NFD, as macOS writes it) is "o" and a mark.
 */
const NAME_WORD = /^\p{L}[\p{L}\p{M}]*(?:['’-]\p{L}[\p{L}\p{M}]*)*$/u;
/** Words after a comma that are not a first name: a generational suffix or degree, a company's legal form. */
const NOT_FIRST_NAMES = new Set(["jr", "sr", "ii", "iii", "iv", "phd", "md", "esq", "inc", "ltd", "llc", "llp", "plc", "gmbh", "ag", "sa", "co", "corp", "bv", "nv", "oy", "ab", "as", "kg", "srl", "spa"]);

/**
 * The name a display name gives its person, or null when it gives none (empty, or an email address: the person is
 * then named as any person without a name is). "Partner, Bob" becomes "Bob Partner" when it has exactly one comma
 * and a single word on each side, the second not a suffix or legal form ("Smith, Jr", "Acme, Inc" are kept).
 *
 * @example
 * personNameOf("Partner, Bob"); // "Bob Partner"
 * personNameOf("'bob@partner.example'"); // null
 * personNameOf("van der Berg, Anna"); // "van der Berg, Anna"
 */
export function personNameOf(displayName: string | null | undefined): string | null {
  const name = displayName?.trim() ?? "";
  if (!name) return null;
  const unquoted = /^'(.*)'$/.exec(name)?.[1]?.trim() ?? name;
  if (ADDRESS_SHAPE.test(unquoted)) return null;
  const parts = name.split(",");
  if (parts.length !== 2) return name;
  const [last, first] = parts.map((part) => part.trim()) as [string, string];
  if (!NAME_WORD.test(last) || !NAME_WORD.test(first) || NOT_FIRST_NAMES.has(first.toLowerCase())) return name;
  return `${first} ${last}`;
}
