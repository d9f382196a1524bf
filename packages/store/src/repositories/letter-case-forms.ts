/**
 * @module
 * The forms a word of a name is written in (lower case, upper case, capitalised), for matching letters
 * other than A–Z in any of them where SQLite's `lower()` and `like` fold A–Z only.
 */

/**
 * The distinct forms of `word` a name may hold it in: lower case, upper case and capitalised (first letter
 * upper, the rest lower), as JavaScript maps each letter. A form that changes the word's length (`ß` upper-cased
 * is `SS`) is left out. Any case form of a word gives the same forms.
 *
 * @example letterCaseForms("émile") // ["émile", "ÉMILE", "Émile"]
 */
export function letterCaseForms(word: string): string[] {
  const lower = word.toLowerCase();
  const [first = "", ...rest] = lower;
  const forms = [lower, word.toUpperCase(), first.toUpperCase() + rest.join("")];
  const length = [...word].length;
  return [...new Set(forms)].filter((form) => [...form].length === length);
}
