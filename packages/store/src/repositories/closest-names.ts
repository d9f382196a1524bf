/**
 * @module
 * The names Fuse.js ranks closest to some words (the last step of the persons' fuzzy `name` retry,
 * person-fuzzy-names.ts, and of the opportunity `search`'s, over documents), Fuse reading only the names that may
 * rank among them. Fuse scores a name by, for each word, the fewest edits that turn it into some stretch of the
 * name, over the word's length; a bit-parallel count of those edits (Myers) costs a small part of Fuse's and is
 * never more than Fuse's. So a name whose count already exceeds Fuse's threshold is dropped, and the others are
 * given to Fuse least bound first, until the next bound cannot enter the answer: 20,000 names `Contact <n>` and the
 * word `contact1234` took 110 ms of Fuse, a few hundred names now.
 */
import Fuse, { type IFuseOptions } from "fuse.js";
import type { NamedPerson } from "./folded-person-names.js";

/** How closely a word must match: Fuse's threshold, the share of the word's letters that may be edited. */
const THRESHOLD = 0.4;
const FUSE_OPTIONS: IFuseOptions<NamedPerson> = { keys: ["name"], includeScore: true, ignoreLocation: true, threshold: THRESHOLD };
/** Fuse's longest pattern read in one piece: a longer word is scored in pieces, which bounds nothing here. */
const LONGEST_BOUNDED_WORD = 31;

/** A word as Myers' search reads it: each UTF-16 unit's positions in it as bits. */
export interface SearchPattern {
  readonly length: number;
  /** By unit code below 128. */
  readonly ascii: Int32Array;
  readonly others: ReadonlyMap<number, number>;
}

/** `pattern`'s bits for {@link substringEditDistance}; at most 31 units. */
export function searchPattern(pattern: string): SearchPattern {
  const ascii = new Int32Array(128);
  const others = new Map<number, number>();
  for (let at = 0; at < pattern.length; at += 1) {
    const code = pattern.charCodeAt(at);
    if (code < 128) ascii[code]! |= 1 << at;
    else others.set(code, (others.get(code) ?? 0) | (1 << at));
  }
  return { length: pattern.length, ascii, others };
}

/**
 * The fewest edits (insertions, deletions, substitutions) that turn the pattern into some stretch of `text`: Myers'
 * bit-parallel approximate search, over UTF-16 units as Fuse reads them.
 */
export function substringEditDistance(pattern: SearchPattern, text: string): number {
  const { length, ascii, others } = pattern;
  if (length === 0) return 0;
  const last = 1 << (length - 1);
  let plus = (1 << length) - 1;
  let minus = 0;
  let score = length;
  let best = length;
  for (let at = 0; at < text.length && best > 0; at += 1) {
    const code = text.charCodeAt(at);
    const matches = code < 128 ? ascii[code]! : (others.get(code) ?? 0);
    const vertical = matches | minus;
    const horizontal = (((matches & plus) + plus) ^ plus) | matches;
    // A stretch may start anywhere in the text: no carry into the first row.
    let horizontalPlus = minus | ~(horizontal | plus);
    let horizontalMinus = plus & horizontal;
    if (horizontalPlus & last) score += 1;
    else if (horizontalMinus & last) score -= 1;
    horizontalPlus <<= 1;
    horizontalMinus <<= 1;
    plus = horizontalMinus | ~(vertical | horizontalPlus);
    minus = horizontalPlus & vertical;
    if (score < best) best = score;
  }
  return best;
}

/** Whether a UTF-16 unit separates Fuse's tokens (fuse.js's `isWordSeparator`). */
const separates = (code: number) => (code >= 9 && code <= 13) || code === 32 || code === 160;

/** Fuse's field-length norm of a name: by its whitespace-separated tokens, to three decimals (fuse.js's `norm`). */
function fieldNorm(name: string): number {
  let tokens = 0;
  for (let at = 0; at < name.length; at += 1) if (!separates(name.charCodeAt(at)) && (at === 0 || separates(name.charCodeAt(at - 1)))) tokens += 1;
  return Math.round(1000 / Math.sqrt(Math.max(1, tokens))) / 1000;
}

/**
 * The least score Fuse can give `name` for the words (lower is closer; `patterns` are theirs, null for a word too
 * long to bound), or null when Fuse cannot match a word in it. Each word scores at least its edit count over its
 * length (never under 0.001 unless it is the whole name), and Fuse multiplies the words' scores, each raised to
 * the name's norm.
 */
export function leastScore(name: string, patterns: ReadonlyArray<SearchPattern | null>): number | null {
  const text = name.toLowerCase();
  let norm: number | undefined;
  let least = 1;
  for (const pattern of patterns) {
    if (pattern === null) {
      least = 0;
      continue;
    }
    const edits = substringEditDistance(pattern, text);
    if (edits / pattern.length > THRESHOLD) return null;
    // In Fuse's own operations and order: a bound equal to Fuse's score is equal to the last bit.
    norm ??= fieldNorm(name);
    least *= edits === 0 ? 0 : Math.pow(Math.max(0.001, edits / pattern.length), norm);
  }
  return least;
}

/** The words' search patterns, null for one longer than Fuse reads in one piece. */
export const searchPatterns = (words: readonly string[]) => words.map((word) => (word.length > LONGEST_BOUNDED_WORD ? null : searchPattern(word.toLowerCase())));

/** A candidate's place in a fuzzy ranking: Fuse's score of its name (lower is closer), ties by uuid. */
export interface ScoredName {
  readonly uuid: string;
  readonly score: number;
}

/** The fuzzy rankings' order: closer first, ties by uuid (negative when `left` comes first). */
export const closestFirst = (left: ScoredName, right: ScoredName) => left.score - right.score || (left.uuid < right.uuid ? -1 : left.uuid > right.uuid ? 1 : 0);

/**
 * The `limit` candidates Fuse ranks closest to every word with their scores, closest first (ties by uuid), as Fuse
 * over all of them ranks them; with `upTo`, only those at or before it in that order (a cursor walk's end: a walk's
 * later pages rank the names again up to the end its first page found, so a name another write moves ahead does not
 * push an unchanged one out). Fuse reads `chunk` names at a time, least bound first, until the next bound is past
 * the `limit`-th score kept or `upTo`'s. `words` are folded (lower case).
 */
export function closestScoredNames(
  candidates: readonly NamedPerson[],
  words: readonly string[],
  options: { limit: number; upTo?: ScoredName | undefined; chunk?: number },
): ScoredName[] {
  const { limit, upTo } = options;
  let chunk = options.chunk ?? 256;
  const patterns = searchPatterns(words);
  // Infinity: Fuse cannot match the name.
  const least = new Float64Array(candidates.length);
  candidates.forEach((candidate, index) => {
    least[index] = leastScore(candidate.name, patterns) ?? Infinity;
  });
  const bounds = Float64Array.from(least).sort();
  const matchable = bounds.indexOf(Infinity) === -1 ? bounds.length : bounds.indexOf(Infinity);
  const query = { $and: words.map((word) => ({ name: word })) };
  let kept: ScoredName[] = [];
  // The names whose bound is at most `read` have been given to Fuse, `taken` of them.
  let read = -Infinity;
  for (let taken = 0; taken < matchable; chunk *= 2) {
    if (kept.length >= limit && bounds[taken]! > kept[limit - 1]!.score) break;
    if (upTo !== undefined && bounds[taken]! > upTo.score) break;
    const upToBound = bounds[Math.min(taken + chunk, matchable) - 1]!;
    const batch = candidates.filter((_, index) => least[index]! > read && least[index]! <= upToBound);
    for (const result of new Fuse(batch, FUSE_OPTIONS).search(query)) {
      const scored = { score: result.score ?? 0, uuid: result.item.uuid };
      if (upTo === undefined || closestFirst(scored, upTo) <= 0) kept.push(scored);
    }
    kept = kept.sort(closestFirst).slice(0, limit);
    taken += batch.length;
    read = upToBound;
  }
  return kept;
}

/**
 * The uuids of the `limit` candidates Fuse ranks closest to every word (Fuse's score, ties by uuid), as Fuse over
 * all of them ranks them (`closestScoredNames`). `words` are folded (lower case).
 */
export function closestNames(candidates: readonly NamedPerson[], words: readonly string[], limit: number, chunk = 256): string[] {
  return closestScoredNames(candidates, words, { limit, chunk }).map((entry) => entry.uuid);
}
