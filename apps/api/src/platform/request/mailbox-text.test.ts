/** Mailbox text: a list of bare addresses read without the parser as the parser reads it, and the per-request budget of parsed text. */
import fc from "fast-check";
import { addressParser } from "postal-mime";
import { describe, expect, it } from "vitest";
import { MAX_PARSED_MAILBOX_TEXT_PER_REQUEST } from "./field-limits.js";
import { mailboxList, oneMailbox, withMailboxTextBudget } from "./mailbox-text.js";

describe("mailboxList", () => {
  it("reads a list of bare addresses as postal-mime's parser does, without it", () => {
    const part = fc.stringMatching(/^[a-z0-9.+!#$%&'*/=?^_`{|}~-]{1,12}$/);
    const address = fc.tuple(part, part).map(([local, domain]) => `${local}@${domain}`);
    const spacing = fc.constantFrom("", " ", "  ", "\t");
    fc.assert(
      fc.property(fc.array(fc.tuple(spacing, address, spacing), { minLength: 1, maxLength: 6 }), (items) => {
        const text = items.map(([before, written, after]) => `${before}${written}${after}`).join(",");
        expect(mailboxList(text)).toEqual(addressParser(text).map(({ address, name }) => ({ address, name })));
      }),
    );
  });
});

describe("withMailboxTextBudget", () => {
  const list = (entry: string, length: number) => Array.from({ length: Math.ceil(length / (entry.length + 2)) }, () => entry).join(", ");

  it("counts the text the parser reads, not bare addresses, and refuses a request past its budget", () => {
    const bare = list("jane@acme.example", 30_000);
    const written = list("Jane <jane@acme.example>", 30_000);
    const parts = Math.ceil(MAX_PARSED_MAILBOX_TEXT_PER_REQUEST / 30_000) + 1;
    // Bare lists past the budget in all: none reaches the parser.
    withMailboxTextBudget(() => {
      for (let part = 0; part < parts; part += 1) expect(mailboxList(bare)).toHaveLength(bare.split(",").length);
    });
    const refused = () =>
      withMailboxTextBudget(() => {
        for (let part = 0; part < parts; part += 1) mailboxList(written);
      });
    expect(refused).toThrow(`total more than ${MAX_PARSED_MAILBOX_TEXT_PER_REQUEST} characters, the most one request parses`);
    // Each request has its own budget: the next one parses again.
    withMailboxTextBudget(() => expect(oneMailbox("Jane <jane@acme.example>")).toEqual({ address: "jane@acme.example", name: "Jane" }));
  });
});
