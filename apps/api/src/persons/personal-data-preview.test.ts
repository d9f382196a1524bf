import type { PagedPersonalDataExport, PersonalDataEmail, PersonalDataExport } from "@rapport/store";
import { describe, expect, it } from "vitest";
import { personalDataPreview, PREVIEW_ITEMS_PER_LIST, PREVIEW_TEXT_CHARACTERS } from "./personal-data-preview.js";

const email = (index: number, body: string | null = null) =>
  ({ uuid: `email-${index}`, message_id: `m-${index}`, sent_at: index, subject: null, roles: ["to"], other_participant_count: 0, body }) as PersonalDataEmail;

/** A document with `notes` notes and the emails of `pages`, read a page at a time. */
function exportOf(pages: PersonalDataEmail[][], notes = 0): { exported: PagedPersonalDataExport; pagesRead: () => number } {
  let read = 0;
  const document = {
    tenant_uuid: "tenant",
    person_uuid: "person",
    exported_at: 1,
    persons: [],
    merges: [],
    email_addresses: [],
    user: null,
    affiliations: [],
    lists: [],
    opportunities: [],
    notes: Array.from({ length: notes }, (_, index) => ({ uuid: `note-${index}`, content: `Note ${index}` })),
    tasks: [],
    emails: [],
    meetings: [],
    import_mentions: [],
    derived: { computed_at: 1, explanation: { use: "x".repeat(2 * PREVIEW_TEXT_CHARACTERS) }, relationships: [], path_power: null, strength_label: null },
  } as unknown as PersonalDataExport;
  async function* emailPages() {
    for (const page of pages) {
      read += 1;
      yield page;
    }
  }
  return { exported: { document, emailPages }, pagesRead: () => read };
}

describe("personalDataPreview", () => {
  it("counts every page of emails and keeps the first items across pages", async () => {
    const pages = [0, 1, 2, 3].map((page) => Array.from({ length: 4 }, (_, index) => email(page * 4 + index)));
    const { exported, pagesRead } = exportOf(pages, PREVIEW_ITEMS_PER_LIST + 2);
    const preview = await personalDataPreview(exported);
    expect(pagesRead()).toBe(4);
    expect(preview.emails.map((item) => item.uuid)).toEqual(Array.from({ length: PREVIEW_ITEMS_PER_LIST }, (_, index) => `email-${index}`));
    expect(preview.notes).toHaveLength(PREVIEW_ITEMS_PER_LIST);
    expect(preview.preview).toMatchObject({ complete: false, counts: { emails: 16, notes: PREVIEW_ITEMS_PER_LIST + 2, "derived.relationships": 0 } });
    expect(Object.keys(preview)[0]).toBe("preview");
    expect(Object.keys(preview).slice(1)).toEqual(Object.keys(exported.document));
  });

  it("cuts a list item's long text, saying by how much, and leaves the scores' explanation whole", async () => {
    const { exported } = exportOf([[email(0, "é".repeat(PREVIEW_TEXT_CHARACTERS + 7))]]);
    const preview = await personalDataPreview(exported);
    expect(preview.emails[0]!.body).toBe(`${"é".repeat(PREVIEW_TEXT_CHARACTERS)}… [7 more characters in the whole document]`);
    expect(preview.derived!.explanation.use).toHaveLength(2 * PREVIEW_TEXT_CHARACTERS);
    expect(preview.preview.complete).toBe(false);
  });

  it("is the whole document, and says so, when nothing is left out", async () => {
    const { exported } = exportOf([[email(0, "Hello")]], 2);
    const { preview, ...document } = await personalDataPreview(exported);
    expect(preview).toMatchObject({ complete: true, whole_document: "This is the whole document: nothing was left out." });
    expect(document).toEqual({ ...exported.document, emails: [email(0, "Hello")] });
  });
});
