/**
 * @module
 * Small builders for the archives the import tests (and the benchmark) feed in: mail messages and
 * mbox files, iCalendar events, vCards and CSV text. Each writes the format the way mail clients and
 * calendar exports do, so the readers are tested against real syntax.
 */

export interface MessageFields {
  /** Null leaves the header out. */
  messageId: string | null;
  from: string | null;
  to?: string[];
  cc?: string[];
  /** RFC 5322 date; null leaves the header out. */
  date: string | null;
  subject?: string;
  inReplyTo?: string;
  body?: string;
}

/** One RFC 5322 message (LF line ends, as mbox files store them). */
export function mailMessage(fields: MessageFields): string {
  const headers = [
    ...(fields.from !== null ? [`From: ${fields.from}`] : []),
    ...(fields.to?.length ? [`To: ${fields.to.join(", ")}`] : []),
    ...(fields.cc?.length ? [`Cc: ${fields.cc.join(",\n ")}`] : []),
    ...(fields.subject !== undefined ? [`Subject: ${fields.subject}`] : []),
    ...(fields.date !== null ? [`Date: ${fields.date}`] : []),
    ...(fields.messageId !== null ? [`Message-ID: ${fields.messageId}`] : []),
    ...(fields.inReplyTo ? [`In-Reply-To: ${fields.inReplyTo}`, `References: ${fields.inReplyTo}`] : []),
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
  ];
  return `${headers.join("\n")}\n\n${fields.body ?? "Hello."}\n`;
}

/** An mbox file of the messages (mboxrd: body lines starting with "From " are quoted with ">"). */
export function mboxFile(messages: readonly string[], postmark = "From MAILER-DAEMON Mon Nov  2 10:00:00 2026"): string {
  return messages
    .map((message) => {
      const [head, ...rest] = message.split("\n\n");
      const body = rest.join("\n\n").replace(/^(>*From )/gm, ">$1");
      return `${postmark}\n${head}\n\n${body}\n`;
    })
    .join("");
}

export const BERLIN_VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  "TZID:Europe/Berlin",
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0200",
  "TZNAME:CEST",
  "DTSTART:19700329T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:+0200",
  "TZOFFSETTO:+0100",
  "TZNAME:CET",
  "DTSTART:19701025T030000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
].join("\r\n");

/** A VEVENT from its property lines (given as written, e.g. "DTSTART;TZID=Europe/Berlin:20261005T100000"). */
export function vevent(lines: readonly string[]): string {
  return ["BEGIN:VEVENT", ...lines, "END:VEVENT"].join("\r\n");
}

/** A calendar of the components. */
export function icsFile(components: readonly string[]): string {
  return ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Rapport tests//EN", ...components, "END:VCALENDAR", ""].join("\r\n");
}

/** A vCard from its property lines. */
export function vcard(version: "2.1" | "3.0" | "4.0", lines: readonly string[]): string {
  return ["BEGIN:VCARD", `VERSION:${version}`, ...lines, "END:VCARD"].join("\r\n");
}

/** CSV text of rows (cells quoted when they need it). */
export function csvFile(rows: ReadonlyArray<readonly string[]>, delimiter = ","): string {
  const quote = (cell: string) => (/["\r\n]/.test(cell) || cell.includes(delimiter) ? `"${cell.replace(/"/g, '""')}"` : cell);
  return `${rows.map((row) => row.map(quote).join(delimiter)).join("\r\n")}\r\n`;
}
