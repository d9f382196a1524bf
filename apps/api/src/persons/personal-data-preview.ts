/**
 * @module
 * The personal data export as an MCP tool answers it: a preview of bounded size. A tool result is one message that an
 * agent's context must hold, and a person on tens of thousands of emails with stored bodies is hundreds of megabytes
 * of JSON; the whole document is a file for the person who asked, taken over REST or with the command line.
 */
import type { PagedPersonalDataExport, PersonalDataExport } from "@rapport/store";
import { cutText } from "../platform/request/cut-text.js";

/** Items of each list a preview shows. */
export const PREVIEW_ITEMS_PER_LIST = 10;
/** Characters of a text (a note, an email body) a preview shows. */
export const PREVIEW_TEXT_CHARACTERS = 500;

/** What a preview says about itself, first in its JSON text so a model reads it before the lists. */
export interface PersonalDataPreviewNote {
  /** True when nothing was left out: the preview is the whole document. */
  complete: boolean;
  items_per_list: number;
  text_characters: number;
  /** Each list's full length (`derived.relationships` under that name). */
  counts: Record<string, number>;
  whole_document: string;
}

export type PersonalDataPreview = { preview: PersonalDataPreviewNote } & PersonalDataExport;

/** A list item with every text longer than the preview's limit cut, saying how much was left out. */
function withTextsCut(value: unknown, cut: { any: boolean }): unknown {
  if (typeof value === "string") {
    if (value.length <= PREVIEW_TEXT_CHARACTERS) return value;
    cut.any = true;
    const kept = cutText(value, PREVIEW_TEXT_CHARACTERS);
    return `${kept}… [${value.length - kept.length} more characters in the whole document]`;
  }
  if (Array.isArray(value)) return value.map((item) => withTextsCut(item, cut));
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, withTextsCut(field, cut)]));
}

/**
 * The preview of `exported`: the document's fields in its order, each list (the emails, and `derived.relationships`)
 * cut to its first `PREVIEW_ITEMS_PER_LIST` items, their texts to `PREVIEW_TEXT_CHARACTERS`, and `preview` first with
 * every list's full length. The emails are counted a page at a time, so only one page is held.
 *
 * @example
 * const exported = await store.persons.exportPersonalDataInPages(tenantUuid, personUuid);
 * if (exported) answer(await personalDataPreview(exported));
 */
export async function personalDataPreview(exported: PagedPersonalDataExport): Promise<PersonalDataPreview> {
  const personUuid = exported.document.person_uuid;
  const counts: Record<string, number> = {};
  const cut = { any: false };
  const firstItems = (name: string, items: readonly unknown[]) => {
    counts[name] = items.length;
    return items.slice(0, PREVIEW_ITEMS_PER_LIST).map((item) => withTextsCut(item, cut));
  };
  let emailCount = 0;
  const firstEmails: unknown[] = [];
  for await (const page of exported.emailPages()) {
    for (const email of page.slice(0, PREVIEW_ITEMS_PER_LIST - firstEmails.length)) firstEmails.push(withTextsCut(email, cut));
    emailCount += page.length;
  }
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(exported.document)) {
    if (key === "emails") {
      counts.emails = emailCount;
      fields.emails = firstEmails;
    } else if (Array.isArray(value)) {
      fields[key] = firstItems(key, value);
    } else if (key === "derived" && value !== null) {
      const derived = value as NonNullable<PersonalDataExport["derived"]>;
      fields.derived = { ...derived, relationships: firstItems("derived.relationships", derived.relationships) };
    } else {
      fields[key] = value;
    }
  }
  const complete = !cut.any && Object.values(counts).every((count) => count <= PREVIEW_ITEMS_PER_LIST);
  const whole_document = complete
    ? "This is the whole document: nothing was left out."
    : `Each list shows its first ${PREVIEW_ITEMS_PER_LIST} items (counts has every list's length) and texts are cut at ` +
      `${PREVIEW_TEXT_CHARACTERS} characters. The whole document is a file for the person who asked, too large for a ` +
      `conversation: an administrator downloads it with an API key (GET /v1/persons/${personUuid}/personal-data) or ` +
      `exports it on the server (rapport persons export --tenant ${exported.document.tenant_uuid} --person ${personUuid} --out FILE), and hands it over.`;
  return {
    preview: { complete, items_per_list: PREVIEW_ITEMS_PER_LIST, text_characters: PREVIEW_TEXT_CHARACTERS, counts, whole_document },
    ...(fields as unknown as PersonalDataExport),
  };
}
