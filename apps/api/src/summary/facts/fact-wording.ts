/** Small wording helpers shared by the fact collectors. */

/** "A", "A and B", "A, B and C". */
export function listInWords(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** A sentence of its own set inside another after a colon: its first letter in lower case ("No interactions" as "no interactions"). */
export const midSentence = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** "Boston, Massachusetts, United States" from the parts that are set. */
export function placeInWords(parts: ReadonlyArray<string | null>): string | null {
  const present = parts.map((part) => part?.trim()).filter((part): part is string => Boolean(part));
  return present.length > 0 ? present.join(", ") : null;
}

/** `YYYY-MM-DD` (UTC) of an epoch-ms instant. */
export const dateInWords = (epochMilliseconds: number) => new Date(epochMilliseconds).toISOString().slice(0, 10);

/** Quotes free text from a record, trimmed to a sentence-friendly length. */
export function quoted(text: string, max = 300): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return `"${flat.length > max ? `${flat.slice(0, max - 1)}…` : flat}"`;
}
