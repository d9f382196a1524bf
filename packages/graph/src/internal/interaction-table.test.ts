import { describe, expect, it } from "vitest";
import { InteractionTable } from "./interaction-table.js";

const participantsOf = (table: InteractionTable, slot: number): number[] => {
  const start = table.start[slot] ?? 0;
  return [...table.participants.subarray(start, start + (table.count[slot] ?? 0))];
};

describe("InteractionTable", () => {
  it("allocates slots by id and grows its columns", () => {
    const table = new InteractionTable();
    for (let index = 0; index < 3000; index += 1) {
      const slot = table.allocate(`i${index}`);
      table.occurredAt[slot] = index;
      table.setParticipants(slot, [index, index + 1]);
    }
    expect(table.capacity).toBeGreaterThanOrEqual(3000);
    expect(table.ids.get("i2999")).toBe(2999);
    expect(table.occurredAt[2999]).toBe(2999);
    expect(participantsOf(table, 2999)).toEqual([2999, 3000]);
    table.trim();
    expect(table.capacity).toBe(3000);
    expect(participantsOf(table, 10)).toEqual([10, 11]);
  });

  it("rewrites a shorter list in place and a longer one at the end", () => {
    const table = new InteractionTable();
    const slot = table.allocate("a");
    table.setParticipants(slot, [1, 2, 3]);
    const start = table.start[slot];
    table.setParticipants(slot, [4, 5]);
    expect([table.start[slot], participantsOf(table, slot)]).toEqual([start, [4, 5]]);
    table.setParticipants(slot, [6, 7, 8, 9]);
    expect(participantsOf(table, slot)).toEqual([6, 7, 8, 9]);
  });

  it("releases a slot's id, title and participants", () => {
    const table = new InteractionTable();
    const slot = table.allocate("a");
    table.titles.set(slot, "Intro");
    table.setParticipants(slot, [1, 2]);
    table.release(slot);
    expect([table.ids.has("a"), table.ids.idOf(slot), table.titles.has(slot), table.count[slot]]).toEqual([false, undefined, false, 0]);
  });

  it("compacts the participant array once most of it is garbage", () => {
    const table = new InteractionTable();
    const keep = table.allocate("keep");
    table.setParticipants(keep, [7, 8]);
    const churn = table.allocate("churn");
    let written = 2;
    for (let round = 0; round < 600; round += 1) {
      table.setParticipants(churn, Array.from({ length: 2000 + round }, (_, index) => index));
      written += 2000 + round;
    }
    expect(written).toBeGreaterThan(1_300_000);
    expect(table.participantsUsed).toBeLessThan(written / 2);
    expect(participantsOf(table, keep)).toEqual([7, 8]);
    expect(participantsOf(table, churn)).toHaveLength(2599);
  });
});
