/** What a command writing a file says when the system refuses it, and which existing names it refuses to replace. */
import { mkdtempSync, openSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CliError } from "./cli-output.js";
import { outputFileFailure, refuseSpecialFile } from "./output-file-failure.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-output-file-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The error Node gives for creating `path`. */
function creationError(path: string): NodeJS.ErrnoException {
  try {
    openSync(path, "wx");
  } catch (error) {
    return error as NodeJS.ErrnoException;
  }
  throw new Error(`${path} could be created`);
}

describe("outputFileFailure", () => {
  it.skipIf(process.platform !== "linux")("says a folder that exists takes no new file (procfs answers ENOENT)", () => {
    const target = "/proc/copy.db";
    const failure = outputFileFailure(creationError("/proc/.copy.db.partial"), target);
    expect(failure).toBeInstanceOf(CliError);
    expect(failure?.message).toBe("cannot write /proc/copy.db: no file can be created in the folder /proc (ENOENT)");
  });

  it("says a missing folder is missing, and a file in the path is not a folder", () => {
    const missing = join(folder, "missing", "copy.db");
    expect(outputFileFailure(creationError(missing), missing)?.message).toBe(`cannot write ${missing}: the folder ${join(folder, "missing")} does not exist; create it first`);
    writeFileSync(join(folder, "file"), "");
    const under = join(folder, "file", "copy.db");
    expect(outputFileFailure(creationError(under), under)?.message).toBe(`cannot write ${under}: a part of its path is a file, not a folder (ENOTDIR)`);
  });

  it("names an unwritable folder and a full disk; a write's error names no file", () => {
    const target = join(folder, "copy.db");
    const denied = Object.assign(new Error("EACCES: permission denied"), { code: "EACCES", syscall: "open", path: join(folder, ".copy.db.1.partial") });
    expect(outputFileFailure(denied, target)?.message).toBe(`cannot write ${target}: the folder ${folder} is not writable by this user (EACCES)`);
    const full = Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC", syscall: "write" });
    expect(outputFileFailure(full, target)?.message).toBe(`cannot write ${target}: the disk is full (ENOSPC)`);
    expect(outputFileFailure(Object.assign(new Error("database or disk is full"), { code: "SQLITE_FULL" }), target)?.message).toBe(`cannot write ${target}: the disk is full (SQLITE_FULL)`);
  });

  it("leaves alone an error about another file, a database's own error and an error without a code", () => {
    const target = join(folder, "copy.db");
    const aboutAnother = Object.assign(new Error("EACCES"), { code: "EACCES", syscall: "open", path: "/srv/rapport/rapport.db" });
    expect(outputFileFailure(aboutAnother, target)).toBeUndefined();
    expect(outputFileFailure(Object.assign(new Error("database is locked"), { code: "SQLITE_BUSY" }), target)).toBeUndefined();
    expect(outputFileFailure(Object.assign(new Error("EBADF"), { code: "EBADF", syscall: "write" }), target)).toBeUndefined();
    expect(outputFileFailure(new Error("something else"), target)).toBeUndefined();
    expect(outputFileFailure(undefined, target)).toBeUndefined();
  });
});

describe("refuseSpecialFile", () => {
  it("refuses a device, and takes a regular file, a folder or a name not taken", () => {
    expect(() => refuseSpecialFile("/dev/null")).toThrow("/dev/null is not a regular file (a device, a pipe or a socket): name a file, which is replaced whole when written");
    writeFileSync(join(folder, "regular"), "");
    for (const path of [join(folder, "regular"), folder, join(folder, "not-there")]) expect(() => refuseSpecialFile(path)).not.toThrow();
  });

  it("says a name whose symbolic links loop, or under such a name, loops (an unexpected ELOOP before)", () => {
    const loop = join(folder, "loop-one");
    symlinkSync(join(folder, "loop-two"), loop);
    symlinkSync(loop, join(folder, "loop-two"));
    for (const path of [loop, join(loop, "copy.db")]) {
      expect(() => refuseSpecialFile(path)).toThrow(new CliError(`cannot write ${path}: its symbolic links loop (ELOOP)`));
    }
  });
});
