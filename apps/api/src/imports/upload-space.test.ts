import { describe, expect, it } from "vitest";
import { createUploadSpace } from "./upload-space.js";

describe("createUploadSpace", () => {
  it("holds bytes up to its bound, all uploads together, and takes them back once each", () => {
    const space = createUploadSpace(100);
    const first = space.hold(60);
    expect(first?.bytes).toBe(60);
    expect(space.hold(41)).toBeNull();
    const second = space.hold(40);
    expect(space.heldBytes()).toBe(100);
    expect(space.hold(1)).toBeNull();
    first!.release();
    first!.release();
    expect(space.heldBytes()).toBe(40);
    second!.release();
    expect(space.heldBytes()).toBe(0);
    expect(space.hold(100)).not.toBeNull();
  });

  it("shrinks a hold to the size its upload came to, never grows it, and releases what it holds then", () => {
    const space = createUploadSpace(100);
    const hold = space.hold(100)!;
    hold.shrinkTo(30);
    expect([hold.bytes, space.heldBytes()]).toEqual([30, 30]);
    hold.shrinkTo(90);
    expect([hold.bytes, space.heldBytes()]).toEqual([30, 30]);
    expect(space.hold(70)).not.toBeNull();
    hold.release();
    hold.shrinkTo(0);
    expect(space.heldBytes()).toBe(70);
  });
});
