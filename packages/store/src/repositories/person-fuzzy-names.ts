/**
 * @module
 * The person list's fuzzy `name` retry: when no person's name holds every word of the text, the names that come
 * closest (Fuse.js, as the opportunity `search` retries), after a cheap prefilter by the words' first letters.
 */
import Fuse from "fuse.js";
import { foldName } from "./fold-name.js";
import { nameWords } from "./name-words.js";

/** Most prefiltered names Fuse reads, and most matches kept (the opportunity search keeps 200 too). */
export const FUZZY_NAME_CANDIDATES = 20_000;
export const FUZZY_NAME_MATCHES = 200;

/** A person's uuid and display name, as the retry reads them. */
export interface NamedPerson {
  uuid: string;
  name: string;
}

/** The text's words folded as the exact filter folds them, the empty ones (punctuation only) left out. */
function foldedWords(text: string): string[] {
  return nameWords(text)
    .map((word) => foldName(word))
    .filter((word) => word.length > 0);
}

/**
 * Whether every word has a word of the name starting with its first letter: misspellings rarely change the first
 * letter, and this test reads a name once, where Fuse took about a second for 200,000 names.
 */
function sharesFirstLetters(nameWordInitials: ReadonlySet<string | undefined>, words: readonly string[]): boolean {
  return words.every((word) => nameWordInitials.has(word[0]!));
}

/**
 * The uuids of the persons whose names come closest to `text`, closest first (ties by uuid), at most
 * `FUZZY_NAME_MATCHES`. Every word must match fuzzily somewhere in the folded name (Fuse threshold 0.4, so a word
 * under three letters must be exact), and the name must hold a word starting with each word's first letter; the
 * first `FUZZY_NAME_CANDIDATES` names passing that prefilter are compared.
 *
 * @example fuzzyNameRanking([{ uuid: "a", name: "John Smith" }], "jon smyth") // ["a"]
 */
export function fuzzyNameRanking(persons: Iterable<NamedPerson>, text: string): string[] {
  const words = foldedWords(text);
  if (words.length === 0) return [];
  const candidates: NamedPerson[] = [];
  for (const person of persons) {
    // The initials of the name's parts ("Smith-Jones": s and j), as the exact filter splits them.
    const initials = new Set(nameWords(person.name).map((word) => foldName(word)[0]));
    if (!sharesFirstLetters(initials, words)) continue;
    candidates.push({ uuid: person.uuid, name: foldName(person.name) });
    if (candidates.length >= FUZZY_NAME_CANDIDATES) break;
  }
  const fuse = new Fuse(candidates, { keys: ["name"], includeScore: true, ignoreLocation: true, threshold: 0.4 });
  return fuse
    .search({ $and: words.map((word) => ({ name: word })) })
    .sort((left, right) => (left.score ?? 0) - (right.score ?? 0) || (left.item.uuid < right.item.uuid ? -1 : 1))
    .slice(0, FUZZY_NAME_MATCHES)
    .map((result) => result.item.uuid);
}
