/**
 * The letter case forms of a word: lower case, upper case and capitalised, the same from any case form of it,
 * none changing its length.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { letterCaseForms } from "./letter-case-forms.js";

describe("letterCaseForms", () => {
  it("gives a word's lower case, upper case and capitalised forms once each", () => {
    expect(letterCaseForms("émile")).toEqual(["émile", "ÉMILE", "Émile"]);
    expect(letterCaseForms("ПЕТРОВ")).toEqual(["петров", "ПЕТРОВ", "Петров"]);
    expect(letterCaseForms("李小龍")).toEqual(["李小龍"]);
    expect(letterCaseForms("o'brien")).toEqual(["o'brien", "O'BRIEN", "O'brien"]);
  });

  it("leaves out a form of another length", () => {
    expect(letterCaseForms("straße")).toEqual(["straße", "Straße"]);
  });

  it("gives the same forms from any case form of a word", () => {
    const letter = fc.constantFrom(..."aBéÉøØłŁжЖλΛ李'-");
    fc.assert(
      fc.property(fc.string({ unit: letter, minLength: 1, maxLength: 8 }), (word) => {
        const forms = letterCaseForms(word);
        expect(letterCaseForms(word.toUpperCase())).toEqual(forms);
        expect(letterCaseForms(word.toLowerCase())).toEqual(forms);
        expect(forms).toContain(word.toLowerCase());
      }),
    );
  });
});
