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
 * A family name's particles, written in lower case (Dutch, German, French, Italian, Spanish, Portuguese): an
 * Exchange directory writes "de Vries, Pieter", or "Vries, Pieter de" as Dutch ones sort, for Pieter de Vries.
 */
const PARTICLES = new Set(["van", "von", "vom", "zu", "zur", "der", "den", "de", "des", "del", "della", "di", "da", "das", "do", "dos", "du", "la", "le", "ter", "ten", "te", "'t"]);

/** True when `words` are particles then one name word: `van der Berg`, `Berg`. */
function isFamilyName(words: readonly string[]): boolean {
  return words.length > 0 && NAME_WORD.test(words.at(-1)!) && words.slice(0, -1).every((word) => PARTICLES.has(word));
}

/**
 * The name a display name gives its person, or null when it gives none (empty, or an email address: the person is
 * then named as any person without a name is). "Partner, Bob" becomes "Bob Partner" when it has exactly one comma,
 * a single word after it, not a suffix or legal form ("Smith, Jr", "Acme, Inc" are kept), and before it a single word
 * after lower-case particles ("de Vries, Pieter"); particles may follow the first name instead ("Vries, Pieter de").
 *
 * @example
 * personNameOf("Partner, Bob"); // "Bob Partner"
 * personNameOf("'bob@partner.example'"); // null
 * personNameOf("van der Berg, Anna"); // "Anna van der Berg"
 * personNameOf("Berg, Anna van der"); // "Anna van der Berg"
 */
export function personNameOf(displayName: string | null | undefined): string | null {
  const name = displayName?.trim() ?? "";
  if (!name) return null;
  const unquoted = /^'(.*)'$/.exec(name)?.[1]?.trim() ?? name;
  if (ADDRESS_SHAPE.test(unquoted)) return null;
  const parts = name.split(",");
  if (parts.length !== 2) return name;
  const [lastWords, firstWords] = parts.map((part) => part.trim().split(/\s+/)) as [string[], string[]];
  const first = firstWords[0]!;
  const trailing = firstWords.slice(1);
  if (!NAME_WORD.test(first) || NOT_FIRST_NAMES.has(first.toLowerCase())) return name;
  if (trailing.length > 0 && (lastWords.length !== 1 || !trailing.every((word) => PARTICLES.has(word)))) return name;
  if (!isFamilyName(lastWords)) return name;
  return [first, ...trailing, ...lastWords].join(" ");
}
