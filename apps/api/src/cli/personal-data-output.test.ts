/** A personal data export written out: on standard output, as JSON a terminal shows without acting on it; to a file, whole or not at all. */
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import type { PagedPersonalDataExport, PersonalDataExport } from "@rapport/store";
import { describe, expect, it } from "vitest";
import { CliError } from "./cli-output.js";
import { writeJsonFile, writeJsonTo } from "./personal-data-output.js";

describe("writeJsonTo", () => {
  it("escapes C1 control characters of the person's data, emails included, the document the same to a parser", async () => {
    const document = { person_uuid: "p", persons: [{ name: "Ctrl\u009b2J" }], emails: [] } as unknown as PersonalDataExport;
    const email = { message_id: "m", subject: "Re:\u0085next" };
    const exported: PagedPersonalDataExport = {
      document,
      async *emailPages() {
        yield [email] as never;
      },
    };
    const output = new PassThrough();
    const chunks: Buffer[] = [];
    output.on("data", (chunk: Buffer) => chunks.push(chunk));
    const bytes = await writeJsonTo(output, exported);
    const text = Buffer.concat(chunks).toString("utf8");
    expect(Buffer.byteLength(text)).toBe(bytes);
    expect(text).not.toMatch(/[\u007f-\u009f]/);
    expect(text).toContain("Ctrl\\u009b2J");
    expect(JSON.parse(text)).toEqual({ ...document, emails: [email] });
  });

});

describe("writeJsonFile", () => {
  it("stops at its next piece when aborted (Ctrl-C), removing the partial file, and exits 130", async () => {
    const folder = mkdtempSync(join(tmpdir(), "rapport-export-abort-"));
    try {
      const controller = new AbortController();
      const document = { person_uuid: "p", persons: [{ name: "Zelda" }], emails: [] } as unknown as PersonalDataExport;
      const exported: PagedPersonalDataExport = {
        document,
        async *emailPages() {
          yield [{ message_id: "first" }] as never;
          // Ctrl-C while the next page is read: its pieces are not written, nor is the file given its name.
          controller.abort();
          yield [{ message_id: "second" }] as never;
        },
      };
      const target = join(folder, "zelda.json");
      const failure = await writeJsonFile(target, exported, false, join(folder, "rapport.db"), controller.signal).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(CliError);
      expect(failure).toMatchObject({ message: `interrupted: ${target} not written (the partial file was removed)`, exitCode: 130 });
      expect(readdirSync(folder)).toEqual([]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("keeps a file created at its name while it was written, and refuses a symbolic link, --force or not", async () => {
    const folder = mkdtempSync(join(tmpdir(), "rapport-export-race-"));
    try {
      const target = join(folder, "zelda.json");
      const exported: PagedPersonalDataExport = {
        document: { person_uuid: "p", persons: [], emails: [] } as unknown as PersonalDataExport,
        async *emailPages() {
          // Another process takes the name after the command checked it was free.
          writeFileSync(target, "theirs");
          yield [];
        },
      };
      await expect(writeJsonFile(target, exported, false, join(folder, "rapport.db"))).rejects.toThrow(`${target} was created while the output was written: it is kept`);
      expect(readdirSync(folder)).toEqual(["zelda.json"]);
      expect(readFileSync(target, "utf8")).toBe("theirs");
      const link = join(folder, "latest.json");
      symlinkSync(target, link);
      await expect(writeJsonFile(link, exported, true, join(folder, "rapport.db"))).rejects.toThrow(`${link} is a symbolic link (to ${target}): name the file itself`);
      expect(readFileSync(target, "utf8")).toBe("theirs");
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
