/**
 * @module
 * The person list's fuzzy `name` retry, which the company name suggestions share (their names without legal forms): when
 * no person's name holds every word of the text, the names that come closest (Fuse.js, as the opportunity `search` retries), after a cheap prefilter by the words' first letters, and
 * when those find none, by their first sounds or second letters (a misspelt first letter: `kris` for "Chris").
 */
import { doubleMetaphone } from "double-metaphone";
import { distance } from "fastest-levenshtein";
import { closestScoredNames, type ScoredName } from "./closest-names.js";
import { foldName } from "./fold-name.js";
import { FoldedPersonNames, type NamedPerson } from "./folded-person-names.js";
import { nameWords } from "./name-words.js";

export type { NamedPerson } from "./folded-person-names.js";

/** Most prefiltered names Fuse reads, and most matches kept (the opportunity search keeps 200 too). */
export const FUZZY_NAME_CANDIDATES = 20_000;
export const FUZZY_NAME_MATCHES = 200;

/** The text's words folded as the exact filter folds them, the empty ones (punctuation only) left out. */
function foldedWords(text: string): string[] {
  return nameWords(text)
    .map((word) => foldName(word))
    .filter((word) => word.length > 0);
}

/**
 * Whether every word has a word of the person's name starting with its first letter: misspellings rarely change the
 * first letter, and this test reads a name once, where Fuse took about a second for 200,000 names.
 */
function sharesFirstLetters(names: FoldedPersonNames, index: number, words: readonly string[]): boolean {
  return words.every((word) => names.hasPartStartingWith(index, word[0]!));
}

/**
 * The first sound of a folded word, Double Metaphone's first letter of its first four letters (which decide it): "K"
 * for `kris` and `chris`, "F" for `filip` and `philip`, "S" for `xmith` and `smith`; "" for none, and for a vowel. Remembered by those
 * letters in `sounds`, since names share few beginnings.
 */
function firstSound(word: string, sounds: Map<string, string>): string {
  // A word starting with no letter A–Z (a number, another script) has no sound here; not looked up, as names are
  // often numbered ("Contact 12345").
  if (!/^[a-z]/.test(word)) return "";
  const beginning = word.slice(0, 4);
  let sound = sounds.get(beginning);
  if (sound === undefined) {
    // Double Metaphone writes every initial vowel as "A": `acme` would sound like `initech` and `ivan` like `ella`.
    // A vowel is no sound here; a misspelt vowel still meets its name by the second letter (`evan`, `ivan`).
    const first = doubleMetaphone(beginning)[0].slice(0, 1);
    sound = first === "A" ? "" : first;
    sounds.set(beginning, sound);
  }
  return sound;
}

/**
 * Whether every word has a word of the name starting with its letter, starting with its sound (`wordSounds`, the
 * words' own, in order), or (a word of three letters or more) with the same second letter: a misspelt first letter,
 * heard (`kris`, `filip`) or typed (`dmith`). Reads the person's words in place (`somePart`), their sounds remembered
 * with the names.
 */
function sharesBeginnings(names: FoldedPersonNames, person: number, words: readonly string[], wordSounds: readonly string[], sounds: Map<string, string>): boolean {
  const soundOf = (word: string) => firstSound(word, sounds);
  return words.every((word, index) =>
    names.somePart(
      person,
      (part) =>
        names.partUnitAt(part, 0) === word[0] ||
        (word.length >= 3 && names.partUnitAt(part, 1) === word[1]) ||
        (wordSounds[index] !== "" && names.partSound(part, soundOf) === wordSounds[index]),
    ),
  );
}

/** The closest of `candidates` to every word, closest first (ties by uuid), at most `FUZZY_NAME_MATCHES` (none past `upTo`). */
function closest(candidates: readonly NamedPerson[], words: readonly string[], upTo: ScoredName | undefined): ScoredName[] {
  return closestScoredNames(candidates, words, { limit: upTo === undefined ? FUZZY_NAME_MATCHES : Infinity, upTo });
}

/**
 * How far the person's name is from `words`: for each word, the edit distance to the closest word of the name, summed.
 * A cheap ranking of names before Fuse's (about a tenth of a microsecond a pair of words).
 */
function wordsDistance(names: FoldedPersonNames, index: number, words: readonly string[]): number {
  const parts = names.partsAt(index);
  let sum = 0;
  for (const word of words) {
    let nearest = Infinity;
    for (const part of parts) nearest = Math.min(nearest, distance(word, part));
    sum += nearest;
  }
  return sum;
}

/**
 * The persons that pass `test`, their names folded: all of them up to `FUZZY_NAME_CANDIDATES`, else that many, those
 * whose words come closest to `words` by edit distance (ties by position). Taking the first by position instead, a
 * tenant whose names share their initials with the text (200,000 "Contact <n>" and `contcat 199999`) never reached
 * the person meant.
 */
function candidatesWhere(names: FoldedPersonNames, test: (index: number) => boolean, words: readonly string[]): NamedPerson[] {
  let passing: number[] = [];
  for (let index = 0; index < names.size; index += 1) if (test(index)) passing.push(index);
  if (passing.length > FUZZY_NAME_CANDIDATES) {
    const distances = new Float64Array(names.size);
    for (const index of passing) distances[index] = wordsDistance(names, index, words);
    passing = passing.sort((left, right) => distances[left]! - distances[right]! || left - right).slice(0, FUZZY_NAME_CANDIDATES);
  }
  return passing.map((index) => ({ uuid: names.uuidAt(index), name: names.foldedNameAt(index) }));
}

/**
 * The retry's two steps: 1, the names holding a word starting with each word's first letter; 2 (only when step 1
 * matches none), the others holding, for each word, a word starting with its letter or its sound or sharing its
 * second letter.
 */
export type FuzzyNameStep = 1 | 2;

/** A fuzzy retry's answer: the step that matched (1 when none did) and the matches with their scores, closest first. */
export interface FuzzyNameScores {
  step: FuzzyNameStep;
  matches: ScoredName[];
}

/**
 * The persons whose names come closest to `text` with their Fuse scores, closest first (ties by uuid), at most
 * `FUZZY_NAME_MATCHES`. Every word must match fuzzily somewhere in the folded name (Fuse threshold 0.4, so a word
 * under three letters must be exact), in step 1's names, else in step 2's (a second read of `persons`, only then).
 * Each time at most `FUZZY_NAME_CANDIDATES` names passing are compared: past that many, those closest by edit
 * distance. `walk` (a cursor walk's later page) keeps to the step and the end its first page found: every name of
 * that step at or before `upTo`, however many.
 *
 * @example fuzzyNameScores([{ uuid: "a", name: "John Smith" }], "jon smyth") // { step: 1, matches: [{ uuid: "a", score: … }] }
 */
export function fuzzyNameScores(
  persons: readonly NamedPerson[] | FoldedPersonNames,
  text: string,
  walk?: { step: FuzzyNameStep; upTo: ScoredName },
): FuzzyNameScores {
  const words = foldedWords(text);
  if (words.length === 0) return { step: 1, matches: [] };
  // Folded here when not already (the store remembers a tenant's names folded: person-repository.ts).
  const names = persons instanceof FoldedPersonNames ? persons : new FoldedPersonNames(persons);
  const sameInitials = (index: number) => sharesFirstLetters(names, index, words);
  if (walk?.step !== 2) {
    const found = closest(candidatesWhere(names, sameInitials, words), words, walk?.upTo);
    if (found.length > 0 || walk !== undefined) return { step: 1, matches: found };
  }
  const sounds = new Map<string, string>();
  const wordSounds = words.map((word) => firstSound(word, sounds));
  const matches = closest(
    candidatesWhere(names, (index) => !sameInitials(index) && sharesBeginnings(names, index, words, wordSounds, sounds), words),
    words,
    walk?.upTo,
  );
  return { step: walk?.step ?? (matches.length > 0 ? 2 : 1), matches };
}

/**
 * The uuids of the persons whose names come closest to `text`, closest first (ties by uuid), at most
 * `FUZZY_NAME_MATCHES`: `fuzzyNameScores`' matches.
 *
 * @example fuzzyNameRanking([{ uuid: "a", name: "John Smith" }], "jon smyth") // ["a"]
 * @example fuzzyNameRanking([{ uuid: "a", name: "Chris Smith" }], "kris smith") // ["a"]
 */
export function fuzzyNameRanking(persons: readonly NamedPerson[] | FoldedPersonNames, text: string): string[] {
  return fuzzyNameScores(persons, text).matches.map((match) => match.uuid);
}
