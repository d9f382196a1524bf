/** checkImportInput: the first entry of an upload read before its job starts, and the file let go cleanly. */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { ImportRequestError, type ImportRequest } from "./import-request.js";
import { ImportFormatError } from "./imported-items.js";
import { checkImportInput } from "./open-import-source.js";
import { unreadableFile } from "../testing/unreadable-file.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-check-import-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const csvRequest = (overrides: Partial<ImportRequest> = {}): ImportRequest => ({
  kind: "csv",
  dryRun: true,
  keepBodies: false,
  since: 0,
  until: Date.UTC(2100, 0, 1),
  entity: null,
  map: [],
  ...overrides,
});

function csvOfRows(rows: number): string {
  const path = join(folder, `people-${rows}.csv`);
  const lines = ["First Name,Last Name,Email"];
  for (let row = 0; row < rows; row += 1) lines.push(`Person,Number ${row},person${row}@example.com`);
  writeFileSync(path, lines.join("\n"));
  return path;
}

describe("checkImportInput", () => {
  it("reads the first row of a CSV far larger than its sniffed head, and lets the file go without an error", async () => {
    const errors: unknown[] = [];
    const record = (error: unknown) => errors.push(error);
    process.on("uncaughtException", record);
    try {
      // 5,000 rows: about 200 KiB, beyond the 64 KiB read for sniffing.
      await expect(checkImportInput({ path: csvOfRows(5_000) }, csvRequest())).resolves.toBeUndefined();
      await sleep(50);
    } finally {
      process.off("uncaughtException", record);
    }
    expect(errors).toEqual([]);
  });

  it("refuses a ZIP or gzip file as the archive it is, saying what to extract, for every kind", async () => {
    const linkedinExport = join(folder, "Basic_LinkedInDataExport_12-07-2026.zip");
    // A ZIP's local file header, as LinkedIn's data export starts: its Connections.csv deflated behind it.
    writeFileSync(linkedinExport, Buffer.concat([Buffer.from("PK\x03\x04\x14\x00\x00\x00\x08\x00", "latin1"), Buffer.from("Connections.csv}S;o")]));
    const mailbox = join(folder, "mail.mbox.gz");
    writeFileSync(mailbox, gzipSync("From MAILER-DAEMON Mon Nov  2 10:00:00 2026\nSubject: hi\n\nhello\n"));
    await expect(checkImportInput({ path: linkedinExport }, csvRequest())).rejects.toThrow(
      new ImportFormatError(`${linkedinExport} is a ZIP archive, not a CSV file: extract it and import the .csv file inside (a LinkedIn data export holds Connections.csv)`),
    );
    await expect(checkImportInput({ path: linkedinExport }, csvRequest({ kind: "vcf" }))).rejects.toThrow(`${linkedinExport} is a ZIP archive, not a vCard file: extract it`);
    await expect(checkImportInput({ path: linkedinExport }, csvRequest({ kind: "ics" }))).rejects.toThrow(`${linkedinExport} is a ZIP archive, not an iCalendar file: extract it`);
    await expect(checkImportInput({ path: mailbox }, csvRequest({ kind: "mbox" }))).rejects.toThrow(
      `${mailbox} is a gzip-compressed file, not an mbox file: extract it and import the .mbox file inside`,
    );
  });

  it("refuses a map target the guessed entity does not have as a request error (a 400), not an unexpected one", async () => {
    const refused = checkImportInput({ path: csvOfRows(3) }, csvRequest({ map: ["Email=domain"] }));
    await expect(refused).rejects.toBeInstanceOf(ImportRequestError);
    await expect(refused).rejects.toThrow(/"domain" is not a persons field/);
  });

  it("says a path whose symbolic links loop loops, not that there is no such file", async () => {
    const first = join(folder, "loop-one.csv");
    symlinkSync(join(folder, "loop-two.csv"), first);
    symlinkSync(first, join(folder, "loop-two.csv"));
    await expect(checkImportInput({ path: first }, csvRequest())).rejects.toThrow(new ImportFormatError(`cannot read ${first}: its symbolic links loop (ELOOP)`));
    const missing = join(folder, "missing.csv");
    await expect(checkImportInput({ path: missing }, csvRequest())).rejects.toThrow(new ImportFormatError(`cannot read ${missing}: no such file or folder`));
  });

  it("refuses a socket as a format error naming it, not an unexpected ENXIO", async () => {
    const socket = join(folder, "contacts.vcf");
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(socket, resolve));
    try {
      await expect(checkImportInput({ path: socket }, csvRequest({ kind: "vcf" }))).rejects.toThrow(
        new ImportFormatError(`cannot read ${socket}: it is a socket; give a file, a folder, or - for standard input`),
      );
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("refuses a folder holding a file this user may not read before reading any, naming that file", async () => {
    const unreadable = unreadableFile(folder, "locked.csv", "First Name,Email\n");
    if (unreadable === null) return;
    for (const [kind, extension, content] of [
      ["vcf", ".vcf", "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada Park\r\nEMAIL:ada@x.example\r\nEND:VCARD\r\n"],
      ["mbox", ".eml", "From: ada@x.example\r\nTo: bo@x.example\r\nDate: Thu, 1 Oct 2026 09:00:00 +0000\r\n\r\nhi\r\n"],
    ] as const) {
      const exported = join(folder, `unreadable-${kind}`);
      mkdirSync(exported);
      writeFileSync(join(exported, `a${extension}`), content);
      symlinkSync(unreadable, join(exported, `b${extension}`));
      await expect(checkImportInput({ path: exported }, csvRequest({ kind }))).rejects.toThrow(
        new ImportFormatError(`cannot read ${join(exported, `b${extension}`)}: it is not readable by this user (EACCES); nothing was imported`),
      );
    }
  });

  it("refuses a file this user may not read as a format error naming it, not an unexpected one", async () => {
    const unreadable = unreadableFile(folder, "locked.csv", "First Name,Email\n");
    if (unreadable === null) return;
    for (const kind of ["mbox", "ics", "vcf", "csv"] as const) {
      const refused = await checkImportInput({ path: unreadable }, csvRequest({ kind })).catch((error: unknown) => error);
      expect(refused, kind).toBeInstanceOf(ImportFormatError);
      expect((refused as Error).message).toBe(`cannot read ${unreadable}: it is not readable by this user (EACCES)`);
    }
  });
});
