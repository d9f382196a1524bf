/**
 * @module
 * A person's display name from a first and a last name (`fullName`): "Jordan Blake", and family name first without a
 * space where the names are written in Chinese, Japanese or Korean ("山田太郎", "김민수"), as those languages write them.
 */

/** Han, kana and Hangul letters (and the marks and the prolonged sound mark they are written with), nothing else. */
const EAST_ASIAN = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30fc\u3005\p{M}]+$/u;

/**
 * The display name of a first and a last name, either of which may be missing: `first last`, or `lastfirst` when both
 * are written only in Han, kana or Hangul (Chinese, Japanese and Korean write the family name first, without a space:
 * a name filter then finds "山田太郎" as typed, and "山田 太郎" word by word). Empty when neither is given.
 *
 * @example fullName("Taro", "Yamada") // "Taro Yamada"
 * @example fullName("太郎", "山田") // "山田太郎"
 */
export function fullName(firstName: string | null | undefined, lastName: string | null | undefined): string {
  const first = firstName?.trim() ?? "";
  const last = lastName?.trim() ?? "";
  if (first && last && EAST_ASIAN.test(first) && EAST_ASIAN.test(last)) return `${last}${first}`;
  return [first, last].filter(Boolean).join(" ");
}
