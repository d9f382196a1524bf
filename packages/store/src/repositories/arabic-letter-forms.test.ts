/** `foldArabicLetterForms`, and the name keys that read it: one key whichever Arabic or Persian keyboard typed a name. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { foldArabicLetterForms } from "./arabic-letter-forms.js";
import { companyNameKey } from "./company-name-key.js";
import { foldCase } from "./fold-case.js";
import { foldName, foldNameForIndex } from "./fold-name.js";
import { nameSortKey } from "./name-sort-key.js";

/** Each letter as the keyboards type it: the first is the letter the others are read as. */
const VARIANTS = [["ي", "ی", "ى"], ["ك", "ک"], ["ه", "ة", "ۀ"], ["ا", "أ", "إ", "آ", "ٱ"], ...[..."0123456789"].map((digit) => [digit, "٠١٢٣٤٥٦٧٨٩"[+digit]!, "۰۱۲۳۴۵۶۷۸۹"[+digit]!])];
/** Letters with no other form, and what may be written or left out: harakat, shadda, sukun, superscript alef, tatweel. */
const PLAIN = [..."بتسلمنورعحدژپچگ ab"];
const OPTIONAL = [..."\u064b\u064c\u064d\u064e\u064f\u0650\u0651\u0652\u0670\u0640"];

const KEYS = { foldArabicLetterForms, foldCase, foldName, foldNameForIndex, nameSortKey, companyNameKey } as const;

/** One letter typed two ways (a variant class and two of its forms), or a plain letter; each way maybe with an optional mark. */
const slot = fc.oneof(
  fc.constantFrom(...VARIANTS).chain((forms) => fc.tuple(fc.constantFrom(...forms), fc.constantFrom(...forms))),
  fc.constantFrom(...PLAIN).map((letter) => [letter, letter] as const),
);
const typedTwice = fc.array(fc.tuple(slot, fc.option(fc.constantFrom(...OPTIONAL)), fc.option(fc.constantFrom(...OPTIONAL))), { maxLength: 12 }).map((slots) =>
  slots.reduce<[string, string]>(([left, right], [[one, other], markOne, markOther]) => [left + one + (markOne ?? ""), right + other + (markOther ?? "")], ["", ""]),
);

describe("foldArabicLetterForms", () => {
  it("reads yeh, kaf, heh, alef and digits in one form, and drops the harakat and the tatweel", () => {
    expect(foldArabicLetterForms("علی")).toBe("علي");
    expect(foldArabicLetterForms("مصطفى")).toBe("مصطفي");
    expect(foldArabicLetterForms("کریم")).toBe("كريم");
    expect(foldArabicLetterForms("فاطمة")).toBe("فاطمه");
    expect(foldArabicLetterForms("أحمد إبراهيم آدم ٱلله")).toBe("احمد ابراهيم ادم الله");
    expect(foldArabicLetterForms("مُحَمَّـــد ۱۴۰۲ ١٤٠٢")).toBe("محمد 1402 1402");
    expect(foldArabicLetterForms("José 山田 ے ہ")).toBe("José 山田 ے ہ");
  });

  it("gives every name key one value for a name however its letters were typed, and folding twice changes nothing", () => {
    fc.assert(
      fc.property(typedTwice, ([one, other]) => {
        for (const key of Object.values(KEYS)) expect(key(one)).toBe(key(other));
      }),
    );
    fc.assert(
      fc.property(fc.oneof(typedTwice.map(([one]) => one), fc.string({ unit: "grapheme-composite" })), (text) => {
        for (const key of Object.values(KEYS)) expect(key(key(text))).toBe(key(text));
      }),
    );
  });
});
