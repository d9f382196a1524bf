import { isUtf8 } from "node:buffer";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mailHeaderAsUtf8 } from "./mail-header-as-utf8.js";
import { decodeMailText, iconvCharsetFor } from "./mail-charsets.js";
import { decodeWindows1252 } from "./text-encoding.js";

const latin1 = (text: string) => Buffer.from(text, "latin1");

describe("mailHeaderAsUtf8", () => {
  it("writes a Windows-1252 encoded word again in UTF-8, Q or B, with or without a language", () => {
    const repaired = mailHeaderAsUtf8(latin1("Subject: =?windows-1252?Q?Caf=E9_=96_=805?=\r\nTo: =?ISO-8859-1*fr?b?UmVu6WU=?= <r@x.example>\r\n\r\nbody\r\n"));
    expect(repaired?.toString("utf8")).toBe(
      `Subject: =?utf-8?B?${Buffer.from("Café – €5").toString("base64")}?=\r\nTo: =?utf-8?B?${Buffer.from("Renée").toString("base64")}?= <r@x.example>\r\n\r\nbody\r\n`,
    );
  });

  it("writes an encoded word in a charset only iconv-lite knows again in UTF-8, and leaves an unknown one", () => {
    const repaired = mailHeaderAsUtf8(latin1("Subject: =?IBM437?Q?=C9=CD=BB_Caf=82?= =?windows1252?B?gA==?= =?x-no-such?Q?=E9?=\r\n\r\n"));
    expect(repaired?.toString("utf8")).toBe(
      `Subject: =?utf-8?B?${Buffer.from("╔═╗ Café").toString("base64")}?= =?utf-8?B?${Buffer.from("€").toString("base64")}?= =?x-no-such?Q?=E9?=\r\n\r\n`,
    );
  });

  it("reads a header line that is not UTF-8 as Windows-1252, and keeps UTF-8 lines and the body's bytes as they are", () => {
    const repaired = mailHeaderAsUtf8(latin1("From: Fran\xe7ois \x93Fran\x94 <f@x.example>\nTo: J\xc3\xb6rg <j@x.example>\n\nCaf\xe9 \x96\n"));
    expect(repaired).toEqual(Buffer.concat([Buffer.from("From: François “Fran” <f@x.example>\nTo: Jörg <j@x.example>"), latin1("\n\nCaf\xe9 \x96\n")]));
  });

  it("is null when the header block needs nothing: UTF-8, other charsets' encoded words, or no header end", () => {
    expect(mailHeaderAsUtf8(latin1("Subject: =?utf-8?Q?Gr=C3=BC=C3=9Fe?= =?iso-8859-2?Q?=A3?=\r\nFrom: J\xc3\xb6rg <j@x.example>\r\n\r\nCaf\xe9\r\n"))).toBeNull();
    expect(mailHeaderAsUtf8(latin1("Subject: plain"))).toBeNull();
  });

  it("ends the header block at its first empty line, written \\n or \\r\\n, and never reads past it", () => {
    expect(mailHeaderAsUtf8(latin1("Subject: ok\n\r\nCaf\xe9\n\n=?windows-1252?Q?=80?=\n"))).toBeNull();
    expect(mailHeaderAsUtf8(latin1("Subject: ok\r\n\r\n=?windows-1252?Q?=80?=\r\n"))).toBeNull();
    expect(mailHeaderAsUtf8(latin1("\r\n\r\nSubject: Caf\xe9\r\n"))).toBeNull();
    expect(mailHeaderAsUtf8(latin1("To: a@x.example\r\nSubject: Caf\xe9\r\n\r\nCaf\xe9"))).toEqual(
      Buffer.concat([Buffer.from("To: a@x.example\r\nSubject: Café"), latin1("\r\n\r\nCaf\xe9")]),
    );
  });

  it("gives what reading the header block line by line gives, for any mix of plain, 8-bit and encoded lines", () => {
    const piece = fc.constantFrom(
      "From: a@x.example",
      "Subject: plain",
      " folded",
      "Subject: Caf\xe9 \x96",
      "To: J\xc3\xb6rg",
      "=?windows-1252?Q?=80?=",
      "=?utf-8?B?4oKs?=",
      "=?no-such-charset?Q?x?=",
      "=?cp437?Q?=C9=82?=",
      "=?",
      "\r",
      "\n",
      "\r\n",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const raw = latin1(pieces.join(""));
        expect(mailHeaderAsUtf8(raw)).toEqual(readLineByLine(raw));
      }),
      { numRuns: 500 },
    );
  });
});

/** The header repair done the slow way, line by line with no shortcut: what mailHeaderAsUtf8 must match. */
function readLineByLine(raw: Buffer): Buffer | null {
  const text = raw.toString("latin1");
  const blankLine = /\r?\n\r?\n/.exec(text);
  const headerEnd = blankLine ? blankLine.index : text.length;
  let changed = false;
  const lines = text.slice(0, headerEnd).split("\n").map((line) => {
    const bytes = latin1(line);
    const decoded = isUtf8(bytes) ? bytes.toString("utf8") : decodeWindows1252(bytes);
    const rewritten = decoded.replace(/=\?([^?\s]+)\?([BbQq])\?([^?]*)\?=/g, (word, label: string, encoding: string, wordText: string) => {
      const charset = iconvCharsetFor(label.split("*")[0]!);
      if (charset === null) return word;
      const wordBytes = /b/i.test(encoding) ? Buffer.from(wordText, "base64") : latin1(wordText.replace(/_/g, " ").replace(/=([0-9A-Fa-f]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))));
      return `=?utf-8?B?${Buffer.from(decodeMailText(wordBytes, charset)).toString("base64")}?=`;
    });
    if (!isUtf8(bytes) || rewritten !== decoded) changed = true;
    return rewritten;
  });
  return changed ? Buffer.concat([Buffer.from(lines.join("\n")), raw.subarray(headerEnd)]) : null;
}
