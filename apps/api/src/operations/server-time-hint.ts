/**
 * @module
 * Where to get the server's current time, for the message refusing a date filter given as a word ("yesterday",
 * "now", "last week"): the caller meant a time relative to now, and the server's clock is the one to count from.
 */
/** A date filter's refusal with no hint of its own, quoting the value sent. */
const PLAIN_REFUSAL = /^'(.*)' is not an ISO 8601 date or date-time$/s;

/** The REST text and the tool text of the hint. */
export interface ServerTimeHint {
  rest: string;
  tool: string;
}

const HINT: ServerTimeHint = {
  rest: "for a time relative to now, count from server_time of GET /v1/me (the server's current time)",
  tool: "for a time relative to now, count from server_time of the getMe tool (the server's current time)",
};

/**
 * The hint for a date filter's refusal `message` when the value sent is not a date at all (it does not start with a
 * digit, as a malformed date such as 2026-11-31 does), or null.
 *
 * @example
 * serverTimeHint("'yesterday' is not an ISO 8601 date or date-time")?.rest // "for a time relative to now, count from server_time of GET /v1/me ..."
 */
export function serverTimeHint(message: string): ServerTimeHint | null {
  const value = PLAIN_REFUSAL.exec(message)?.[1];
  return value !== undefined && !/^\s*\d/.test(value) ? HINT : null;
}
