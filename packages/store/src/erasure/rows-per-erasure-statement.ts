/**
 * Rows an erasure's statement deletes or rewrites at most. A heavy contact's erasure runs on a connection that gives
 * the event loop a turn after each statement (sqlite/long-write-connection.ts): deleting a heavy contact's emails in
 * one statement held the process for 4 to 6 s at benchmark scale L; a thousand rows at a time, about a tenth of a
 * second each.
 */
export const ROWS_PER_ERASURE_STATEMENT = 1000;
