import { describe, expect, it } from "vitest";
import { quotesWhole } from "./whole-quotes.js";

describe("quotesWhole", () => {
  it.each([
    ["<dan@initech.example>: unreadable", "dan@initech.example"],
    ["unreadable address dan@initech.example.", "dan@initech.example"],
    ["dan@initech.example", "dan@initech.example"],
    ["mailto:dan@initech.example, bad", "dan@initech.example"],
    ["dan: no email address", "dan"],
    ["card of dan ortiz (row 3)", "dan ortiz"],
    ["jordan@initech.example and dan@initech.example", "dan@initech.example"],
  ])("finds %j quoting %j", (text, needle) => {
    expect(quotesWhole(text, needle)).toBe(true);
  });

  it.each([
    ["jordan@initech.example: bad card", "dan@initech.example"],
    ["dan@initech.example.org: bounced", "dan@initech.example"],
    ["dan@initech.examples", "dan@initech.example"],
    ["jordan: no email address", "dan"],
    ["dangerous header", "dan"],
    ["dan.smith@initech.example", "dan"],
    ["jean-dan ortiz", "dan ortiz"],
  ])("does not take %j as quoting %j: it is someone else's", (text, needle) => {
    expect(quotesWhole(text, needle)).toBe(false);
  });
});
