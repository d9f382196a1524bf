import iconv from "iconv-lite";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { readComponentBlocks, type ComponentBlock } from "./read-component-blocks.js";
import { icsFile, vcard, vevent } from "./testing/archive-builders.js";

const EVENTS = { first: "VCALENDAR", capture: new Map([["VEVENT", 1]]), describe: "calendar.ics is not an iCalendar file" };

/** `bytes` in chunks of 7 bytes, so that characters and code units are cut between chunks. */
function chunked(bytes: Buffer): Readable {
  return Readable.from(Array.from({ length: Math.ceil(bytes.length / 7) }, (_unused, index) => bytes.subarray(index * 7, (index + 1) * 7)));
}

async function blocksOf(bytes: Buffer): Promise<{ blocks: ComponentBlock[]; bytes: number }> {
  const counter = { bytes: 0 };
  const blocks: ComponentBlock[] = [];
  for await (const block of readComponentBlocks(chunked(bytes), counter, EVENTS)) blocks.push(block);
  return { blocks, bytes: counter.bytes };
}

describe("readComponentBlocks", () => {
  const event = vevent(["UID:lunch@x", "SUMMARY:Café with Zoë – €5"]);
  const calendar = icsFile([event]);

  it("decodes the stream in the encoding its first bytes show, and counts the stream's bytes, not the UTF-8", async () => {
    const encoded = {
      "UTF-8": Buffer.from(calendar, "utf8"),
      "UTF-16LE with a byte order mark": Buffer.from(`\uFEFF${calendar}`, "utf16le"),
      "UTF-16BE without one": Buffer.from(calendar, "utf16le").swap16(),
      "Windows-1252": iconv.encode(calendar, "windows-1252"),
    };
    for (const [name, bytes] of Object.entries(encoded)) {
      expect(await blocksOf(bytes), name).toEqual({ blocks: [{ name: "VEVENT", line: 4, text: event }], bytes: bytes.length });
    }
  });

  it("reports an event that never ends at the next event's BEGIN, and reads the events after it", async () => {
    const later = vevent(["UID:later@x", "SUMMARY:Later"]);
    const last = vevent(["UID:last@x", "SUMMARY:Last"]);
    const unclosed = ["BEGIN:VEVENT", "UID:unclosed@x", "BEGIN:VALARM", "ACTION:DISPLAY", "END:VALARM"].join("\r\n");
    const { blocks } = await blocksOf(Buffer.from(icsFile([unclosed, later, last])));
    expect(blocks).toEqual([
      { name: "VEVENT", line: 4, problem: "VEVENT starting here has no END:VEVENT before the BEGIN:VEVENT at line 9" },
      { name: "VEVENT", line: 9, text: later },
      { name: "VEVENT", line: 13, text: last },
    ]);
  });

  it("keeps a vCard 2.1 AGENT's embedded card inside its card, and reads a card that never ends as a problem only", async () => {
    const cards = { first: "VCARD", capture: new Map([["VCARD", 0]]), describe: "contacts.vcf is not a vCard file" };
    const withAgent = ["BEGIN:VCARD", "VERSION:2.1", "N:Park;Ada", "AGENT:", "BEGIN:VCARD", "VERSION:2.1", "N:Friday;Fred", "END:VCARD", "END:VCARD"].join("\r\n");
    const unclosed = ["BEGIN:VCARD", "VERSION:3.0", "FN:No End"].join("\r\n");
    const next = vcard("3.0", ["FN:Next"]);
    const blocks: ComponentBlock[] = [];
    for await (const block of readComponentBlocks(chunked(Buffer.from([withAgent, unclosed, next, ""].join("\r\n"))), { bytes: 0 }, cards)) blocks.push(block);
    expect(blocks).toEqual([
      { name: "VCARD", line: 1, text: withAgent },
      { name: "VCARD", line: 10, problem: "VCARD starting here has no END:VCARD before the BEGIN:VCARD at line 13" },
      { name: "VCARD", line: 13, text: next },
    ]);
  });

  it("quotes the decoded first line of a UTF-16 file of another kind", async () => {
    const contacts = Buffer.from(`\uFEFF${vcard("3.0", ["FN:Zoë Price"])}`, "utf16le");
    await expect(blocksOf(contacts)).rejects.toThrow('calendar.ics is not an iCalendar file: expected "BEGIN:VCALENDAR" at line 1, found "BEGIN:VCARD"');
  });
});
