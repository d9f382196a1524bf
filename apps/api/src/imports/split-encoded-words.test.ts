import fc from "fast-check";
import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { joinSplitEncodedWords } from "./split-encoded-words.js";

const base64Word = (label: string, bytes: Buffer) => `=?${label}?B?${bytes.toString("base64")}?=`;
const qWord = (label: string, bytes: Buffer) => `=?${label}?Q?${[...bytes].map((byte) => `=${byte.toString(16).toUpperCase().padStart(2, "0")}`).join("")}?=`;

describe("joinSplitEncodedWords", () => {
  it("joins encoded words that cut a UTF-8 or Shift_JIS character between them, over a folded line too", () => {
    const wang = Buffer.from("王小明", "utf8");
    expect(joinSplitEncodedWords(`From: ${base64Word("UTF-8", wang.subarray(0, 4))} ${base64Word("utf-8", wang.subarray(4))} <w@x.example>`)).toBe(
      `From: ${base64Word("UTF-8", wang)} <w@x.example>`,
    );
    const takahashi = iconv.encode("高橋 健", "shift_jis");
    expect(joinSplitEncodedWords(`Subject: ${qWord("Shift_JIS", takahashi.subarray(0, 3))}\r\n ${base64Word("Shift_JIS", takahashi.subarray(3))}`)).toBe(
      `Subject: ${base64Word("Shift_JIS", takahashi)}`,
    );
  });

  it("leaves whole words, words of other charsets and unknown charsets as written", () => {
    const whole = `Subject: ${base64Word("UTF-8", Buffer.from("王"))} ${base64Word("UTF-8", Buffer.from("小明"))}`;
    expect(joinSplitEncodedWords(whole)).toBe(whole);
    const wang = Buffer.from("王小明", "utf8");
    const mixed = `Subject: ${base64Word("UTF-8", wang.subarray(0, 4))} ${base64Word("ISO-8859-1", wang.subarray(4))}`;
    expect(joinSplitEncodedWords(mixed)).toBe(mixed);
    const unknown = `Subject: ${base64Word("x-no-such", wang.subarray(0, 4))} ${base64Word("x-no-such", wang.subarray(4))}`;
    expect(joinSplitEncodedWords(unknown)).toBe(unknown);
    expect(joinSplitEncodedWords("Subject: plain =? text")).toBe("Subject: plain =? text");
  });

  it("joins any cut of a UTF-8 text into the text's bytes", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("a", "é", "王", "😀", "ß", "ท"), minLength: 2, maxLength: 12 }), fc.nat(), (text, at) => {
        const bytes = Buffer.from(text, "utf8");
        const cut = 1 + (at % (bytes.length - 1));
        const joined = joinSplitEncodedWords(`${base64Word("utf-8", bytes.subarray(0, cut))}\n\t${base64Word("utf-8", bytes.subarray(cut))}`);
        const decoded = [...joined.matchAll(/=\?utf-8\?B\?([^?]*)\?=/g)].map(([, text]) => Buffer.from(text!, "base64").toString("utf8")).join("");
        expect(decoded).toBe(text);
      }),
    );
  });
});
