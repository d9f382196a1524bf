/** @module A short list kept sorted as items arrive, cut at a limit: the strongest paths, priority entries, contacts. */

/**
 * Inserts `item` into `list` (sorted, the highest ranked first) after every item it does not rank above,
 * then drops what falls beyond `limit`. For short lists (ten or so) of many candidates: most candidates
 * are compared with the last item only.
 *
 * @example
 * const top = [9, 5];
 * insertRanked(top, 7, 2, (left, right) => left > right); // top: [9, 7]
 */
export function insertRanked<T>(list: T[], item: T, limit: number, ranksAbove: (left: T, right: T) => boolean): void {
  let position = list.length;
  while (position > 0 && ranksAbove(item, list[position - 1]!)) position -= 1;
  if (position >= limit) return;
  // Shifted in place: `splice` allocates the array of what it removes, on every call.
  if (list.length < limit) list.push(item);
  for (let at = list.length - 1; at > position; at -= 1) list[at] = list[at - 1]!;
  list[position] = item;
}
