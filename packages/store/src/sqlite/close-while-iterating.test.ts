import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InteractionRecord } from "../activity-records.js";
import { StoreClosedError } from "../errors.js";
import type { Store } from "../store.js";
import { createSqliteStore } from "./create-sqlite-store.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-close-while-iterating-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** More emails than one page of `interactions.all` (2,000): its iteration reads the database again midway. */
const EMAILS = 2_100;
const template = join(folder, "template.db");
let tenantUuid: string;
let personUuid: string;

beforeAll(async () => {
  const store = await createSqliteStore({ path: template });
  tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
  const messages = Array.from({ length: EMAILS }, (_, index) => ({
    message_id: `m${index}`,
    sent_at: 1_000 + index,
    from: { email: "ada@x.example" },
    to: [{ email: `to${index % 5}@y.example` }],
  }));
  for (let start = 0; start < EMAILS; start += 500) await store.emails.ingestMany(tenantUuid, messages.slice(start, start + 500));
  personUuid = (await store.emails.get(tenantUuid, "m0"))!.from_person_uuid;
  await store.close();
});

/** A store of its own over a copy of the template's database (closed, its WAL folded into the file). */
async function storeOnCopy(name: string, options: { closeWaitMs?: number } = {}): Promise<{ store: Store; path: string }> {
  const path = join(folder, name);
  copyFileSync(template, path);
  return { store: await createSqliteStore({ path, ...options }), path };
}

/** Iterates `records`, calling `atFirst` once the first record came; the records read, or the error that ended it. */
async function iterate(records: AsyncIterable<InteractionRecord>, atFirst: () => void): Promise<{ read: number; error?: unknown }> {
  let read = 0;
  try {
    for await (const _record of records) if (++read === 1) atFirst();
    return { read };
  } catch (error) {
    return { read, error };
  }
}

describe("close() while interactions.all or interactions.allOf is being iterated", () => {
  it.each([
    ["all", (store: Store) => store.interactions.all(tenantUuid), "waits.db"],
    ["allOf", (store: Store) => store.interactions.allOf(tenantUuid, personUuid), "waits-all-of.db"],
  ] as const)("waits for an iteration of %s under way, which reads every record", async (_name, iteration, file) => {
    const { store } = await storeOnCopy(file);
    const order: string[] = [];
    let closing: Promise<void> | undefined;
    const outcome = await iterate(iteration(store), () => {
      closing = store.close().then(() => {
        order.push("closed");
      });
    });
    order.push("iterated");
    await closing;
    expect(outcome).toEqual({ read: EMAILS });
    expect(order).toEqual(["iterated", "closed"]);
  });

  it("ends an iteration still under way when the wait (closeWaitMs) ends with a StoreClosedError naming the call and the database", async () => {
    const { store, path } = await storeOnCopy("cut-short.db", { closeWaitMs: 0 });
    const iterator = store.interactions.all(tenantUuid)[Symbol.asyncIterator]();
    expect((await iterator.next()).done).toBe(false);
    await store.close();
    const cut = iterator.next();
    await expect(cut).rejects.toBeInstanceOf(StoreClosedError);
    await expect(cut).rejects.toThrow(
      `interactions.all: the store of the database "${path}" was closed while the call ran (store.close() waited 0 ms for the calls under way); open it again with createSqliteStore`,
    );
    expect(await iterator.next()).toEqual({ done: true, value: undefined });
  });

  it("refuses an iteration begun once close() has begun, naming the call", async () => {
    const { store, path } = await storeOnCopy("refused.db");
    const records = store.interactions.allOf(tenantUuid, personUuid);
    const closing = store.close();
    const outcome = await iterate(records, () => {});
    await closing;
    expect(outcome.read).toBe(0);
    expect(outcome.error).toBeInstanceOf(StoreClosedError);
    expect((outcome.error as Error).message).toBe(
      `interactions.allOf: the store of the database "${path}" is closed (store.close() was called); open it again with createSqliteStore`,
    );
  });

  it("does not wait for an iteration left with break, nor for one never begun", async () => {
    // A wait that never ends: were either iteration still counted, close() would not answer and the test would time out.
    const { store } = await storeOnCopy("left.db", { closeWaitMs: 2_147_483_647 });
    store.interactions.all(tenantUuid);
    const outcome = await iterate(store.interactions.all(tenantUuid), () => {});
    expect(outcome.read).toBe(EMAILS);
    for await (const _record of store.interactions.all(tenantUuid)) break;
    await store.close();
  });
});
