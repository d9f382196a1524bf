/**
 * @module
 * An instant written as a mail `Date:` header writes it (RFC 5322: `Mon, 7 Dec 2026 07:00:00 +0000`, a comment after
 * the zone as many clients add), as a sync passes on the header of an API that gives it as text (Gmail's `payload.headers`).
 */
import { parseMailDate } from "../../imports/mail-date.js";

const MONTHS = "jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec";
/**
 * RFC 5322's date-time: an optional day name, day, month name, year, time, then a zone: `+hhmm`, or one of the
 * obsolete names Date.parse reads (`UT`, `GMT`, `EST`...). Nothing looser: Date.parse takes almost any text, and reads
 * text without a zone in the server's own time zone.
 */
const MAIL_DATE = new RegExp(`^(?:[a-z]{3,9},?\\s*)?\\d{1,2}\\s+(?:${MONTHS})\\s+\\d{2,4}\\s+\\d{1,2}:\\d{2}(?::\\d{2})?(\\s*(?:[+-]\\d{4}|ut|utc|gmt|z|[ecmp][sd]t))?\\s*(?:\\([^()]*\\))?$`, "i");
/** A comment after the zone (`(UTC)`, `(Pacific Standard Time)`). */
const TRAILING_COMMENT = /\s*\([^()]*\)$/;

/**
 * The instant a mail Date header's text names, in epoch milliseconds; `"no zone"` when it is one without its zone;
 * null when it is not one, or names a day its month lacks.
 *
 * @example
 * parseMailDateHeader("Mon, 7 Dec 2026 07:00:00 +0000 (UTC)"); // Date.UTC(2026, 11, 7, 7)
 * parseMailDateHeader("Mon, 7 Dec 2026 07:00:00"); // "no zone"
 */
export function parseMailDateHeader(text: string): number | "no zone" | null {
  const shape = MAIL_DATE.exec(text.trim());
  if (shape === null) return null;
  if (shape[1] === undefined) return "no zone";
  const time = parseMailDate(text.trim().replace(TRAILING_COMMENT, ""));
  return Number.isNaN(time) ? null : time;
}
