import { describe, expect, it } from "vitest";
import { c1ControlsAsWindows1252, isWindows1252Charset } from "./windows-1252-charset.js";

describe("isWindows1252Charset", () => {
  it("is true for Windows-1252 and the labels a WHATWG decoder reads as it, whatever their case", () => {
    for (const label of ["windows-1252", "CP1252", "x-cp1252", "iso-8859-1", "ISO_8859-1:1987", "latin1", "us-ascii", "ascii", " Windows-1252 "]) {
      expect(isWindows1252Charset(label), label).toBe(true);
    }
  });

  it("is false for other charsets and for labels no decoder knows", () => {
    for (const label of ["utf-8", "iso-8859-2", "iso-8859-15", "windows-1250", "koi8-r", "cp437", "no-such-charset", ""]) {
      expect(isWindows1252Charset(label), label).toBe(false);
    }
  });
});

describe("c1ControlsAsWindows1252", () => {
  it("reads each C1 control character as the Windows-1252 byte it was decoded from", () => {
    expect(c1ControlsAsWindows1252("Caf\u00e9 \u0096 \u00805, \u0093quoted\u0094\u0085")).toBe("Café – €5, “quoted”…");
  });

  it("leaves other text alone, and gives a byte Windows-1252 does not define a replacement character", () => {
    expect(c1ControlsAsWindows1252("Grüße – ok")).toBe("Grüße – ok");
    expect(c1ControlsAsWindows1252("a\u0081b")).toBe("a\ufffdb");
  });
});
