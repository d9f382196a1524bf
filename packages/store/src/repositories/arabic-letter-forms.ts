/**
 * @module
 * The Arabic-script letters that Arabic and Persian keyboards type as different code points for what a reader takes
 * for one letter (`foldArabicLetterForms`), so a name stored with Persian "ی" is found, sorted and matched as one typed
 * with Arabic "ي".
 */

const ALEF = "\u0627";
const HEH = "\u0647";
const YEH = "\u064a";
const KAF = "\u0643";

/**
 * Each variant and the letter it is read as, after CLDR's Persian and Arabic collations (which make each pair one
 * letter at their primary strength) and Lucene's `ArabicNormalizer` and `PersianNormalizer`; Arabic-Indic and Persian
 * digits are their ASCII digits, as every collation compares digits by value. Urdu's and Kurdish's own letters
 * (ے, ہ, ھ, ە), which Urdu's collation keeps apart, are left as written.
 */
const LETTER_FORMS: ReadonlyMap<string, string> = new Map([
  ["\u06cc", YEH], // ی Farsi yeh
  ["\u0649", YEH], // ى alef maksura
  ["\u06a9", KAF], // ک keheh
  ["\u0629", HEH], // ة teh marbuta
  ["\u06c0", HEH], // ۀ heh with yeh above
  ["\u0622", ALEF], // آ alef with madda
  ["\u0623", ALEF], // أ alef with hamza above
  ["\u0625", ALEF], // إ alef with hamza below
  ["\u0671", ALEF], // ٱ alef wasla
  ...[..."٠١٢٣٤٥٦٧٨٩"].map((digit, value) => [digit, String(value)] as const),
  ...[..."۰۱۲۳۴۵۶۷۸۹"].map((digit, value) => [digit, String(value)] as const),
]);

/** The variants of `LETTER_FORMS`, tatweel (U+0640) and the harakat, madda, hamza marks and superscript alef (U+064B–U+0655, U+0670). */
const FOLDED = /[\u0622\u0623\u0625\u0629\u0640\u0649\u064b-\u0655\u0660-\u0669\u0670\u0671\u06a9\u06c0\u06cc\u06f0-\u06f9]/gu;

/**
 * `text` with each Arabic-script letter form read as the letter it is a form of: yeh as "ي" (Persian "ی", alef maksura
 * "ى"), kaf as "ك" (Persian "ک"), teh marbuta "ة" and "ۀ" as "ه", alef with hamza or madda and alef wasla as "ا",
 * Arabic-Indic "٣" and Persian "۳" as "3", and the optional marks (harakat, shadda, sukun, superscript alef) and the
 * tatweel that stretches a word dropped. Each character is read on its own, so folding twice changes nothing and the
 * folding of a part of a text is a part of its folding. Text of other scripts is returned as it is.
 *
 * @example foldArabicLetterForms("علی كريمـي") === foldArabicLetterForms("علي کریمی") // true
 */
export function foldArabicLetterForms(text: string): string {
  return text.replace(FOLDED, (character) => LETTER_FORMS.get(character) ?? "");
}
