import { describe, expect, it } from "vitest";
import { decodeMailText, decodesAsItself, iconvCharsetFor } from "./mail-charsets.js";

const bytes = (...values: number[]) => Uint8Array.from(values);

/** `values` decoded as iconvCharsetFor decides for `label`, or null when it leaves the label to postal-mime. */
function decodedAs(label: string, ...values: number[]): string | null {
  const encoding = iconvCharsetFor(label);
  return encoding === null ? null : decodeMailText(bytes(...values), encoding);
}

describe("iconvCharsetFor", () => {
  it("names IBM code pages and Windows labels postal-mime does not know, whatever their spelling", () => {
    // cp437: box drawing ╔═╗ and é; cp850: É and ß; windows-1250: Ł and ś; Windows-1252: €.
    for (const label of ["cp437", "IBM437", "ibm-437", "x-cp437", "dos-437", "csIBM437"]) expect(decodedAs(label, 0xc9, 0xcd, 0xbb, 0x82), label).toBe("╔═╗é");
    for (const label of ["cp850", "IBM850", "dos_850"]) expect(decodedAs(label, 0x90, 0xe1), label).toBe("Éß");
    for (const label of ["windows1250", "Windows_1250"]) expect(decodedAs(label, 0xa3, 0x9c), label).toBe("Łś");
    for (const label of ["windows1252", "WINDOWS_1252", "x-windows1252"]) expect(decodedAs(label, 0x80, 0x96), label).toBe("€–");
  });

  it("reads the labels the WHATWG standard maps to Windows-1252 as Windows-1252, not ISO-8859-1", () => {
    for (const label of ["windows-1252", "cp1252", "ISO-8859-1", "latin1", "us-ascii", " iso_8859-1:1987 "]) {
      expect(iconvCharsetFor(label), label).toBe("windows-1252");
    }
  });

  it("leaves to postal-mime the labels it decodes right, and labels nobody knows to its ISO-8859-1", () => {
    for (const label of ["utf-8", "utf8", "iso-8859-2", "windows-1250", "koi8-r", "shift_jis", "x-sjis", "cp932", "gbk", "utf-16le"]) {
      expect(iconvCharsetFor(label), label).toBeNull();
    }
    for (const label of ["no-such-charset", "base64", "hex", "x-unknown", "utf-8?", "a b", ""]) expect(iconvCharsetFor(label), label).toBeNull();
  });
});

describe("decodesAsItself", () => {
  it("is true only for ASCII bytes in an encoding that keeps ASCII", () => {
    expect(decodesAsItself(Buffer.from("plain text\r\n"), "cp437")).toBe(true);
    expect(decodesAsItself(bytes(0x41, 0x82), "cp437")).toBe(false);
    expect(decodesAsItself(Buffer.from("+AOk-"), "utf-7")).toBe(false);
  });
});
