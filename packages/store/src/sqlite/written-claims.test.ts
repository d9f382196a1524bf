import { describe, expect, it } from "vitest";
import { followingWriteMarks, pendingWriteMark, runMarkingWrites } from "./written-claims.js";

const markOf = (claim: string) => ({ tenantUuid: "t", caller: "key-1:", key: claim, claim });
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("write marks", () => {
  it("follow each marked request through its awaits, overlapping ones too, and stop being followed once none runs", async () => {
    expect(followingWriteMarks()).toBe(false);
    let finishFirst!: () => void;
    const first = runMarkingWrites(markOf("first"), async () => {
      await new Promise<void>((resolve) => (finishFirst = resolve));
      return pendingWriteMark()?.parameters.at(-1);
    });
    let secondSaw: unknown[] = [];
    let finishSecond!: () => void;
    const second = runMarkingWrites(markOf("second"), async () => {
      secondSaw.push(pendingWriteMark()?.parameters.at(-1));
      await new Promise<void>((resolve) => (finishSecond = resolve));
      await settle();
      secondSaw.push(pendingWriteMark()?.parameters.at(-1));
    });
    await settle();
    expect(followingWriteMarks()).toBe(true);
    finishFirst();
    expect(await first).toBe("first");
    // The first request's end leaves the second's writes marked.
    expect(followingWriteMarks()).toBe(true);
    finishSecond();
    await second;
    expect(secondSaw).toEqual(["second", "second"]);
    expect(followingWriteMarks()).toBe(false);
    expect(pendingWriteMark()).toBeNull();
    // A later request is followed again.
    expect(await runMarkingWrites(markOf("third"), async () => (await settle(), pendingWriteMark()?.parameters.at(-1)))).toBe("third");
    expect(followingWriteMarks()).toBe(false);
  });

  it("stops being followed after a request that failed", async () => {
    await expect(runMarkingWrites(markOf("failed"), () => Promise.reject(new Error("refused")))).rejects.toThrow("refused");
    expect(followingWriteMarks()).toBe(false);
  });
});
