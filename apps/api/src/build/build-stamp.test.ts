/** The build's stamp: written after a build, read by the built code; a missing or broken one says no commit. */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readBuildStamp, writeBuildStamp } from "./build-stamp.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-build-stamp-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("the build stamp", () => {
  it("reads back the commit written, and none written as none", () => {
    const file = join(folder, "stamp.json");
    writeBuildStamp(file, "3f2a9c1b4e5d.dirty");
    expect(readBuildStamp(file)).toBe("3f2a9c1b4e5d.dirty");
    writeBuildStamp(file, null);
    expect(readBuildStamp(file)).toBeNull();
  });

  it("says no commit when there is no stamp or it holds none", () => {
    expect(readBuildStamp(join(folder, "missing.json"))).toBeNull();
    const stamps: [string, string][] = [["broken.json", "{"], ["number.json", '{"commit": 12}'], ["empty.json", '{"commit": ""}'], ["array.json", "[]"]];
    for (const [name, text] of stamps) {
      writeFileSync(join(folder, name), text);
      expect(readBuildStamp(join(folder, name)), text).toBeNull();
    }
  });
});
