/**
 * @module
 * A CSV cell that lists several values (addresses, labels) split into them.
 */

/**
 * The values of a cell listing several, separated by `,`, `;`, `|` or `:::` (Google's), each trimmed, empty ones left
 * out: `"a@x.com ::: b@y.com"` → `["a@x.com", "b@y.com"]`. The separators are found without the spaces around them,
 * which the trim takes off: a pattern taking `\s*` on both sides tried every start of a run of spaces, so a cell
 * of 60,000 spaces held the server's event loop, every tenant's requests, for seconds (minutes for a megabyte).
 */
export function splitCellList(value: string): string[] {
  return value
    .split(/:::|[,;|]/)
    .map((part) => part.trim())
    .filter(Boolean);
}
