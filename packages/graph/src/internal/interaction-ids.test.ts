import { describe, expect, it } from "vitest";
import { InteractionIds } from "./interaction-ids.js";

const uuid = (index: number): string => `${index.toString(16).padStart(8, "0")}-0000-4000-8000-${(index * 7919).toString(16).padStart(12, "0")}`;

describe("InteractionIds", () => {
  it("round-trips uuid ids through their packed form", () => {
    const ids = new InteractionIds();
    ids.set("0f8fad5b-d9cb-469f-a165-70867728950e", 0);
    expect(ids.get("0f8fad5b-d9cb-469f-a165-70867728950e")).toBe(0);
    expect(ids.idOf(0)).toBe("0f8fad5b-d9cb-469f-a165-70867728950e");
    expect(ids.get("0f8fad5b-d9cb-469f-a165-70867728950f")).toBeUndefined();
  });

  it("keeps any other id as it is", () => {
    const ids = new InteractionIds();
    for (const [slot, id] of ["e1", "0F8FAD5B-D9CB-469F-A165-70867728950E", "0f8fad5b_d9cb_469f_a165_70867728950e", ""].entries()) ids.set(id, slot);
    expect(ids.get("0F8FAD5B-D9CB-469F-A165-70867728950E")).toBe(1);
    expect(ids.idOf(1)).toBe("0F8FAD5B-D9CB-469F-A165-70867728950E");
    expect([ids.get("e1"), ids.get("0f8fad5b_d9cb_469f_a165_70867728950e"), ids.has("")]).toEqual([0, 2, true]);
  });

  it("finds every one of many ids after the table grows, and forgets deleted ones", () => {
    const ids = new InteractionIds();
    for (let slot = 0; slot < 5000; slot += 1) ids.set(uuid(slot), slot);
    for (let slot = 0; slot < 5000; slot += 2) ids.deleteSlot(slot);
    for (let slot = 0; slot < 5000; slot += 1) expect(ids.get(uuid(slot))).toBe(slot % 2 === 0 ? undefined : slot);
    expect(ids.idOf(4999)).toBe(uuid(4999));
    expect(ids.idOf(4998)).toBeUndefined();
    ids.trim(5000);
    expect(ids.get(uuid(4999))).toBe(4999);
  });

  it("does not grow without bound when ids come and go", () => {
    const ids = new InteractionIds();
    for (let slot = 0; slot < 20_000; slot += 1) {
      ids.set(uuid(slot), slot);
      if (slot > 0) ids.deleteSlot(slot - 1);
    }
    expect(ids.get(uuid(19_999))).toBe(19_999);
    expect((ids as unknown as { table: Int32Array }).table.length).toBe(2048);
  });
});
