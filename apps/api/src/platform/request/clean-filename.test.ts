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
});
