/** The participant and attendee schemas: addresses and display names are held to their limits as stored, trimmed. */
import { describe, expect, it } from "vitest";
import { attendeeField } from "../../routes/meetings/meeting-body.js";
import { instantField, participantField } from "./body-schemas.js";
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
});
