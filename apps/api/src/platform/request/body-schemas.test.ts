/**
 * The participant and attendee schemas: addresses and display names are held to their limits as stored, trimmed, and
 * may be written as a mail header writes them; instants as ISO 8601, a mail Date header or epoch milliseconds.
 */
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { readableIssue } from "../../operations/readable-issue.js";
import { attendeeField } from "../../routes/meetings/meeting-body.js";
import { instantField, participantField, participantList } from "./body-schemas.js";
import { MAX_DISPLAY_NAME_LENGTH, MAX_EMAIL_ADDRESS_LENGTH } from "./field-limits.js";

/** An address exactly `length` characters long. */
const address = (length: number) => `${"a".repeat(length - "@acme.example".length)}@acme.example`;
const longestAddress = address(MAX_EMAIL_ADDRESS_LENGTH);
const longestName = "N".repeat(MAX_DISPLAY_NAME_LENGTH);

describe("participantField", () => {
  it("holds an address and a name to their limits once trimmed, as they are stored", () => {
    expect(participantField.parse(`  ${longestAddress} `)).toEqual({ email: longestAddress });
    expect(participantField.parse({ email: ` ${longestAddress}\n`, name: ` ${longestName} ` })).toEqual({ email: longestAddress, name: longestName });
  });

  it("refuses an address or a name over its limit once trimmed", () => {
    for (const participant of [` ${address(MAX_EMAIL_ADDRESS_LENGTH + 1)} `, { email: ` ${address(MAX_EMAIL_ADDRESS_LENGTH + 1)} ` }, { email: "a@acme.example", name: ` ${longestName}N ` }]) {
      expect(participantField.safeParse(participant).success, JSON.stringify(participant).slice(0, 40)).toBe(false);
    }
  });
});

describe("a participant written as a mail header writes it", () => {
  // As a client reads it: a union's refusal by the alternative the value's type matched.
  const refusal = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues.map(readableIssue).map((issue) => [issue.path.join("."), issue.message]);

  it("is the address and display name sent as {email, name}: a name quoted with its comma, a comment, encoded words", () => {
    expect(participantField.parse(" Jane Doe <jane@acme.example> ")).toEqual(participantField.parse({ email: "jane@acme.example", name: "Jane Doe" }));
    expect(participantField.parse('"Doe, John" <john@acme.example>')).toEqual({ email: "john@acme.example", name: "Doe, John" });
    expect(participantField.parse("jane@acme.example (Jane Doe)")).toEqual({ email: "jane@acme.example", name: "Jane Doe" });
    expect(participantField.parse("=?UTF-8?B?w4lsb2RpZQ==?= <elodie@acme.example>")).toEqual({ email: "elodie@acme.example", name: "Élodie" });
    expect(participantField.parse("<jane@acme.example>")).toEqual({ email: "jane@acme.example" });
    // The object's fields take the same: a mailbox as email (a name sent wins), encoded words in a name.
    expect(participantField.parse({ email: "Jane Doe <jane@acme.example>" })).toEqual({ email: "jane@acme.example", name: "Jane Doe" });
    expect(participantField.parse({ email: "Jane Doe <jane@acme.example>", name: "Jane" })).toEqual({ email: "jane@acme.example", name: "Jane" });
    expect(attendeeField.parse({ email: "a@acme.example", name: "=?ISO-8859-1?Q?Andr=E9?=", response: "declined" })).toEqual({ email: "a@acme.example", name: "André", response: "declined" });
  });

  it("is refused saying what to send where it is not one mailbox, or its parts break the object's limits", () => {
    expect(refusal(participantField, "a@acme.example, b@acme.example")).toEqual([["", "'a@acme.example, b@acme.example' holds 2 addresses: send one participant each (a list of participants also takes the whole list as one string)"]]);
    expect(refusal(participantField, "Doe, John <john@acme.example>")).toEqual([["", `'Doe, John <john@acme.example>' is not one mailbox: a display name holding a comma is quoted, as in "Doe, John" <john@acme.example>`]]);
    expect(refusal(participantField, "undisclosed-recipients:;")).toEqual([["", "'undisclosed-recipients:;' is a group (name: addresses;): send its addresses as participants"]]);
    expect(refusal(participantField, { email: "Jane Doe" })).toEqual([["email", "'Jane Doe' is not an email address or 'Name <address>'"]]);
    // A blank email is a client's bug, beside a person_uuid too (where the uuid used to decide the person).
    const blank = [["email", "must not be blank: send an email address, or leave email out beside person_uuid"]];
    for (const email of ["", "  "]) {
      expect(refusal(participantField, { person_uuid: "00000000-0000-4000-8000-000000000001", email })).toEqual(blank);
      expect(refusal(attendeeField, { person_uuid: "00000000-0000-4000-8000-000000000001", email, response: "declined" })).toEqual(blank);
      expect(refusal(participantField, { email })).toEqual(blank);
    }
    expect(refusal(participantField, `${longestName}N <a@acme.example>`)).toEqual([["", `display name: at most ${MAX_DISPLAY_NAME_LENGTH} characters`]]);
  });

  it("in a list field, may be the whole list as one string: a To header with quoted commas, groups, undisclosed recipients", () => {
    const to = participantList(participantField, 3);
    expect(to.parse('Jane Doe <jane@x.example>, "Doe, John" <john@y.example>, undisclosed-recipients:;')).toEqual([
      { email: "jane@x.example", name: "Jane Doe" },
      { email: "john@y.example", name: "Doe, John" },
    ]);
    expect(to.parse("Team: a@x.example, B <b@x.example>;")).toEqual([{ email: "a@x.example" }, { email: "b@x.example", name: "B" }]);
    expect(to.parse("undisclosed-recipients:;")).toEqual([]);
    expect(to.parse(" ")).toEqual([]);
    expect(refusal(to, "Doe, John <john@y.example>")).toEqual([["", `address 1 of the list, 'Doe', is not an email address or 'Name <address>': a display name holding a comma is quoted, as in "Doe, John" <john@acme.example>`]]);
    expect(refusal(to, "a@x.example, b@x.example, c@x.example, d@x.example")).toEqual([["", "holds 4 addresses, more than 3"]]);
    expect(refusal(to, ["a@x.example", "b@x.example, c@x.example"])?.[0]?.[0]).toBe("1");
  });
});

describe("attendeeField", () => {
  it("holds an address and a name to their limits once trimmed, with a response too", () => {
    expect(attendeeField.parse({ email: ` ${longestAddress} `, name: ` ${longestName} `, response: "declined" })).toEqual({
      email: longestAddress,
      name: longestName,
      response: "declined",
    });
    expect(attendeeField.safeParse({ email: ` ${address(MAX_EMAIL_ADDRESS_LENGTH + 1)} `, response: "declined" }).success).toBe(false);
    expect(attendeeField.safeParse({ email: "a@acme.example", name: ` ${longestName}N `, response: "declined" }).success).toBe(false);
  });
});

describe("instantField", () => {
  const sentAt = instantField("When.");

  it("takes epoch milliseconds and ISO 8601, and refuses epoch seconds, which read as milliseconds fall in January 1970", () => {
    expect(sentAt.parse(1_796_590_000_000)).toBe(1_796_590_000_000);
    expect(sentAt.parse("1970-01-21T19:03:10Z")).toBe(1_796_590_000);
    const seconds = sentAt.safeParse(1_796_590_000);
    expect(seconds.success).toBe(false);
    expect(seconds.error?.issues[0]?.message).toBe(
      "1796590000 as epoch milliseconds is 1970-01-21T19:03:10.000Z: epoch seconds? send milliseconds (1796590000000, 2026-12-06T20:46:40.000Z), or an instant before 1973 as ISO 8601",
    );
  });

  it("takes a mail Date header (with its zone) and epoch milliseconds as text, and names the forms it takes otherwise", () => {
    expect(sentAt.parse("Mon, 7 Dec 2026 07:00:00 +0000")).toBe(Date.UTC(2026, 11, 7, 7));
    expect(sentAt.parse("Mon, 7 Dec 2026 09:00:00 +0200 (CEST)")).toBe(Date.UTC(2026, 11, 7, 7));
    expect(sentAt.parse("1796590000000")).toBe(1_796_590_000_000);
    expect(sentAt.safeParse("1796590000").error?.issues[0]?.message).toMatch(/^1796590000 as epoch milliseconds is 1970-01-21T19:03:10.000Z: epoch seconds\? send milliseconds \(1796590000000/);
    expect(sentAt.safeParse("Mon, 7 Dec 2026 07:00:00").error?.issues[0]?.message).toBe("'Mon, 7 Dec 2026 07:00:00' has no time zone: add it as a mail Date header writes it (+0000 for UTC)");
    expect(sentAt.safeParse("Mon, 30 Feb 2026 07:00:00 +0000").success).toBe(false);
    expect(sentAt.safeParse("Mon Dec 07 2026 07:00:00 GMT+0000").error?.issues[0]?.message).toBe(
      "'Mon Dec 07 2026 07:00:00 GMT+0000' is not an ISO 8601 date-time, a mail Date header (Mon, 7 Dec 2026 07:00:00 +0000) or epoch milliseconds",
    );
  });
});
