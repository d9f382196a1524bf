import { describe, expect, it, vi } from "vitest";
import { lazyMembers } from "./lazy-members.js";

describe("lazyMembers", () => {
  it("builds a member when first read, once, and names them all without building any", () => {
    const built: string[] = [];
    const members = lazyMembers({
      first: () => (built.push("first"), { n: 1 }),
      second: () => (built.push("second"), { n: 2 }),
    });
    expect(Reflect.ownKeys(members)).toEqual(["first", "second"]);
    expect("second" in members).toBe(true);
    expect(built).toEqual([]);
    expect(members.first).toBe(members.first);
    expect(built).toEqual(["first"]);
    expect(Object.entries(members)).toEqual([["first", { n: 1 }], ["second", { n: 2 }]]);
    expect(built).toEqual(["first", "second"]);
  });

  it("lets a member be replaced or spied on, as an object literal's", () => {
    const members = lazyMembers({ call: () => (value: number) => value + 1 });
    const spy = vi.spyOn(members, "call").mockReturnValue(0);
    expect(members.call(1)).toBe(0);
    spy.mockRestore();
    expect(members.call(1)).toBe(2);
    members.call = (value) => value * 10;
    expect(members.call(2)).toBe(20);
  });
});
