/**
 * Rows an erasure's statement deletes or rewrites at most. When a heavy contact's erasure ran on the event loop's
 * thread, deleting its emails in one statement held the process for 4 to 6 s at benchmark scale L; a thousand rows at
 * a time, about a tenth of a second each. Its connection is now on a worker thread (sqlite/long-write-connection.ts),
 * where a statement holds no request, but the store's connection also runs these statements (`:memory:`, a caller's
 * `store.transaction`).
 */
export const ROWS_PER_ERASURE_STATEMENT = 1000;
