/**
 * @module
 * Cursor walks of a fuzzy retry's matches (the persons' `name`, the opportunities' `search`). A match's place is its
 * Fuse score and uuid, which no other record's write moves; a rank in a ranking recomputed for every page did move
 * (a closer name created ahead shifted every rank after it: unchanged records were listed twice or skipped). So the
 * cursor key is led by the walk (`FuzzyWalk`: the retry's step and the last match its first page ranked), and closest
 * first it goes on with the last row's score and uuid.
 */
import { InvalidInputError } from "../errors.js";
import type { KeyValues, Page, PagePosition, PageRequest } from "../pagination/keyset-page.js";
import { closestFirst, type ScoredName } from "./closest-names.js";

/** What a fuzzy walk keeps from its first page: the retry's step (persons; 1 otherwise) and its ranking's last match. */
export interface FuzzyWalk {
  step: number;
  end: ScoredName;
}

/** How many values lead a fuzzy walk's cursor key. */
const WALK_VALUES = 3;

/** What a list's cursor says of a fuzzy retry. */
export type FuzzyCursor =
  | { kind: "none" }
  | { kind: "exact" }
  | { kind: "fuzzy"; walk: FuzzyWalk; request: PageRequest };

/**
 * What `request`'s position says: no cursor (a first page or a page number); a cursor of the exact matches' scan
 * (`sortKeyCount` values); or one of a fuzzy walk (its walk, and the request positioned on the sort values alone).
 * A key of another length or with other values is an InvalidInputError.
 *
 * @example const cursor = readFuzzyCursor(request, 2, "persons.list");
 */
export function readFuzzyCursor(request: PageRequest, sortKeyCount: number, listed: string): FuzzyCursor {
  const { position } = request;
  if (position.kind === "offset") return { kind: "none" };
  if (position.key.length === sortKeyCount) return { kind: "exact" };
  const [step, score, uuid, ...key] = position.key;
  if (position.key.length !== sortKeyCount + WALK_VALUES || typeof step !== "number" || !isScore(score) || typeof uuid !== "string") {
    throw new InvalidInputError(`${listed}: cursor key of ${position.key.length} values is neither a sort key nor a fuzzy walk's`);
  }
  return { kind: "fuzzy", walk: { step, end: { score, uuid } }, request: { ...request, position: { kind: "after", key } } };
}

const isScore = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

/** The walk of a fuzzy retry's first page: its last match, null when none matched (the list is empty). */
export const walkOf = (step: number, matches: readonly ScoredName[]): FuzzyWalk | null => {
  const end = matches.at(-1);
  return end === undefined ? null : { step, end };
};

/** `page` with its last key led by the walk, as `readFuzzyCursor` reads it back. */
export function withFuzzyWalk<P extends Pick<Page<unknown>, "lastKey">>(page: P, walk: FuzzyWalk | null): P {
  return { ...page, lastKey: page.lastKey === null || walk === null ? null : [walk.step, walk.end.score, walk.end.uuid, ...page.lastKey] };
}

/**
 * Closest first: the matches a page reads and where it starts among them. After a cursor (the last row's score and
 * uuid), the matches after that place, from the first; by page number, all of them from the offset.
 */
export function closestFirstPage(matches: readonly ScoredName[], request: PageRequest): { matches: readonly ScoredName[]; position: PagePosition } {
  if (request.position.kind === "offset") return { matches, position: request.position };
  const [score, uuid] = request.position.key;
  if (!isScore(score) || typeof uuid !== "string") throw new InvalidInputError("fuzzy walk: cursor key is not a score and a uuid");
  const after = { score, uuid };
  return { matches: matches.filter((match) => closestFirst(match, after) > 0), position: { kind: "offset", offset: 0 } };
}

/** A closest-first page's last key, its last row's score and uuid (`scores` by uuid), for `withFuzzyWalk`. */
export function closestFirstKey(rows: ReadonlyArray<{ uuid: string }>, scores: ReadonlyMap<string, number>): KeyValues | null {
  const last = rows.at(-1);
  return last === undefined ? null : [scores.get(last.uuid) ?? null, last.uuid];
}
