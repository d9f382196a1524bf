import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressedArchiveOf } from "./compressed-archive.js";

describe("compressedArchiveOf", () => {
  it("names the archive a file's first bytes start, and nothing for text", () => {
    expect(compressedArchiveOf(Buffer.from("PK\x03\x04\x14\x00", "latin1"))).toBe("a ZIP archive");
    expect(compressedArchiveOf(gzipSync("First Name,Last Name\n"))).toBe("a gzip-compressed file");
    expect(compressedArchiveOf(Buffer.from("7z\xbc\xaf\x27\x1c\x00\x04", "latin1"))).toBe("a 7-Zip archive");
    for (const text of ["First Name,Last Name", "BEGIN:VCARD", "From MAILER-DAEMON", "PK,Name", "P", ""]) expect(compressedArchiveOf(Buffer.from(text)), text).toBeNull();
    // UTF-16 text with a byte order mark, as Outlook writes it, is text.
    expect(compressedArchiveOf(Buffer.from("\uFEFFBEGIN:VCARD", "utf16le"))).toBeNull();
  });
});
