/** Rows per IN list or multi-row insert: far below SQLite's and PostgreSQL's bound-parameter limits. */
export const ROWS_PER_STATEMENT = 500;

/** `items` cut into consecutive lists of at most `size` (the last one shorter); none for no items. */
export function chunksOf<T>(items: readonly T[], size = ROWS_PER_STATEMENT): T[][] {
  if (!(size >= 1)) throw new RangeError(`chunksOf: size must be at least 1, got ${size}`);
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}
