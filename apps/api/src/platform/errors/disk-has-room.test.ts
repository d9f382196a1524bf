/** The probe of a database's file system for room: asked of the real file system, with the room it needs. */
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { diskHasRoom } from "./disk-has-room.js";

describe("diskHasRoom", () => {
  it("is true when the database's file system has the room asked for, false when it has less, true when it cannot be asked", () => {
    const database = join(tmpdir(), "rapport.db");
    expect(diskHasRoom(database, 1)()).toBe(true);
    expect(diskHasRoom(database, Number.MAX_SAFE_INTEGER)()).toBe(false);
    expect(diskHasRoom(join(tmpdir(), "no-such-folder-of-rapport", "rapport.db"), Number.MAX_SAFE_INTEGER)()).toBe(true);
    expect(diskHasRoom(":memory:", Number.MAX_SAFE_INTEGER)()).toBe(true);
  });
});
