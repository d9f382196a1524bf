/** @module Test helper: writes that a plain-JavaScript caller gets wrong, refused with a store error and no row written. */
import SqliteDatabase from "better-sqlite3";
import { expect } from "vitest";
import { InvalidInputError } from "../errors.js";

/** A repository method called as plain JavaScript would: no type stands between the caller and the store. */
export type Untyped = (...args: unknown[]) => Promise<unknown>;

/** `method` without its types, to send it what a typed caller could not. */
export const untyped = (method: unknown) => method as Untyped;

/** One refused write of a table-driven test: the call, the error's message and the rows it must leave alone. */
export interface RefusedWriteCase<Fixture> {
  operation: string;
  call: (fixture: Fixture) => Promise<unknown>;
  message: string;
  /** The rows a wrongly accepted call would have added to or changed (a table, or a table and a where clause). */
  table: string;
}

/** Counts the rows of `table` (optionally followed by a where clause) in the database file at `path`, read apart from the store. */
export function rowCounter(path: string): (table: string) => number {
  return (table) => {
    const reader = new SqliteDatabase(path, { readonly: true });
    try {
      return (reader.prepare(`select count(*) as rows from ${table}`).get() as { rows: number }).rows;
    } finally {
      reader.close();
    }
  };
}

/** Expects `refusal` to reject with an InvalidInputError saying `message`, and `table`'s rows to count as before. */
export async function expectRefusedUnwritten(refusal: Promise<unknown>, message: string, count: () => number, before: number): Promise<void> {
  await expect(refusal).rejects.toThrow(InvalidInputError);
  await expect(refusal).rejects.toThrow(message);
  expect(count()).toBe(before);
}
