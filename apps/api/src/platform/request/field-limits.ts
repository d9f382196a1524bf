/**
 * @module
 * The longest text each record field may hold, in characters: what the REST schemas enforce, what an import
 * writes at most and what the command line accepts. Kept in one place so the three cannot drift apart.
 */
import type { CompanyTextField } from "@rapport/store";

/** An email address (a person's, a participant's, a company's contact address). */
export const MAX_EMAIL_ADDRESS_LENGTH = 320;
/** A participant's display name in an email or meeting. */
export const MAX_DISPLAY_NAME_LENGTH = 200;
/** A person's full name; an internal user's name is its person's. */
export const MAX_PERSON_NAME_LENGTH = 300;
/** A person's first or last name. */
export const MAX_NAME_PART_LENGTH = 200;
/** A job title, at the primary company or in an affiliation. */
export const MAX_JOB_TITLE_LENGTH = 300;
/** A person's city, state or country. */
export const MAX_PERSON_PLACE_LENGTH = 200;
/** A web address (LinkedIn, Twitter, Facebook, a logo, a website). */
export const MAX_WEB_ADDRESS_LENGTH = 2_000;
/** A tag, an industry tag or another short label of a list. */
export const MAX_LABEL_LENGTH = 100;
/** A company's name. */
export const MAX_COMPANY_NAME_LENGTH = 300;
/** A company's domain (as written, before normalization). */
export const MAX_DOMAIN_LENGTH = 300;
/** A company's free-text field: sector, city, phone, ... */
export const MAX_COMPANY_TEXT_LENGTH = 2_000;
/** A company's description. */
export const MAX_COMPANY_DESCRIPTION_LENGTH = 20_000;
/** A company's head-count band or year founded: short checked values. */
export const MAX_COMPANY_CODE_LENGTH = 100;
/** An email's Message-ID: RFC 5322's longest line. */
export const MAX_MESSAGE_ID_LENGTH = 998;
/** An email's subject. */
export const MAX_SUBJECT_LENGTH = 2_000;
/** A meeting's title, location and calendar id (an iCalendar UID). */
export const MAX_MEETING_TEXT_LENGTH = 500;

/** A company's latest investment round type (`last_investment_type`). */
export const MAX_INVESTMENT_TYPE_LENGTH = 200;
/** An opportunity's name. */
export const MAX_OPPORTUNITY_NAME_LENGTH = 300;
/** An opportunity's free text: its details and next step. */
export const MAX_OPPORTUNITY_TEXT_LENGTH = 10_000;
/** A key of an opportunity's custom_fields object: a custom field's UUID or key. */
export const MAX_CUSTOM_FIELD_REFERENCE_LENGTH = 100;
/** The free text of a link between two records (`context`, e.g. 'lead investor'). */
export const MAX_ASSOCIATION_CONTEXT_LENGTH = 1_000;
/** A task's title. */
export const MAX_TASK_TITLE_LENGTH = 500;
/** A task's description. */
export const MAX_TASK_DESCRIPTION_LENGTH = 10_000;
/** A note's title. */
export const MAX_NOTE_TITLE_LENGTH = 300;
/** A note's content. */
export const MAX_NOTE_CONTENT_LENGTH = 100_000;
/** An entity list's name. */
export const MAX_LIST_NAME_LENGTH = 200;
/** An opportunity type's label, plural label, sub-label or plural sub-label. */
export const MAX_OPPORTUNITY_TYPE_LABEL_LENGTH = 100;
/** An opportunity type's description. */
export const MAX_OPPORTUNITY_TYPE_DESCRIPTION_LENGTH = 2_000;
/** An opportunity stage's name. */
export const MAX_OPPORTUNITY_STAGE_NAME_LENGTH = 100;
/** An opportunity custom field's key (a stable machine name such as 'fund_vehicle'). */
export const MAX_CUSTOM_FIELD_KEY_LENGTH = 63;
/** An opportunity custom field's display name. */
export const MAX_CUSTOM_FIELD_NAME_LENGTH = 100;
/** One choice of a select custom field. */
export const MAX_CUSTOM_FIELD_CHOICE_LENGTH = 200;

// Not lengths: the bounds of numeric fields.
/** An opportunity's monetary value. */
export const MAX_OPPORTUNITY_VALUE = 1e15;

/** The longest value of company text field `field`. */
export function maxCompanyFieldLength(field: CompanyTextField): number {
  switch (field) {
    case "description":
      return MAX_COMPANY_DESCRIPTION_LENGTH;
    case "email":
      return MAX_EMAIL_ADDRESS_LENGTH;
    case "employee_count":
    case "year_founded":
      return MAX_COMPANY_CODE_LENGTH;
    case "website":
    case "linkedin_url":
    case "facebook_url":
    case "twitter_url":
    case "logo_url":
      return MAX_WEB_ADDRESS_LENGTH;
    default:
      return MAX_COMPANY_TEXT_LENGTH;
  }
}

// Written only by the command line (no REST operation creates tenants or keys), kept here with the others.
/** A tenant's name. */
export const MAX_TENANT_NAME_LENGTH = 300;
/** An API key's label. */
export const MAX_API_KEY_LABEL_LENGTH = 200;

// Not record fields: the longest text a query parameter or another request value may hold.
/** A free-text filter of a list (a name, a search, a place of the opportunity list, a company field). */
export const MAX_FILTER_TEXT_LENGTH = 200;
/** The country or state filter of the company list. */
export const MAX_PLACE_FILTER_LENGTH = 100;
/** A comma-separated filter of the company list (statuses, tags, ...). */
export const MAX_FILTER_LIST_LENGTH = 4_000;
/** The comma-separated status filter of the task list. */
export const MAX_TASK_STATUS_FILTER_LENGTH = 100;
/** The comma-separated periods of the person activity-stats batch. */
export const MAX_PERIOD_LIST_LENGTH = 200;
/**
 * A list cursor (an opaque next_cursor). A cursor of a name order carries the last row's folded name key and its
 * name: 300 CJK characters are 900 bytes each, so such a cursor is about 2,600 characters, past the 2,048 taken
 * until 2026-12-06 (the list gave a next_cursor it then refused). The key is cut to 300 code points (store migration
 * 0090: folding made one of 9,900 bytes), so no cursor a list gives passes about 6,000. Well within Node's 16 KiB
 * request head.
 */
export const MAX_CURSOR_LENGTH = 8192;
/** An ISO 8601 date or date-time written as text. */
export const MAX_DATE_TEXT_LENGTH = 40;
/** An instant of a body written as text: ISO 8601, or a mail Date header with its zone's comment (`(Pacific Daylight Time)`). */
export const MAX_INSTANT_TEXT_LENGTH = 80;
/**
 * A participant written as a mail header writes one (`"Name" <address>`): an address, a display name of 200
 * characters sent as encoded words (600 bytes of UTF-8 in base64, with each word's `=?UTF-8?B?...?=`), quotes and brackets.
 */
export const MAX_MAILBOX_TEXT_LENGTH = 2_000;
/**
 * A list of participants sent as one string, as a To header writes it: 500 recipients (Gmail's most per message) of
 * 64 characters. postal-mime parses about 1 microsecond a character of real headers, up to 4 of crafted text (a
 * run of `:`), so such a string costs at most about 0.13 s.
 */
export const MAX_ADDRESS_LIST_TEXT_LENGTH = 32_000;
/**
 * Characters of participant text one request may hand to the mail address parser (mailbox-text.ts): about 0.1 s of
 * real headers, 0.33 s of crafted text (2.5 microseconds a character on runs of `:`), where a 1 MiB body of such
 * strings took 2.5 s. Bare addresses skip the parser and do not count.
 */
export const MAX_PARSED_MAILBOX_TEXT_PER_REQUEST = 131_072;
/** One column mapping of a CSV import ('Header=field,Header=field'). */
export const MAX_COLUMN_MAPPING_LENGTH = 2_000;
