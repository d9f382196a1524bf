/**
 * @module
 * The operation table: every `/v1` operation, grouped by resource. Routes, the OpenAPI document and
 * the MCP tools are all generated from this list; a new endpoint is one file plus one line here.
 */
import type { AnyOperation } from "../operations/operation.js";
import { listActivity } from "./activity/list-activity.js";
import { listCompanyActivity } from "./activity/list-company-activity.js";
import { listPersonActivity } from "./activity/list-person-activity.js";
import { listDeletions } from "./deletions/list-deletions.js";
import { getCompany } from "./companies/get-company.js";
import { batchCompanyRecommendedPaths, batchPersonRecommendedPaths } from "./relationships/batch-recommended-paths.js";
import { batchPersonActivityStats } from "./relationships/batch-person-activity-stats.js";
import { getCompanyPathPower } from "./relationships/get-company-path-power.js";
import { getCompanyRecommendedPaths } from "./relationships/get-company-recommended-paths.js";
import { getPersonRecommendedPaths } from "./relationships/get-person-recommended-paths.js";
import { listPathPowerScores } from "./relationships/list-path-power-scores.js";
import { listRelationships } from "./relationships/list-relationships.js";
import { listUserRelationships } from "./relationships/list-user-relationships.js";
import { listCompanies } from "./companies/list-companies.js";
import { ingestEmails } from "./emails/ingest-emails.js";
import { getEmail } from "./emails/get-email.js";
import { listEmails } from "./emails/list-emails.js";
import { createMeeting } from "./meetings/create-meeting.js";
import { deleteMeeting } from "./meetings/delete-meeting.js";
import { getMeeting } from "./meetings/get-meeting.js";
import { listMeetings } from "./meetings/list-meetings.js";
import { updateMeeting } from "./meetings/update-meeting.js";
import { getPerson } from "./persons/get-person.js";
import { listPersons } from "./persons/list-persons.js";
import { listUsers } from "./users/list-users.js";
import { getMe } from "./users/get-me.js";
import { createCompany } from "./companies/create-company.js";
import { updateCompany } from "./companies/update-company.js";
import { createPerson } from "./persons/create-person.js";
import { updatePerson } from "./persons/update-person.js";
import { lookupPersonsBatch } from "./persons/lookup-persons-batch.js";
import { createPersonsBatch } from "./persons/create-persons-batch.js";
import { mergePerson } from "./persons/merge-person.js";
import { mergeCompany } from "./companies/merge-company.js";
import { listDuplicates } from "./duplicates/list-duplicates.js";
import { erasePerson } from "./persons/erase-person.js";
import { exportPersonalData } from "./persons/export-personal-data.js";
import { listEntityLists } from "./lists/list-entity-lists.js";
import { createEntityList } from "./lists/create-entity-list.js";
import { updateEntityList } from "./lists/update-entity-list.js";
import { deleteEntityList } from "./lists/delete-entity-list.js";
import { listEntityListEntities } from "./lists/list-entity-list-entities.js";
import { addEntityListEntities } from "./lists/add-entity-list-entities.js";
import { removeEntityListEntity } from "./lists/remove-entity-list-entity.js";
import { getPersonAiSummary } from "./persons/get-person-ai-summary.js";
import { getCompanyAiSummary } from "./companies/get-company-ai-summary.js";

import { createOpportunityCustomField } from "./opportunity-custom-fields/create-opportunity-custom-field.js";
import { deleteOpportunityCustomField } from "./opportunity-custom-fields/delete-opportunity-custom-field.js";
import { listOpportunityCustomFields } from "./opportunity-custom-fields/list-opportunity-custom-fields.js";
import { updateOpportunityCustomField } from "./opportunity-custom-fields/update-opportunity-custom-field.js";
import { createOpportunityStage } from "./opportunity-types/create-opportunity-stage.js";
import { createOpportunityType } from "./opportunity-types/create-opportunity-type.js";
import { getOpportunityType } from "./opportunity-types/get-opportunity-type.js";
import { listOpportunityStages } from "./opportunity-types/list-opportunity-stages.js";
import { listOpportunityTypes } from "./opportunity-types/list-opportunity-types.js";
import { reorderOpportunityStages } from "./opportunity-types/reorder-opportunity-stages.js";
import { updateOpportunityStage } from "./opportunity-types/update-opportunity-stage.js";
import { updateOpportunityType } from "./opportunity-types/update-opportunity-type.js";
import { createOpportunity } from "./opportunities/create-opportunity.js";
import { deleteOpportunity } from "./opportunities/delete-opportunity.js";
import { getOpportunity } from "./opportunities/get-opportunity.js";
import { listCompanyOpportunities } from "./opportunities/list-company-opportunities.js";
import { listOpportunities } from "./opportunities/list-opportunities.js";
import { updateOpportunity } from "./opportunities/update-opportunity.js";
import { createOpportunityAssociation } from "./opportunities/create-opportunity-association.js";
import { deleteOpportunityAssociation } from "./opportunities/delete-opportunity-association.js";
import { listOpportunityAssociations } from "./opportunities/list-opportunity-associations.js";
import { createNote } from "./notes/create-note.js";
import { createNoteAssociation } from "./notes/create-note-association.js";
import { createNotesBatch } from "./notes/create-notes-batch.js";
import { deleteNote } from "./notes/delete-note.js";
import { deleteNoteAssociation } from "./notes/delete-note-association.js";
import { getNote } from "./notes/get-note.js";
import { listNoteAssociations } from "./notes/list-note-associations.js";
import { listNotes } from "./notes/list-notes.js";
import { updateNote } from "./notes/update-note.js";
import { createTask } from "./tasks/create-task.js";
import { createTaskAssociation } from "./tasks/create-task-association.js";
import { deleteTask } from "./tasks/delete-task.js";
import { deleteTaskAssociation } from "./tasks/delete-task-association.js";
import { getTask } from "./tasks/get-task.js";
import { listTaskAssociations } from "./tasks/list-task-associations.js";
import { listTasks } from "./tasks/list-tasks.js";
import { updateTask } from "./tasks/update-task.js";
import { deleteFile } from "./files/delete-file.js";
import { downloadFile } from "./files/download-file.js";
import { getFile } from "./files/get-file.js";
import { uploadFile } from "./files/upload-file.js";

import { createImport } from "./imports/create-import.js";
import { getImport } from "./imports/get-import.js";
import { cancelImport } from "./imports/cancel-import.js";

/** The operation table: every `/v1` operation, from which routes, the OpenAPI document and the MCP tools are made. */
export const operations: readonly AnyOperation[] = [
  // Users
  listUsers,
  getMe,
  // Persons
  listPersons,
  getPerson,
  // Companies
  listCompanies,
  getCompany,
  // Activity
  ingestEmails,
  listEmails,
  getEmail,
  listPersonActivity,
  listCompanyActivity,
  listActivity,
  listDeletions,
  // Meetings
  createMeeting,
  listMeetings,
  getMeeting,
  updateMeeting,
  deleteMeeting,
  // People and companies: writes, import, merge, entity lists, AI summaries
  createPerson,
  updatePerson,
  createCompany,
  updateCompany,
  lookupPersonsBatch,
  createPersonsBatch,
  mergePerson,
  mergeCompany,
  listDuplicates,
  erasePerson,
  exportPersonalData,
  listEntityLists,
  createEntityList,
  updateEntityList,
  deleteEntityList,
  listEntityListEntities,
  addEntityListEntities,
  removeEntityListEntity,
  getPersonAiSummary,
  getCompanyAiSummary,
  // Relationships: recommended paths, PathPower, activity statistics, rankings
  getPersonRecommendedPaths,
  batchPersonRecommendedPaths,
  getCompanyRecommendedPaths,
  batchCompanyRecommendedPaths,
  batchPersonActivityStats,
  getCompanyPathPower,
  listPathPowerScores,
  listRelationships,
  listUserRelationships,
  // Opportunity types, stages and custom fields
  listOpportunityTypes,
  getOpportunityType,
  createOpportunityType,
  updateOpportunityType,
  listOpportunityStages,
  createOpportunityStage,
  updateOpportunityStage,
  reorderOpportunityStages,
  listOpportunityCustomFields,
  createOpportunityCustomField,
  updateOpportunityCustomField,
  deleteOpportunityCustomField,
  // Opportunities
  listOpportunities,
  createOpportunity,
  getOpportunity,
  updateOpportunity,
  deleteOpportunity,
  listCompanyOpportunities,
  createOpportunityAssociation,
  listOpportunityAssociations,
  deleteOpportunityAssociation,
  // Notes
  createNote,
  createNotesBatch,
  listNotes,
  getNote,
  updateNote,
  deleteNote,
  createNoteAssociation,
  listNoteAssociations,
  deleteNoteAssociation,
  // Tasks
  createTask,
  listTasks,
  getTask,
  updateTask,
  deleteTask,
  createTaskAssociation,
  listTaskAssociations,
  deleteTaskAssociation,
  // Files
  uploadFile,
  getFile,
  downloadFile,
  deleteFile,
  // Imports
  createImport,
  getImport,
  cancelImport,
];
