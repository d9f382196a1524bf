import { describe, expect, it } from "vitest";
import { textPartsAreWindows1252 } from "./mail-body-charsets.js";

const message = (text: string) => Buffer.from(text, "latin1");

describe("textPartsAreWindows1252", () => {
  it("is true when every text part, folded or quoted, names a Windows-1252 charset", () => {
    expect(textPartsAreWindows1252(message("Content-Type: text/plain; charset=windows-1252\r\n\r\nCaf\xe9"))).toBe(true);
    const alternative = [
      'Content-Type: multipart/alternative; boundary="b"',
      "",
      "--b",
      "Content-Type: text/plain;",
      '\tcharset="iso-8859-1"',
      "",
      "Caf\xe9",
      "--b",
      "content-type: TEXT/HTML; charset=us-ascii",
      "",
      "<p>Caf\xe9</p>",
      "--b",
      "Content-Type: image/png",
      "",
      "--b--",
    ].join("\r\n");
    expect(textPartsAreWindows1252(message(alternative))).toBe(true);
  });

  it("is false when a text part has another charset or none, or there is no text part", () => {
    const mixed = 'Content-Type: multipart/mixed; boundary="b"\n\n--b\nContent-Type: text/plain; charset=windows-1252\n\nx\n--b\nContent-Type: text/plain; charset=utf-8\n\ny\n--b--\n';
    expect(textPartsAreWindows1252(message(mixed))).toBe(false);
    expect(textPartsAreWindows1252(message("Content-Type: text/plain\n\nx"))).toBe(false);
    expect(textPartsAreWindows1252(message("Subject: no content type\n\nx"))).toBe(false);
    expect(textPartsAreWindows1252(message("Content-Type: application/pdf\n\nx"))).toBe(false);
  });
});
