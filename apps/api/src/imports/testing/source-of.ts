import type { ImportedEmail, ImportSource, SourceEntry } from "../imported-items.js";

/** An import source over `entries`, each counted as one byte read, for tests of the run itself. */
export function sourceOf(entries: SourceEntry[]): ImportSource {
  let read = 0;
  async function* generate() {
    for (const entry of entries) {
      read += 1;
      yield entry;
    }
  }
  return { entries: generate(), bytesRead: () => read, totalBytes: entries.length };
}

/** The `index`th message of a mailbox: from ada@acme.example to a contact of its own, sent on day `index` of October 2026. */
export function emailEntry(index: number): SourceEntry {
  const item: ImportedEmail = {
    type: "email",
    message_id: `<run-${index}@x.example>`,
    sent_at: Date.UTC(2026, 9, index),
    subject: `Message ${index}`,
    from: { email: "ada@acme.example", name: null },
    to: [{ email: `contact${index}@x.example`, name: `Contact ${index}` }],
    cc: [],
    body_text: null,
  };
  return { position: `message ${index}`, item };
}
