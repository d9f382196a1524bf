/**
 * @module
 * Recognizes a compressed archive handed to an import by its first bytes: LinkedIn's data export and Google Takeout
 * come as a ZIP, a mailbox is often gzipped. Read as text, such a file was refused in words about code pages and Excel
 * (CSV, vCard, iCalendar) or with its binary first line quoted (mbox), which never said to extract it first.
 */
import type { ImportKind } from "@rapport/store";
import { ImportFormatError } from "./imported-items.js";

/** The signatures of the archive formats people are handed exports in, and what each is called. */
const ARCHIVE_SIGNATURES: ReadonlyArray<{ bytes: readonly number[]; name: string }> = [
  { bytes: [0x50, 0x4b, 0x03, 0x04], name: "a ZIP archive" },
  // An empty ZIP and one of several volumes start so.
  { bytes: [0x50, 0x4b, 0x05, 0x06], name: "a ZIP archive" },
  { bytes: [0x50, 0x4b, 0x07, 0x08], name: "a ZIP archive" },
  { bytes: [0x1f, 0x8b], name: "a gzip-compressed file" },
  { bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], name: "a 7-Zip archive" },
  { bytes: [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07], name: "a RAR archive" },
  { bytes: [0x42, 0x5a, 0x68], name: "a bzip2-compressed file" },
  { bytes: [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00], name: "an xz-compressed file" },
];

/** What each import kind reads. */
const KIND_FILE: Record<ImportKind, string> = { csv: "a CSV file", vcf: "a vCard file", ics: "an iCalendar file", mbox: "an mbox file" };

/** What the file to extract is called, for each import kind. */
const FILE_INSIDE: Record<ImportKind, string> = {
  csv: "the .csv file inside (a LinkedIn data export holds Connections.csv)",
  vcf: "the .vcf file inside (Google Takeout's contacts are a .vcf)",
  ics: "the .ics file inside (Google Takeout's calendars are .ics files)",
  mbox: "the .mbox file inside (Google Takeout's mail is one)",
};

/**
 * The kind of compressed archive `head` (a file's first bytes) starts like, or null for anything else.
 *
 * @example
 * compressedArchiveOf(Buffer.from("PK\x03\x04", "latin1")); // "a ZIP archive"
 * compressedArchiveOf(Buffer.from("First Name,Last Name")); // null
 */
export function compressedArchiveOf(head: Uint8Array): string | null {
  const found = ARCHIVE_SIGNATURES.find(({ bytes }) => head.length >= bytes.length && bytes.every((byte, index) => head[index] === byte));
  return found?.name ?? null;
}

/**
 * Throws an ImportFormatError naming `name` as the archive it is and saying what to extract, when `head` starts like a
 * compressed archive; else returns.
 *
 * @example
 * refuseCompressedArchive(head, "Basic_LinkedInDataExport.zip", "csv");
 * // ImportFormatError: Basic_LinkedInDataExport.zip is a ZIP archive, not a CSV file: extract it and import the .csv file inside (...)
 */
export function refuseCompressedArchive(head: Uint8Array, name: string, kind: ImportKind): void {
  const archive = compressedArchiveOf(head);
  if (archive === null) return;
  throw new ImportFormatError(`${name} is ${archive}, not ${KIND_FILE[kind]}: extract it and import ${FILE_INSIDE[kind]}`);
}

