/**
 * @module
 * Where to get the server's current time, for the message refusing a date filter or a body's instant (a meeting's
 * `starts_at`) given as a word ("yesterday", "today", "last week"): the caller meant a time relative to now, and the
 * server's clock is the one to count from.
 */
import type { HasTool } from "../platform/errors/api-error.js";

/** A date filter's, a body instant's or a calendar date's refusal with no hint of its own, quoting the value sent. */
const PLAIN_REFUSAL = /^'(.*)' is not (?:an ISO 8601 (?:date or date-time|date-time, a mail Date header \([^)]*\) or epoch milliseconds)|a date YYYY-MM-DD)$/s;

/** The REST text and the tool text of the hint, the latter for the tools the calling client has. */
export interface ServerTimeHint {
  rest: string;
  tool: (hasTool: HasTool) => string;
}

const HINT: ServerTimeHint = {
  rest: "for a time relative to now, count from server_time of GET /v1/me (the server's current time)",
  // A client whose tools leave getMe out (a URL's ?areas= without Users) cannot ask the server's time: it writes the date.
  tool: (hasTool) =>
    hasTool("getMe")
      ? "for a time relative to now, count from server_time of the getMe tool (the server's current time)"
      : "for a time relative to now, send the date or time it means, counted from today's date (UTC), as YYYY-MM-DD or YYYY-MM-DDThh:mm:ssZ",
};

/**
 * The hint for a date filter's or a body instant's refusal `message` when the value sent is not a date at all (it does not start with a
 * digit, as a malformed date such as 2026-11-31 does), or null.
 *
 * @example
 * serverTimeHint("'yesterday' is not an ISO 8601 date or date-time")?.rest // "for a time relative to now, count from server_time of GET /v1/me ..."
 */
export function serverTimeHint(message: string): ServerTimeHint | null {
  const value = PLAIN_REFUSAL.exec(message)?.[1];
  return value !== undefined && !/^\s*\d/.test(value) ? HINT : null;
}
