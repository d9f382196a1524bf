import { describe, expect, it } from "vitest";
import { createRecordWriteGate } from "./record-write-gate.js";

/** A promise with its resolve, to hold a piece of work open. */
function held() {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}

describe("createRecordWriteGate", () => {
  it("runs the work of one key one at a time, in order, after a failure too, and works of other keys meanwhile", async () => {
    const gate = createRecordWriteGate();
    const order: string[] = [];
    const first = held();
    const a1 = gate.run("a", async () => {
      order.push("a1 start");
      await first.promise;
      order.push("a1 end");
      throw new Error("a1 failed");
    });
    const a2 = gate.run("a", async () => {
      order.push("a2");
      return 2;
    });
    const b = gate.run("b", async () => {
      order.push("b");
      return "b";
    });
    await b;
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(["a1 start", "b"]);
    expect(gate.busyKeys).toBe(1);
    first.release();
    await expect(a1).rejects.toThrow("a1 failed");
    expect(await a2).toBe(2);
    expect(order).toEqual(["a1 start", "b", "a1 end", "a2"]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(gate.busyKeys).toBe(0);
  });
});
