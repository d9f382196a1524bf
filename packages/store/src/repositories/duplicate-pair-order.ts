/**
 * @module
 * The duplicates list's order and pages (`duplicatePairPage`): each pair keyed by its kind, the canonical record's
 * folded name and the two uuids, a page after a cursor starting after its key, wherever the pairs before it went.
 */
import type { DuplicatePair } from "../duplicate-records.js";
import type { KeyValues, Page, PageRequest } from "../pagination/keyset-page.js";

/** A pair with its place in the list: [kind's rank, canonical folded name, canonical uuid, duplicate uuid]. */
export interface KeyedPair {
  key: readonly [number, string, string, string];
  pair: DuplicatePair;
}

/** Every two of `rows`, each once, in their order. */
export function* pairsWithin<Row>(rows: readonly Row[]): Generator<[Row, Row]> {
  for (let left = 0; left < rows.length; left += 1) {
    for (let right = left + 1; right < rows.length; right += 1) yield [rows[left]!, rows[right]!];
  }
}

/** `rows` grouped by `keyOf`, only the groups of two or more. */
export function groupedBy<Row>(rows: readonly Row[], keyOf: (row: Row) => string): Row[][] {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return [...groups.values()].filter((group) => group.length > 1);
}

/** Code-point order of keys, part by part (not `localeCompare`: the order must not vary with the machine's locale). */
function compareKeys(left: KeyValues, right: KeyValues): number {
  for (let index = 0; index < Math.max(left.length, right.length); index += 1) {
    const [a, b] = [left[index], right[index]];
    if (a === b) continue;
    if (a === undefined || a === null) return -1;
    if (b === undefined || b === null) return 1;
    return a < b ? -1 : 1;
  }
  return 0;
}

/** `pairs` in the list's order, one page of them as `request` asks; the total on a numbered page only. */
export function duplicatePairPage(pairs: readonly KeyedPair[], request: PageRequest): Page<DuplicatePair> {
  const ordered = [...pairs].sort((left, right) => compareKeys(left.key, right.key));
  const position = request.position;
  const start = position.kind === "offset" ? position.offset : ordered.findIndex((pair) => compareKeys(pair.key, position.key) > 0);
  const from = start < 0 ? ordered.length : start;
  const page = ordered.slice(from, from + request.limit);
  return {
    rows: page.map((entry) => entry.pair),
    hasMore: from + request.limit < ordered.length,
    total: position.kind === "offset" ? ordered.length : null,
    lastKey: page.length > 0 ? [...page.at(-1)!.key] : null,
  };
}

/** `pairs` in the list's order. */
export function orderedPairs(pairs: readonly KeyedPair[]): DuplicatePair[] {
  return [...pairs].sort((left, right) => compareKeys(left.key, right.key)).map((entry) => entry.pair);
}
