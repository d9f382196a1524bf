/**
 * @module
 * A valid call of every MCP tool, in an order that works in a populated tenant (`populated-tenant.ts`) called as its
 * administrator: reads of the fixture's records first, then writes, each deleting only what an earlier step made. A
 * step's arguments come from the fixture's ids and from the answers of earlier steps, so the walk holds whatever
 * uuids the records get. A new operation adds its tool's step here (the SDK client test names any tool without one).
 */

/** The answers so far, by step name (a step's `as`, else its tool): each the call's structured content. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type MadeRecords = Record<string, any>;

export interface ValidToolCall {
  tool: string;
  /** The name its answer is kept under, for a tool called twice. */
  as?: string;
  args: (ids: Readonly<Record<string, string>>, made: MadeRecords) => Record<string, unknown>;
}

const base64 = (text: string) => Buffer.from(text).toString("base64");

const step = (tool: string, args: ValidToolCall["args"] = () => ({}), as?: string): ValidToolCall => ({ tool, args, ...(as ? { as } : {}) });

/** Reads of the fixture's records. */
const reads: ValidToolCall[] = [
  step("listUsers"),
  step("getMe"),
  step("listPersons", () => ({ per_page: 5 })),
  step("getPerson", (ids) => ({ person_uuid: ids.person_uuid })),
  step("listCompanies", () => ({ name: "company" })),
  step("getCompany", (ids) => ({ company_uuid: ids.company_uuid })),
  step("lookupPersonsBatch", (_ids, made) => ({ body: { criteria: [{ email: made.getPerson.email }, { domain: "nowhere.example" }] } })),
  step("listEmails"),
  step("getEmail", (ids) => ({ email_uuid: ids.email_uuid, include_body: true })),
  step("listPersonActivity", (ids) => ({ person_uuid: ids.person_uuid })),
  step("listCompanyActivity", (ids) => ({ company_uuid: ids.company_uuid })),
  step("listActivity"),
  step("listDeletions"),
  step("listDuplicates", () => ({ entity_type: "COMPANY" })),
  step("listMeetings"),
  step("getMeeting", (ids) => ({ meeting_uuid: ids.meeting_uuid })),
  step("exportPersonalData", (ids) => ({ person_uuid: ids.person_uuid })),
  step("listEntityLists"),
  step("listEntityListEntities", (ids) => ({ list_uuid: ids.list_uuid })),
  step("getPersonAiSummary", (ids) => ({ person_uuid: ids.person_uuid })),
  step("getCompanyAiSummary", (ids) => ({ company_uuid: ids.company_uuid })),
  step("getPersonRecommendedPaths", (ids) => ({ person_uuid: ids.person_uuid })),
  step("batchPersonRecommendedPaths", (ids) => ({ body: { uuids: [ids.person_uuid, ids.company_uuid] } })),
  step("getCompanyRecommendedPaths", (ids) => ({ company_uuid: ids.company_uuid })),
  step("batchCompanyRecommendedPaths", (ids) => ({ body: { uuids: [ids.company_uuid], include_items: false } })),
  step("batchPersonActivityStats", (ids) => ({ body: { uuids: [ids.person_uuid], group_by: "internal_user", sort_by: "top_user" } })),
  step("getCompanyPathPower", (ids) => ({ company_uuid: ids.company_uuid })),
  step("listPathPowerScores", (ids) => ({ entity: "person", uuids: [ids.person_uuid, ids.company_uuid] })),
  step("listRelationships"),
  step("listUserRelationships", (ids) => ({ user_uuid: ids.user_uuid })),
  step("listOpportunityTypes", () => ({ include_hidden: true })),
  step("getOpportunityType", (ids) => ({ type_uuid: ids.type_uuid })),
  step("listOpportunityStages", (ids) => ({ type_uuid: ids.type_uuid, stage_type: "CHILD" })),
  step("listOpportunityCustomFields"),
  step("listOpportunities", () => ({ sort_by: "owner" })),
  step("getOpportunity", (ids) => ({ opportunity_uuid: ids.opportunity_uuid })),
  step("listCompanyOpportunities", (ids) => ({ company_uuid: ids.company_uuid })),
  step("listOpportunityAssociations", (ids) => ({ opportunity_uuid: ids.opportunity_uuid })),
  step("listNotes"),
  step("getNote", (ids) => ({ note_uuid: ids.note_uuid })),
  step("listNoteAssociations", (ids) => ({ note_uuid: ids.note_uuid })),
  step("listTasks"),
  step("getTask", (ids) => ({ task_id: ids.task_id })),
  step("listTaskAssociations", (ids) => ({ task_id: ids.task_id })),
  step("getFile", (ids) => ({ file_uuid: ids.file_uuid })),
  step("downloadFile", (ids) => ({ file_uuid: ids.file_uuid })),
  step("getImport", (ids) => ({ import_uuid: ids.import_uuid })),
];

/** Writes, nulls in the nullable fields where a write takes them; the records they make are deleted at the end. */
const writes: ValidToolCall[] = [
  step("createPerson", () => ({ body: { name: "Sdk Person", emails: ["sdk.person@sdk.example"], job_title: null, primary_company_uuid: null } })),
  step("updatePerson", (_ids, made) => ({ person_uuid: made.createPerson.uuid, body: { job_title: "CTO", city: null } })),
  step("createPersonsBatch", () => ({ body: { persons: [{ name: "Sdk Duplicate", emails: ["sdk.duplicate@sdk.example"] }, { name: "" }] } })),
  step("mergePerson", (_ids, made) => ({ person_uuid: made.createPerson.uuid, body: { superseded_person_uuid: made.createPersonsBatch.results[0].person.uuid } })),
  step("createCompany", () => ({ body: { company_name: "Sdk Company", domain: null } })),
  step("createCompany", () => ({ body: { company_name: "Sdk Company Duplicate" } }), "duplicateCompany"),
  step("updateCompany", (_ids, made) => ({ company_uuid: made.createCompany.uuid, body: { description: null, employee_count: "11-50" } })),
  step("mergeCompany", (_ids, made) => ({ company_uuid: made.createCompany.uuid, body: { superseded_company_uuid: made.duplicateCompany.uuid } })),
  step("ingestEmails", (ids) => ({
    body: { messages: [{ message_id: "<sdk@mail.example>", sent_at: "2026-11-03", subject: null, from: "sdk.person@sdk.example", to: [{ person_uuid: ids.person_uuid }] }] },
  })),
  step("createMeeting", (ids) => ({ body: { title: "Sdk meeting", starts_at: "2026-12-01T10:00:00Z", ends_at: null, location: null, attendees: [{ person_uuid: ids.person_uuid }] } })),
  step("updateMeeting", (_ids, made) => ({ meeting_uuid: made.createMeeting.uuid, body: { status: "cancelled" } })),
  step("createEntityList", () => ({ body: { name: "Sdk list", kind: "persons" } })),
  step("updateEntityList", (_ids, made) => ({ list_uuid: made.createEntityList.uuid, body: { name: "Sdk list, renamed" } })),
  step("addEntityListEntities", (ids, made) => ({ list_uuid: made.createEntityList.uuid, body: { entity_type: "PERSON", entity_uuids: [ids.person_uuid] } })),
  step("createOpportunityType", () => ({ body: { label: "Sdk pipeline", description: null } })),
  step("updateOpportunityType", (_ids, made) => ({ type_uuid: made.createOpportunityType.uuid, body: { is_hidden: false } })),
  step("createOpportunityStage", (_ids, made) => ({ type_uuid: made.createOpportunityType.uuid, body: { name: "Sdk stage", color: null } })),
  step("updateOpportunityStage", (_ids, made) => ({ type_uuid: made.createOpportunityType.uuid, stage_uuid: made.createOpportunityStage.uuid, body: { percentage: 30 } })),
  step("reorderOpportunityStages", (_ids, made) => ({ type_uuid: made.createOpportunityType.uuid, body: { stage_uuids: [made.createOpportunityStage.uuid] } })),
  step("createOpportunityCustomField", () => ({ body: { key: "sdk_vehicle", name: "Vehicle", type: "single_select", choices: ["Fund I"] } })),
  step("updateOpportunityCustomField", (_ids, made) => ({ field_uuid: made.createOpportunityCustomField.uuid, body: { choices: ["Fund I", "Fund II"] } })),
  step("createOpportunity", (ids) => ({
    body: { name: "Sdk deal", type_uuid: ids.type_uuid, stage_uuid: ids.stage_uuid, value: null, close_date: null, custom_fields: { sdk_vehicle: "Fund II" } },
  })),
  step("updateOpportunity", (_ids, made) => ({ opportunity_uuid: made.createOpportunity.uuid, body: { probability: 50, owner_user_uuid: null } })),
  step("createOpportunityAssociation", (ids, made) => ({ opportunity_uuid: made.createOpportunity.uuid, body: { entity_type: "PERSON", entity_uuid: ids.person_uuid, context: null } })),
  step("createNote", (ids) => ({ body: { title: null, content: "Sdk note", associations: [{ entity_type: "PERSON", entity_uuid: ids.person_uuid }] } })),
  step("updateNote", (_ids, made) => ({ note_uuid: made.createNote.uuid, body: { content: "Sdk note, edited" } })),
  step("createNoteAssociation", (ids, made) => ({ note_uuid: made.createNote.uuid, body: { entity_type: "COMPANY", entity_uuid: ids.company_uuid } })),
  step("createNotesBatch", (ids) => ({ body: { items: [{ person_uuid: ids.person_uuid, content: "Sdk batch note" }] } })),
  step("createTask", () => ({ body: { title: "Sdk task", scope: "PERSONAL", description: null, due_date: null } })),
  step("updateTask", (_ids, made) => ({ task_id: made.createTask.uuid, body: { status: "DONE", assignee_user_uuid: null } })),
  step("createTaskAssociation", (ids, made) => ({ task_id: made.createTask.uuid, body: { entity_type: "OPPORTUNITY", entity_uuid: ids.opportunity_uuid } })),
  step("uploadFile", () => ({ body: { file: { filename: "sdk.txt", content_type: "text/plain", content_base64: base64("Sdk file") } } })),
  step("createImport", () => ({ body: { kind: "vcf", dry_run: true, file: { filename: "sdk.vcf", content_base64: base64("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Sdk Card\r\nEND:VCARD\r\n") } } })),
  step("cancelImport", (ids) => ({ import_uuid: ids.running_import_uuid })),
];

/** Deletions of what the writes made, links before their records. */
const deletions: ValidToolCall[] = [
  step("deleteOpportunityAssociation", (_ids, made) => ({ opportunity_uuid: made.createOpportunity.uuid, association_uuid: made.createOpportunityAssociation.uuid })),
  step("deleteOpportunity", (_ids, made) => ({ opportunity_uuid: made.createOpportunity.uuid })),
  step("deleteOpportunityCustomField", (_ids, made) => ({ field_uuid: made.createOpportunityCustomField.uuid })),
  step("deleteNoteAssociation", (_ids, made) => ({ note_uuid: made.createNote.uuid, association_uuid: made.createNoteAssociation.uuid })),
  step("deleteNote", (_ids, made) => ({ note_uuid: made.createNote.uuid })),
  step("deleteTaskAssociation", (_ids, made) => ({ task_id: made.createTask.uuid, association_uuid: made.createTaskAssociation.uuid })),
  step("deleteTask", (_ids, made) => ({ task_id: made.createTask.uuid })),
  step("deleteFile", (_ids, made) => ({ file_uuid: made.uploadFile.uuid })),
  step("deleteMeeting", (_ids, made) => ({ meeting_uuid: made.createMeeting.uuid })),
  step("removeEntityListEntity", (ids, made) => ({ list_uuid: made.createEntityList.uuid, entity_uuid: ids.person_uuid })),
  step("deleteEntityList", (_ids, made) => ({ list_uuid: made.createEntityList.uuid })),
  step("erasePerson", (_ids, made) => ({ person_uuid: made.createPerson.uuid })),
];

/** Every tool's valid call, in order. */
export const VALID_TOOL_CALLS: readonly ValidToolCall[] = [...reads, ...writes, ...deletions];
