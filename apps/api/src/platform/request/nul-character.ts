/**
 * @module
 * The NUL character (U+0000) is refused in every request value: SQLite's text functions (`lower`, `like`, the
 * trigram index) stop at it, so a name holding one would be found only by its first part, and a filter holding
 * one matched every record or failed.
 */

/** What a refused value is told. */
export const NUL_CHARACTER_PROBLEM = "text must not contain the NUL character (U+0000)";

/** Whether `text` holds a NUL character. */
export const holdsNulCharacter = (text: string) => text.includes("\u0000");
