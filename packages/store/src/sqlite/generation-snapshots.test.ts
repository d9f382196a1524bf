import { describe, expect, it } from "vitest";
import { GenerationSnapshots, OTHERS_COMMITS_SEEN_WITHIN_MS } from "./generation-snapshots.js";

/**
 * A source over `generations` (tenant → scope → generation) that counts its reads, on a monotonic clock the
 * test moves (`source.at`).
 */
function countingSource(generations: Map<string, Map<string, number>>) {
  const source = {
    reads: 0,
    transaction: false,
    at: 1_000,
    readScopes(tenantUuid: string) {
      source.reads += 1;
      return [...(generations.get(tenantUuid) ?? new Map<string, number>())];
    },
    inTransaction: () => source.transaction,
    monotonicNow: () => source.at,
  };
  return source;
}

describe("GenerationSnapshots", () => {
  it("reads a tenant's scopes once, and again after a write here or when another connection's commit may be due", () => {
    const generations = new Map([["acme", new Map([["persons", 3], ["users", 1]])]]);
    const source = countingSource(generations);
    const snapshots = new GenerationSnapshots(source);

    expect(snapshots.generation("acme", "persons")).toBe(3);
    expect(snapshots.generation("acme", "users")).toBe(1);
    expect(snapshots.generation("acme", "companies")).toBe(0);
    expect(source.reads).toBe(1);

    // Another connection commits: reads within the interval keep the snapshot, the first one after it sees
    // the change (without commitsByOthers, the source cannot tell, so the scopes are read again).
    generations.get("acme")!.set("persons", 4);
    source.at += OTHERS_COMMITS_SEEN_WITHIN_MS / 2;
    expect(snapshots.generation("acme", "persons")).toBe(3);
    source.at += OTHERS_COMMITS_SEEN_WITHIN_MS / 2;
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

  it("keeps its snapshots while no other connection commits, and asks about their commits once an interval", () => {
    const generations = new Map([["acme", new Map([["persons", 3]])]]);
    const counted = countingSource(generations);
    const source = Object.assign(counted, { commits: 7, asked: 0 });
    const snapshots = new GenerationSnapshots(
      Object.assign(source, {
        commitsByOthers: () => {
          source.asked += 1;
          return source.commits;
        },
      }),
    );

    expect(snapshots.generation("acme", "persons")).toBe(3);
    for (let step = 0; step < 10; step++) {
      source.at += OTHERS_COMMITS_SEEN_WITHIN_MS / 4;
      expect(snapshots.generation("acme", "persons")).toBe(3);
    }
    expect(counted.reads).toBe(1);
    // Ten reads over two and a half intervals asked three times, the first read included.
    expect(source.asked).toBe(3);

    // Another connection commits: not seen within the interval, seen by the first read after it.
    source.at += OTHERS_COMMITS_SEEN_WITHIN_MS;
    expect(snapshots.generation("acme", "persons")).toBe(3);
    generations.get("acme")!.set("persons", 4);
    source.commits = 8;
    source.at += OTHERS_COMMITS_SEEN_WITHIN_MS - 0.001;
    expect(snapshots.generation("acme", "persons")).toBe(3);
    source.at += 0.001;
    expect(snapshots.generation("acme", "persons")).toBe(4);
    expect(counted.reads).toBe(2);

    // This connection writes: seen at once, though other connections' commits stay the same.
    generations.get("acme")!.set("persons", 5);
    snapshots.forget();
    expect(snapshots.generation("acme", "persons")).toBe(5);
    expect(counted.reads).toBe(3);
  });
});
