/**
 * @module
 * The operation table: every `/v1` operation, grouped by resource. Routes, the OpenAPI document and
 * the MCP tools are all generated from this list; a new endpoint is one file plus one line here.
 */
import type { AnyOperation } from "../operations/operation.js";
import { getCompany } from "./companies/get-company.js";
import { listCompanies } from "./companies/list-companies.js";
import { getPerson } from "./persons/get-person.js";
import { listPersons } from "./persons/list-persons.js";
import { listUsers } from "./users/list-users.js";
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

export const operations: readonly AnyOperation[] = [
  // Users
  listUsers,
  // Persons
  listPersons,
  getPerson,
  // Companies
  listCompanies,
  getCompany,
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
];
