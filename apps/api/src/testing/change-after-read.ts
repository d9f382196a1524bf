/**
 * @module
 * A change another process makes between a handler's check and its write: a second SQLite connection runs a statement
 * right after the handler's read of the record (`afterNextRead`), so only a check made in the write's own
 * transaction can see it.
 */
import SqliteDatabase from "better-sqlite3";
import { vi } from "vitest";

export interface SecondConnection {
  /** Runs `statement` with `parameters` on the second connection now. */
  run(statement: string, parameters: Record<string, unknown>): void;
  /** Runs `statement` right after the next call of `repository[method]` has read (once; later calls read as usual). */
  afterNextRead<Repository extends object>(repository: Repository, method: keyof Repository & string, statement: string, parameters: Record<string, unknown>): void;
  /** Undoes the spies and closes the connection. */
  close(): void;
}

/**
 * @example
 * const other = secondConnection(context.databasePath);
 * other.afterNextRead(store.notes, "get", "update notes set owner_user_uuid = :alice where uuid = :uuid", { alice, uuid });
 */
export function secondConnection(databasePath: string): SecondConnection {
  const other = new SqliteDatabase(databasePath);
  const run = (statement: string, parameters: Record<string, unknown>) => void other.prepare(statement).run(parameters);
  return {
    run,
    afterNextRead(repository, method, statement, parameters) {
      const read = (repository[method] as (...args: unknown[]) => Promise<unknown>).bind(repository);
      vi.spyOn(repository, method as never).mockImplementationOnce((async (...args: unknown[]) => {
        const found = await read(...args);
        run(statement, parameters);
        return found;
      }) as never);
    },
    close() {
      vi.restoreAllMocks();
      other.close();
    },
  };
}
