import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import type { ImportedEmail, SourceEntry } from "./imported-items.js";
import { readMbox } from "./mbox-source.js";

async function entriesOf(text: string, keepBodies = false): Promise<SourceEntry[]> {
  const source = readMbox(Readable.from([Buffer.from(text, "latin1")]), null, { keepBodies, name: "inbox.mbox" });
  const entries: SourceEntry[] = [];
  for await (const entry of source.entries) entries.push(entry);
  return entries;
}

const message = (id: string, body = "Hello.") =>
  [`From: ada@acme.example`, `To: jordan@northwind.example`, `Subject: ${id}`, `Date: Thu, 1 Oct 2026 09:00:00 +0000`, `Message-ID: <${id}@acme.example>`, "", body];

const emailOf = (entry: SourceEntry | undefined): ImportedEmail | null => (entry && "item" in entry && entry.item.type === "email" ? entry.item : null);
const subjects = (entries: SourceEntry[]) => entries.map((entry) => [entry.position, emailOf(entry)?.subject ?? null]);

describe("readMbox", () => {
  it("starts a message at a postmark with no blank line before it when a header line follows (some tools write none between messages)", async () => {
    const text = [
      "From ada@acme.example Thu Oct  1 09:00:00 2026",
      ...message("one"),
      "From ada@acme.example Thu Oct  1 09:00:00 2026",
      ...message("two"),
      "From - Thu Oct 01 09:00:00 2026",
      ...message("three"),
    ].join("\n");
    expect(subjects(await entriesOf(text))).toEqual([
      ["message 1 (line 1)", "one"],
      ["message 2 (line 9)", "two"],
      ["message 3 (line 17)", "three"],
    ]);
  });

  it("keeps a body's unquoted line that reads like a postmark in its message when no header line follows it", async () => {
    const text = ["From ada@acme.example Thu Oct  1 09:00:00 2026", ...message("one", "Notes:"), "From the minutes of 12 May 2026", "we agreed.", "", "From ada@acme.example Thu Oct  1 09:00:00 2026", ...message("two")].join("\n");
    const entries = await entriesOf(text, true);
    expect(subjects(entries)).toEqual([
      ["message 1 (line 1)", "one"],
      ["message 2 (line 12)", "two"],
    ]);
    expect(emailOf(entries[0])?.body_text).toContain("From the minutes of 12 May 2026\nwe agreed.");
  });

  it("keeps such a line when it is the file's last", async () => {
    const text = ["From ada@acme.example Thu Oct  1 09:00:00 2026", ...message("one", "See you."), "From Berlin, 2 Oct 2026"].join("\n");
    const entries = await entriesOf(text, true);
    expect(subjects(entries)).toEqual([["message 1 (line 1)", "one"]]);
    expect(emailOf(entries[0])?.body_text).toContain("See you.\nFrom Berlin, 2 Oct 2026");
  });
  it("keeps a body's unquoted line that reads like a postmark in its message when a header-like line follows it but it names no time of day", async () => {
    const body = ["Notes below.", "From the minutes of 12 May 2026", "Agenda: pricing", "Owner: Ana"];
    const text = ["From ada@acme.example Thu Oct  1 09:00:00 2026", ...message("one", body.join("\n")), "", "From ada@acme.example Thu Oct  1 09:00:00 2026", ...message("two")].join("\n");
    const entries = await entriesOf(text, true);
    expect(subjects(entries)).toEqual([
      ["message 1 (line 1)", "one"],
      ["message 2 (line 13)", "two"],
    ]);
    expect(emailOf(entries[0])?.body_text).toContain("From the minutes of 12 May 2026\nAgenda: pricing\nOwner: Ana");
  });

  it("keeps a body's unquoted postmark-like line after a blank line in its message when no header line follows it", async () => {
    const body = ["My background:", "", "From 2019 to 2026", "I led sales at Acme."];
    const text = ["From ada@acme.example Thu Oct  1 09:00:00 2026", ...message("one", body.join("\n")), "", "From ada@acme.example Thu Oct  1 09:00:00 2026", ...message("two")].join("\n");
    const entries = await entriesOf(text, true);
    expect(subjects(entries)).toEqual([
      ["message 1 (line 1)", "one"],
      ["message 2 (line 13)", "two"],
    ]);
    expect(emailOf(entries[0])?.body_text).toContain("From 2019 to 2026\nI led sales at Acme.");
  });

  it("keeps such a line after a blank line when a header-like line follows but it names no time of day", async () => {
    const body = ["Thanks!", "", "From Sam's notes, 2 Nov 2026", "Pricing: 10k a year"];
    const text = ["From ada@acme.example Thu Oct  1 09:00:00 2026", ...message("one", body.join("\n")), "", "From ada@acme.example Thu Oct  1 09:00:00 2026", ...message("two")].join("\n");
    const entries = await entriesOf(text, true);
    expect(subjects(entries)).toEqual([
      ["message 1 (line 1)", "one"],
      ["message 2 (line 13)", "two"],
    ]);
    expect(emailOf(entries[0])?.body_text).toContain("From Sam's notes, 2 Nov 2026\nPricing: 10k a year");
  });

  it("starts messages at the postmarks Gmail, Thunderbird and Eudora write, a zone between time and year included", async () => {
    const text = [
      "From 1781234567890123456@xxx Thu Oct 01 09:00:00 +0000 2026",
      ...message("one"),
      "",
      "From - Thu Oct 01 09:00:00 2026",
      ...message("two"),
      "",
      "From ???@??? Thu Oct  1 09:00 2026",
      ...message("three"),
    ].join("\n");
    expect(subjects(await entriesOf(text))).toEqual([
      ["message 1 (line 1)", "one"],
      ["message 2 (line 10)", "two"],
      ["message 3 (line 19)", "three"],
    ]);
  });
});
