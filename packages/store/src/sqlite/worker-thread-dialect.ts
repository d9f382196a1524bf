/**
 * @module
 * A Kysely dialect whose one SQLite connection lives on a worker thread: each statement is posted to it and runs
 * there, so however long a statement or a commit takes, the event loop goes on. For a write transaction that takes
 * seconds (a heavy contact's erasure, sqlite/long-write-connection.ts): on a connection of the event loop's thread
 * its commit alone held the process 173 to 298 ms on a benchmark scale M tenant (0.56 to 2.1 s at scale L), SQLite
 * re-checksumming every WAL frame the transaction wrote after the first one it overwrote.
 * The transaction's logic stays in the caller's thread; only SQL and its answers cross, as structured clones.
 */
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
} from "kysely";
import { LongInListsSqliteQueryCompiler } from "./long-in-lists.js";
import { rollbackIfStillOpen } from "./rollback-if-still-open.js";

export interface WorkerThreadDialectOptions {
  /** Absolute path of an existing database file. */
  path: string;
  /** Pragmas run once when the worker's connection opens, in order (`"busy_timeout = 5000"`). */
  pragmas: readonly string[];
}

const DRIVER_PATH = createRequire(import.meta.url).resolve("better-sqlite3");

// Evaluated as CommonJS in the worker (the store's own driver, by the path it resolved). Statements are prepared
// once per SQL text (least recently used out past 200); blobs cross as Uint8Array and are made Buffers again.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driverPath);
const statements = new Map();
let database = null;
const toBuffers = (values) => values.map((value) => (value instanceof Uint8Array && !Buffer.isBuffer(value) ? Buffer.from(value.buffer, value.byteOffset, value.byteLength) : value));
const prepared = (sql) => {
  let statement = statements.get(sql);
  if (statement) statements.delete(sql);
  else statement = database.prepare(sql);
  statements.set(sql, statement);
  if (statements.size > 200) statements.delete(statements.keys().next().value);
  return statement;
};
parentPort.on("message", (request) => {
  if (request.close) {
    if (database !== null) database.close();
    parentPort.close();
    return;
  }
  try {
    if (database === null) {
      database = new Database(workerData.path, { fileMustExist: true });
      for (const pragma of workerData.pragmas) database.pragma(pragma);
    }
    const statement = prepared(request.sql);
    const parameters = toBuffers(request.parameters);
    if (statement.reader) {
      parentPort.postMessage({ id: request.id, rows: statement.all(parameters) });
    } else {
      const { changes, lastInsertRowid } = statement.run(parameters);
      parentPort.postMessage({ id: request.id, rows: [], changes, lastInsertRowid: BigInt(lastInsertRowid) });
    }
  } catch (error) {
    parentPort.postMessage({ id: request.id, error: { message: String(error && error.message ? error.message : error), code: error && error.code } });
  }
});`;

type WorkerAnswer =
  | { id: number; rows: Record<string, unknown>[]; changes?: number; lastInsertRowid?: bigint }
  | { id: number; error: { message: string; code?: string } };

/** The worker's error as the caller's: its message and SQLite's `code` (`SQLITE_BUSY`, `SQLITE_CONSTRAINT_…`). */
function rebuiltError(error: { message: string; code?: string }): Error {
  return Object.assign(new Error(error.message), error.code === undefined ? {} : { code: error.code });
}

const withBuffers = (row: Record<string, unknown>): Record<string, unknown> => {
  for (const [column, value] of Object.entries(row)) {
    if (value instanceof Uint8Array && !Buffer.isBuffer(value)) row[column] = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  }
  return row;
};

class WorkerThreadConnection implements DatabaseConnection {
  readonly #waiting = new Map<number, { resolve(answer: WorkerAnswer): void; reject(error: Error): void }>();
  #nextId = 0;
  #exited: Error | null = null;

  constructor(readonly worker: Worker) {
    // Idle, the thread keeps no process running; owing an answer, it does, so an awaited statement is not cut short.
    worker.unref();
    worker.on("message", (answer: WorkerAnswer) => {
      const asked = this.#waiting.get(answer.id);
      this.#waiting.delete(answer.id);
      if (this.#waiting.size === 0) worker.unref();
      asked?.resolve(answer);
    });
    const failAll = (error: Error) => {
      for (const asked of this.#waiting.values()) asked.reject(error);
      this.#waiting.clear();
    };
    worker.on("error", failAll);
    worker.on("exit", (code) => {
      // A statement sent later would wait for an answer forever.
      this.#exited = new Error(`the SQLite worker thread exited with code ${code}`);
      failAll(this.#exited);
    });
  }

  get exited(): boolean {
    return this.#exited !== null;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.#exited) throw this.#exited;
    const answer = await new Promise<WorkerAnswer>((resolve, reject) => {
      const id = this.#nextId++;
      this.#waiting.set(id, { resolve, reject });
      this.worker.ref();
      this.worker.postMessage({ id, sql: query.sql, parameters: query.parameters });
    });
    if ("error" in answer) throw rebuiltError(answer.error);
    if (answer.changes === undefined) return { rows: answer.rows.map(withBuffers) as R[] };
    return { rows: [], numAffectedRows: BigInt(answer.changes), insertId: answer.lastInsertRowid };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("a worker thread's SQLite connection does not stream; read in pages");
  }
}

class WorkerThreadDriver implements Driver {
  #connection: WorkerThreadConnection | null = null;
  // One connection, one query at a time: the next user waits for the one before to release it.
  #lock: Promise<void> = Promise.resolve();
  #unlock: (() => void) | null = null;

  constructor(private readonly options: WorkerThreadDialectOptions) {}

  async init(): Promise<void> {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { path: this.options.path, pragmas: [...this.options.pragmas], driverPath: DRIVER_PATH } });
    this.#connection = new WorkerThreadConnection(worker);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#lock;
    let unlock!: () => void;
    this.#lock = new Promise<void>((resolve) => (unlock = resolve));
    await previous;
    this.#unlock = unlock;
    return this.#connection!;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    // Immediate: the write lock first, waited for in the worker's thread (its busy timeout), as the store's are.
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("commit"));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await rollbackIfStillOpen(connection);
  }

  async releaseConnection(): Promise<void> {
    const unlock = this.#unlock;
    this.#unlock = null;
    unlock?.();
  }

  async destroy(): Promise<void> {
    const connection = this.#connection;
    this.#connection = null;
    if (connection === null || connection.exited) return;
    const exited = new Promise<void>((resolve) => connection.worker.once("exit", () => resolve()));
    connection.worker.ref();
    connection.worker.postMessage({ close: true });
    await exited;
  }
}

/**
 * @example
 * const db = new Kysely<Database>({ dialect: new WorkerThreadSqliteDialect({ path, pragmas: ["busy_timeout = 5000"] }) });
 */
export class WorkerThreadSqliteDialect implements Dialect {
  constructor(private readonly options: WorkerThreadDialectOptions) {}

  createDriver(): Driver {
    return new WorkerThreadDriver(this.options);
  }

  createAdapter(): DialectAdapter {
    return new SqliteAdapter();
  }

  createQueryCompiler(): QueryCompiler {
    return new LongInListsSqliteQueryCompiler();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}
