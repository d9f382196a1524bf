/** GET /v1/persons/{person_uuid}/personal-data: everything the tenant holds about a person (right of access; administrators). */
import { defineOperation } from "../../operations/operation.js";
import { jsonPieces, jsonStream } from "../../persons/personal-data-json.js";
import { personalDataPreview, PREVIEW_ITEMS_PER_LIST, PREVIEW_TEXT_CHARACTERS } from "../../persons/personal-data-preview.js";
import { isToolCall } from "../../platform/request/tool-call-bindings.js";
import { personNotFound } from "./person-not-found.js";
import { personPathParameters } from "./get-person.js";
import { personalDataResponse, personalDataSchema } from "./personal-data-schema.js";

const exportText = (omitted: string) =>
  `Everything the tenant holds about a person, to answer a data subject's access request (GDPR Art. 15), read from one snapshot (the emails then a page at a time as the answer is sent): their record and the records merged into it, merges, email addresses, their user account (a user's own person is exported too), affiliations with company names, list memberships, the opportunities, notes and tasks linked to them or that they introduced (deleted ones included; the files attached to the notes and tasks named), the emails they are on (their roles and the stored body), the meetings they attend, organise or were taken off, imports whose summary quotes them, and what the relationship graph derives about them (each user's connection score with them, the team's PathPower, and what these scores mean in plain words). ${omitted} Administrators and tenant-wide keys only: 403 for a member. 404 when the person is not in the tenant, or was merged into another (export that one).`;
const omitted =
  "Other persons' data is left out: of an email's or meeting's other participants only their number is given, and records not linked to the person are not searched for mentions.";
/** For an agent choosing among the tools: this one is a compliance act, not a way to read up on someone. */
const whenToUse =
  "Use it only when a person asked for the data held about them (right of access); to look a person up, read GET /v1/persons/{person_uuid} and their activity instead. The document holds every email they are on, with stored bodies: it can be megabytes.";

/** The tool's text: what the export holds in brief, and that a call answers a bounded preview, not the file. */
const toolText =
  "Everything the tenant holds about a person, for a data subject's access request (GDPR Art. 15): their record and those merged into it, addresses, user account, affiliations, list memberships, the opportunities, notes and tasks linked to them (deleted ones included), the emails and meetings they are on (other participants only counted), imports quoting them, and what the relationship graph derives about them. " +
  "Administrators and tenant-wide keys only: 403 for a member. 404 when the person is not in the tenant, or was merged into another (export that one). " +
  "Use it only when a person asked for the data held about them (right of access); to look a person up, read GET /v1/persons/{person_uuid} and their activity instead. " +
  `The answer is a preview: each list's first ${PREVIEW_ITEMS_PER_LIST} items, texts cut at ${PREVIEW_TEXT_CHARACTERS} characters, and preview.counts with every list's length (preview.complete when nothing was left out). The whole document, often megabytes, is a file an administrator downloads over REST or exports with the command line (preview.whole_document says how) to hand over.`;

export const exportPersonalData = defineOperation({
  operationId: "exportPersonalData",
  method: "get",
  path: "/v1/persons/{person_uuid}/personal-data",
  area: "Person",
  summary: "Export a person's personal data",
  description: `${exportText(omitted)} ${whenToUse} Answered as a JSON attachment (Content-Disposition: attachment; filename="personal-data-{person_uuid}.json"), never cached.`,
  mcpDescription: toolText,
  params: personPathParameters,
  response: personalDataSchema,
  errors: [404],
  onlyAdministratorsMay: "export a person's personal data",
  async handler({ params, auth, services, http, requestId }) {
    const exported = await services.store.persons.exportPersonalDataInPages(auth.tenant.uuid, params.person_uuid);
    if (!exported) throw await personNotFound(services, auth.tenant.uuid, params.person_uuid);
    // A tool result is one message an agent's context holds: a bounded preview, the whole document being a file.
    if (isToolCall(http)) return http.json(await personalDataPreview(exported), 200, { "Cache-Control": "no-store" });
    // Sent in pieces, the emails read a page at a time as the client takes them: a person on tens of thousands of
    // emails with stored bodies is hundreds of megabytes of JSON, which the process never holds whole.
    const document = personalDataResponse(exported.document);
    const onError = (error: unknown) =>
      services.logger.error({ requestId, err: error, method: http.req.method, path: http.req.path }, "personal data export failed after its first part");
    return http.body(jsonStream(jsonPieces(document, { field: "emails", pages: exported.emailPages() }), { onError }), 200, {
      "Content-Type": "application/json",
      "Content-Disposition": `attachment; filename="personal-data-${document.person_uuid}.json"`,
      "Cache-Control": "no-store",
    });
  },
});
