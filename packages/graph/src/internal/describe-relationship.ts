/** @module The `rq_reason` sentence: facts only, same facts same words. */
import { toIsoDate } from "./dates.js";
import type { PairSummary } from "./pair-summary.js";

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

function counts(emails: number, meetings: number): string {
  const parts: string[] = [];
  if (emails > 0) parts.push(plural(emails, "email"));
  if (meetings > 0) parts.push(plural(meetings, "meeting"));
  return parts.join(" and ");
}

/**
 * "3 emails and 1 meeting in the last 90 days, last on 2026-12-01";
 * "No interactions in the last 90 days; 2 emails in total, last on 2026-01-05";
 * "No recorded interactions".
 * @example describeRelationship({ emails: 1, meetings: 0, windowEmails: 1, windowMeetings: 0, lastAt: Date.UTC(2026, 10, 2) }, 90);
 * // "1 email in the last 90 days, last on 2026-11-02"
 */
export function describeRelationship(summary: PairSummary, windowDays: number): string {
  if (summary.lastAt === null) return "No recorded interactions";
  const last = `last on ${toIsoDate(summary.lastAt)}`;
  if (summary.windowEmails + summary.windowMeetings > 0) {
    return `${counts(summary.windowEmails, summary.windowMeetings)} in the last ${plural(windowDays, "day")}, ${last}`;
  }
  return `No interactions in the last ${plural(windowDays, "day")}; ${counts(summary.emails, summary.meetings)} in total, ${last}`;
}
