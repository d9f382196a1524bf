import iconv from "iconv-lite";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readFilesAsUtf8 } from "./read-files-as-utf8.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-read-files-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function file(name: string, bytes: Buffer): string {
  const path = join(folder, name);
  writeFileSync(path, bytes);
  return path;
}

async function read(files: string[]): Promise<{ text: string; bytes: number }> {
  const counter = { bytes: 0 };
  const chunks: Buffer[] = [];
  for await (const chunk of readFilesAsUtf8(files, counter)) chunks.push(chunk as Buffer);
  return { text: Buffer.concat(chunks).toString("utf8"), bytes: counter.bytes };
}

describe("readFilesAsUtf8", () => {
  it("decodes each file in its own encoding, a line break after each, and counts the files' own bytes", async () => {
    const files = [
      file("a.ics", Buffer.from("\uFEFFSUMMARY:Jürgen’s review\r\n", "utf16le")),
      file("b.ics", Buffer.from("SUMMARY:山田さんと昼食\r\n", "utf16le").swap16()),
      file("c.ics", Buffer.from("SUMMARY:Zoë 🚀\r\n", "utf8")),
      file("d.ics", iconv.encode("SUMMARY:Café – €5", "windows-1252")),
    ];
    const size = files.reduce((sum, path) => sum + statSync(path).size, 0);
    expect(await read(files)).toEqual({
      text: "SUMMARY:Jürgen’s review\r\n\r\nSUMMARY:山田さんと昼食\r\n\r\nSUMMARY:Zoë 🚀\r\n\r\nSUMMARY:Café – €5\r\n",
      bytes: size,
    });
  });

  it("drops the byte order mark of each UTF-8 file, which would otherwise land inside the text", async () => {
    const files = [file("first.vcf", Buffer.from("\uFEFFBEGIN:VCARD\r\n", "utf8")), file("second.vcf", Buffer.from("\uFEFFBEGIN:VCARD\r\n", "utf8"))];
    expect(await read(files)).toEqual({ text: "BEGIN:VCARD\r\n\r\nBEGIN:VCARD\r\n\r\n", bytes: 32 });
  });
});
