import { describe, expect, it } from "vitest";
import { cleanFilename, MAX_FILENAME_LENGTH } from "./clean-filename.js";

describe("cleanFilename", () => {
  it("keeps the last path segment without control characters, trimmed", () => {
    expect(cleanFilename("C:\\mail\\in\u0007box.mbox ", "upload")).toBe("inbox.mbox");
    expect(cleanFilename("../../etc/\u001b[31mred.csv", "upload")).toBe("[31mred.csv");
  });

  it("cuts a long name at the limit without splitting a character, and falls back when nothing is left", () => {
    expect(cleanFilename("n".repeat(1_000), "upload")).toBe("n".repeat(MAX_FILENAME_LENGTH));
    expect(cleanFilename(`${"n".repeat(MAX_FILENAME_LENGTH - 1)}😀.mbox`, "upload")).toBe("n".repeat(MAX_FILENAME_LENGTH - 1));
    expect(cleanFilename(" /\u0000 ", "upload")).toBe("upload");
    // `..` was kept: a download named after the folder above, where a client saving by the name would write.
    for (const name of ["../..", "a/.", "C:\\..", " .. "]) expect(cleanFilename(name, "upload"), name).toBe("upload");
    expect(cleanFilename("...", "upload")).toBe("...");
  });

  it("takes out C1 controls and the Unicode line separators as well, as from a name", () => {
    expect(cleanFilename("a\u009b31mb\u2028c.txt", "upload")).toBe("a31mb c.txt");
  });

  it("takes out the controls that reorder text, which make a name show another extension", () => {
    expect(cleanFilename("invoice\u202efdp.exe", "upload")).toBe("invoicefdp.exe");
    expect(cleanFilename("\u2067report\u2069\u202a.csv\u202c", "upload")).toBe("report.csv");
    // Hebrew and Arabic names need none of them, and keep their letters.
    expect(cleanFilename("\u05d3\u05d5\u05d7.csv", "upload")).toBe("\u05d3\u05d5\u05d7.csv");
  });
});
