import { describe, expect, it } from "vitest";
import { ERASED_MARKER, redactFileName, redactMentions, redactMentionsInJson } from "./redact-mentions.js";

describe("redactMentions", () => {
  it("replaces each occurrence, whatever the case of A–Z, and keeps the rest of the text", () => {
    expect(redactMentions("row 12: ZELDA@Example.com and zelda@example.com", ["zelda@example.com"])).toBe(`row 12: ${ERASED_MARKER} and ${ERASED_MARKER}`);
  });

  it("makes overlapping occurrences one marker and leaves a text without them as it is", () => {
    expect(redactMentions("to Zelda Quintero <zelda.quintero@x.example>", ["zelda quintero", "quintero@x.example", "zelda.quintero@x.example"])).toBe(
      "to [erased] <[erased]>",
    );
    expect(redactMentions("no date", ["zelda quintero"])).toBe("no date");
  });

  it("redacts only whole quotes: another person's longer address or name keeps every letter", () => {
    expect(redactMentions("jordan@initech.example: bad card; dan@initech.example: bounced", ["dan@initech.example"])).toBe(
      `jordan@initech.example: bad card; ${ERASED_MARKER}: bounced`,
    );
    expect(redactMentions("Jordan Ortizova, Dan Ortiz.", ["dan ortiz"])).toBe(`Jordan Ortizova, ${ERASED_MARKER}.`);
  });

  it("folds only A–Z, as SQLite's lower() does, so positions hold for any other character", () => {
    expect(redactMentions("Élodie Ärger, élodie ärger", ["Élodie ärger"])).toBe("Élodie Ärger, élodie ärger");
    expect(redactMentions("ÉLODIE Ärger and Élodie ärger", ["Élodie ärger"])).toBe("ÉLODIE Ärger and [erased]");
  });
});

describe("redactMentionsInJson", () => {
  it("redacts strings and keys at any depth and keeps numbers, booleans and nulls", () => {
    const summary = { count: 2, dry_run: false, owner: null, skipped: { "alias of zelda@example.com": 1 }, first: [{ message: "zelda@example.com: bad" }] };
    expect(redactMentionsInJson(summary, ["zelda@example.com"])).toEqual({
      count: 2,
      dry_run: false,
      owner: null,
      skipped: { "alias of [erased]": 1 },
      first: [{ message: "[erased]: bad" }],
    });
  });
});

describe("redactFileName", () => {
  it("redacts a name or address before the extension, or the whole name, and keeps the extension and others' names", () => {
    const needles = ["zelda quintero", "zelda@x.example"];
    const redacted = ["Zelda Quintero.vcf", "ZELDA@x.example.mbox", "zelda@x.example", "Zelda Quintero (2).vcf", "Zelda Quinteros.vcf"].map((name) =>
      redactFileName(name, needles),
    );
    expect(redacted).toEqual(["[erased].vcf", "[erased].mbox", "[erased]", "[erased] (2).vcf", "Zelda Quinteros.vcf"]);
  });
});
