/**
 * @module
 * A mail `Date:` header as epoch milliseconds, refusing a day its month lacks: `Date.parse` (and postal-mime, which
 * uses it) reads `30 Feb 2026` as 2 March, so such a message was imported two days after a date it never had.
 */
import { isCalendarDate } from "@rapport/store/vocabulary";
import { leapSecondAsLast } from "../platform/request/leap-second.js";

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/** RFC 5322's `day month year` (`30 Feb 2026`, `1 Mar 26`), after an optional day name. */
const DAY_MONTH_YEAR = /^\s*(?:[a-z]+,?\s*)?(\d{1,2})\s+([a-z]{3})[a-z]*\.?\s+(\d{2,4})\b/i;
/** The same day written month first, as some clients do (`Feb 30 2026`, `Mon Feb 30 10:00:00 2026`). */
const MONTH_DAY_YEAR = /^\s*(?:[a-z]+,?\s+)?([a-z]{3})[a-z]*\.?\s+(\d{1,2}),?\s+(?:\d{1,2}:\d{2}(?::\d{2})?\s+)?(\d{4})\b/i;
/** An ISO 8601 date at the start (`2026-02-30T10:00:00Z`). */
const ISO_DAY = /^\s*(\d{4})-(\d{2})-(\d{2})/;

/** RFC 5322's obsolete years: two digits are 1950 to 2049, three are counted from 1900. */
function fullYear(written: string): number {
  const year = Number(written);
  if (written.length === 2) return year < 50 ? 2000 + year : 1900 + year;
  if (written.length === 3) return 1900 + year;
  return year;
}

/** The day the header names as `YYYY-MM-DD`, or undefined when it is written in no form read here. */
function writtenDay(header: string): string | undefined {
  const iso = ISO_DAY.exec(header);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const dayFirst = DAY_MONTH_YEAR.exec(header);
  const monthFirst = dayFirst ? undefined : MONTH_DAY_YEAR.exec(header);
  const [day, monthName, year] = dayFirst ? [dayFirst[1]!, dayFirst[2]!, dayFirst[3]!] : monthFirst ? [monthFirst[2]!, monthFirst[1]!, monthFirst[3]!] : [];
  if (day === undefined) return undefined;
  const month = MONTHS.indexOf(monthName!.toLowerCase()) + 1;
  if (month === 0) return undefined;
  return `${String(fullYear(year!)).padStart(4, "0")}-${String(month).padStart(2, "0")}-${day.padStart(2, "0")}`;
}

/**
 * The instant a mail `Date:` header names, or NaN when it is unreadable or names a day its month lacks (`Mon, 30 Feb
 * 2026 10:00:00 +0000`, 31 April, 29 February of a common year), as the importer treats any unreadable date. A time
 * without a zone (`Mon Dec 7 07:00:00 2026`, as asctime writes it) is UTC, whatever the server's own time zone. A leap
 * second (`23:59:60`) is the minute's last second, as the API reads it; seconds past 60 are unreadable.
 *
 * @example
 * parseMailDate("Tue, 13 Oct 2026 09:00:00 +0200"); // Date.UTC(2026, 9, 13, 7)
 * parseMailDate("Tue, 13 Oct 126 09:00:00 +0200"); // the same (RFC 5322: a three-digit year counts from 1900)
 * parseMailDate("Mon, 30 Feb 2026 10:00:00 +0000"); // NaN
 */
export function parseMailDate(written: string): number {
  const header = leapSecondAsLast(written);
  if (header === null) return Number.NaN;
  const day = writtenDay(header);
  if (day !== undefined && !isCalendarDate(day)) return Number.NaN;
  const time = Date.parse(header.replace(THREE_DIGIT_YEAR, (_, head: string, year: string) => `${head}${fullYear(year)}`));
  if (Number.isNaN(time) || ZONE_AFTER_TIME.test(header.replace(COMMENTS, " ")) || ISO_DATE_ALONE.test(header)) return time;
  // Without a zone Date.parse reads the server's own time: the same message would import at another instant on a
  // server set to Tokyo time than on one in London (until 2026-12-07). Read as UTC, as every zoneless time here is.
  return time - new Date(time).getTimezoneOffset() * 60_000;
}

/** A zone after the time of day: an offset, `Z`, or a name Date.parse reads (`GMT`, `EST`...); an asctime year between them. */
const ZONE_AFTER_TIME = /\d:\d{2}(?::\d{2}(?:\.\d+)?)?(?:\s+\d{4})?\s*(?:z|[+-]\d{1,2}(?::?\d{2})?|ut|utc|gmt|[ecmp][sd]t)(?![a-z])/i;
/** Comments, `(Central European Standard Time)`: Date.parse passes over them. */
const COMMENTS = /\([^()]*\)/g;
/** An ISO 8601 date alone, which Date.parse reads as UTC already. */
const ISO_DATE_ALONE = /^\s*\d{4}-\d{2}-\d{2}\s*$/;

/**
 * RFC 5322's obsolete three-digit year, as clients that wrote the year less 1900 sent it (`126` for 2026): Date.parse
 * read it as the year 126, and the message was stored nineteen centuries back.
 */
const THREE_DIGIT_YEAR = /^(\s*(?:[a-z]+,?\s*)?\d{1,2}\s+[a-z]{3}[a-z]*\.?\s+)(\d{3})\b/i;

/**
 * The instant an import before 2026-12-07 read from a `Date:` header, `Date.parse`'s own (a time without a zone in the
 * server's time zone, a three-digit year as such, a leap second as the next minute's first), or NaN as parseMailDate
 * then gave it. A message without a `Message-ID` was stored under a stand-in derived from that reading: where it differs
 * from parseMailDate's, the import looks the message up under both, so that importing it again adds nothing.
 *
 * @example
 * mailDateReadBefore20261207("Tue, 13 Oct 126 09:00:00 +0200"); // Date.UTC(126, 9, 13, 7): parseMailDate reads 2026
 */
export function mailDateReadBefore20261207(written: string): number {
  const day = writtenDay(written);
  if (day !== undefined && !isCalendarDate(day)) return Number.NaN;
  return Date.parse(written);
}
