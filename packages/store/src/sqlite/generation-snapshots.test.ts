import { describe, expect, it } from "vitest";
import { GenerationSnapshots } from "./generation-snapshots.js";

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** A source over `generations` (tenant → scope → generation) that counts its reads. */
function countingSource(generations: Map<string, Map<string, number>>) {
  const source = {
    reads: 0,
    transaction: false,
    readScopes(tenantUuid: string) {
      source.reads += 1;
      return [...(generations.get(tenantUuid) ?? new Map<string, number>())];
    },
    inTransaction: () => source.transaction,
  };
  return source;
}

describe("GenerationSnapshots", () => {
  it("reads a tenant's scopes once per turn of the event loop, and again after a write or in the next turn", async () => {
    const generations = new Map([["acme", new Map([["persons", 3], ["users", 1]])]]);
    const source = countingSource(generations);
    const snapshots = new GenerationSnapshots(source);

    expect(snapshots.generation("acme", "persons")).toBe(3);
    expect(snapshots.generation("acme", "users")).toBe(1);
    expect(snapshots.generation("acme", "companies")).toBe(0);
    expect(source.reads).toBe(1);

    // Another connection commits: this turn keeps its snapshot, the next one sees the change.
    generations.get("acme")!.set("persons", 4);
    expect(snapshots.generation("acme", "persons")).toBe(3);
    await nextTurn();
    expect(snapshots.generation("acme", "persons")).toBe(4);
    expect(source.reads).toBe(2);

    // This connection is about to write: the snapshot is dropped at once.
    generations.get("acme")!.set("persons", 5);
    snapshots.forget();
    expect(snapshots.generation("acme", "persons")).toBe(5);
    expect(source.reads).toBe(3);
  });

  it("keeps one snapshot per tenant", () => {
    const generations = new Map([
      ["acme", new Map([["persons", 3]])],
      ["globex", new Map([["persons", 7]])],
    ]);
    const source = countingSource(generations);
    const snapshots = new GenerationSnapshots(source);
    expect([snapshots.generation("acme", "persons"), snapshots.generation("globex", "persons"), snapshots.generation("acme", "persons")]).toEqual([3, 7, 3]);
    expect(source.reads).toBe(2);
  });

  it("answers NaN inside a transaction, and takes no snapshot there", () => {
    const source = countingSource(new Map([["acme", new Map([["persons", 3]])]]));
    const snapshots = new GenerationSnapshots(source);
    source.transaction = true;
    expect(snapshots.generation("acme", "persons")).toBeNaN();
    expect(source.reads).toBe(0);
    source.transaction = false;
    expect(snapshots.generation("acme", "persons")).toBe(3);
    expect(source.reads).toBe(1);
  });

  it("keeps its snapshots from turn to turn while no other connection commits", async () => {
    const generations = new Map([["acme", new Map([["persons", 3]])]]);
    const counted = countingSource(generations);
    const source = Object.assign(counted, { commits: 7, commitsByOthers: () => source.commits });
    const snapshots = new GenerationSnapshots(source);

    expect(snapshots.generation("acme", "persons")).toBe(3);
    await nextTurn();
    expect(snapshots.generation("acme", "persons")).toBe(3);
    await nextTurn();
    expect(snapshots.generation("acme", "persons")).toBe(3);
    expect(counted.reads).toBe(1);

    // Another connection commits: seen from the next turn, not within this one.
    generations.get("acme")!.set("persons", 4);
    source.commits = 8;
    expect(snapshots.generation("acme", "persons")).toBe(3);
    await nextTurn();
    expect(snapshots.generation("acme", "persons")).toBe(4);
    expect(counted.reads).toBe(2);

    // This connection writes: seen at once, though other connections' commits stay the same.
    generations.get("acme")!.set("persons", 5);
    snapshots.forget();
    expect(snapshots.generation("acme", "persons")).toBe(5);
    expect(counted.reads).toBe(3);
  });
});
