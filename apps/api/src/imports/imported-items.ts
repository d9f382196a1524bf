/**
 * @module
 * What the archive readers hand the import runner: one entry per message, calendar occurrence,
 * contact or CSV row, already mapped to Rapport's vocabulary, or a problem or a skip with the
 * entry's position in the archive.
 */
import type { AttendeeResponse, CompanyTextField, MeetingStatus, PersonJobSource } from "@rapport/store";

/** An address as an archive names it: normalized address, display name if any. */
export interface ImportedAddress {
  email: string;
  name: string | null;
}

export interface ImportedEmail {
  type: "email";
  message_id: string;
  /**
   * A message without a `Message-ID` whose `Date` an import before 2026-12-07 read otherwise: the stand-in it was given
   * then, under which it may be stored already (the import counts it known, and adds nothing).
   */
  former_message_id?: string;
  sent_at: number;
  subject: string | null;
  from: ImportedAddress;
  to: ImportedAddress[];
  cc: ImportedAddress[];
  /** Only with `--keep-bodies`: the plain-text body. */
  body_text: string | null;
}

export interface ImportedMeeting {
  type: "meeting";
  /** `<UID>#<original start, epoch ms>`: the idempotency key of one occurrence. */
  external_id: string;
  title: string;
  starts_at: number;
  ends_at: number | null;
  status: MeetingStatus;
  location: string | null;
  organizer: ImportedAddress | null;
  attendees: Array<ImportedAddress & { response: AttendeeResponse }>;
  /**
   * An occurrence Outlook marks all-day (written midnight to midnight): never stored, only read for the 24-hour meeting
   * an import before 2026-12-06 stored under its key, which the writer removes.
   */
  all_day?: true;
}

export interface CompanyReference {
  name: string | null;
  /** Normalized (see `normalizeDomain`). */
  domain: string | null;
  /**
   * A person's company named without a domain: the domain of the contact's own address when it is a company's (not
   * free-mail, see `companyDomainOfEmails`). It finds the company holding that domain when their names differ only by
   * legal form, case and punctuation (before a company of the name as written); otherwise it is given to the company
   * found by name or created, when it has none and no other company of the tenant holds it.
   */
  email_domain?: string | null;
}

export interface ImportedPerson {
  type: "person";
  first_name: string | null;
  last_name: string | null;
  name: string | null;
  /** Normalized addresses, primary first. */
  emails: string[];
  /** Normalized (see `normalizeLinkedinUrl`), or null. */
  linkedin_url: string | null;
  job_title: string | null;
  company: CompanyReference | null;
  twitter_url: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  tags: string[];
  /**
   * The export whose rows say the contact's current job (`PersonJobSource`: a LinkedIn connections export), absent for
   * any other: a newer export of it moves on the company and title an older one set.
   */
  job_source?: PersonJobSource;
}

export interface ImportedCompany {
  type: "company";
  company_name: string;
  domain: string | null;
  fields: Partial<Record<CompanyTextField, string>>;
}

export type ImportedItem = ImportedEmail | ImportedMeeting | ImportedPerson | ImportedCompany;

/**
 * What the calendar reader learnt of a recurring series it expanded whole within the window: the key of every
 * occurrence its rule and exceptions yield from its start to the window's end. Not an entry of the archive: the writer
 * marks cancelled the series' stored occurrences in the window that it no longer yields (it ended earlier, or moved).
 */
export interface ImportedSeries {
  type: "series";
  uid: string;
  /** The window, epoch ms, both ends included. */
  since: number;
  until: number;
  keys: string[];
}

/** Why an all-day event is left out (by the calendar reader, or by the writer for one Outlook marks all-day). */
export const ALL_DAY_EVENT = "all-day event";

/** One entry of an archive, with where it is (e.g. "message 3 (line 41)"). */
export type SourceEntry =
  /** `caveat`: the item is imported, but not quite as the archive meant it; listed among the summary's problems. */
  | { position: string; item: ImportedItem; caveat?: string }
  | { position: string; problem: string }
  | { position: string; skipped: string }
  | { position: string; series: ImportedSeries };

/** A readable archive: its entries in order, and how far through the bytes the reader is. */
export interface ImportSource {
  entries: AsyncIterable<SourceEntry>;
  /** Bytes consumed so far. */
  bytesRead(): number;
  /** Size of the input when known (files), null for a pipe. */
  totalBytes: number | null;
}

/** The input is not of the announced kind (or unreadable as such): the import stops at once. */
export class ImportFormatError extends Error {
  override readonly name = "ImportFormatError";
}
