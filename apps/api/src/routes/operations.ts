/**
 * @module
 * The operation table: every `/v1` operation, grouped by resource. Routes, the OpenAPI document and
 * the MCP tools are all generated from this list; a new endpoint is one file plus one line here.
 */
import type { AnyOperation } from "../operations/operation.js";
import { listCompanyActivity } from "./activity/list-company-activity.js";
import { listPersonActivity } from "./activity/list-person-activity.js";
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
import { createMeeting } from "./meetings/create-meeting.js";
import { deleteMeeting } from "./meetings/delete-meeting.js";
import { getMeeting } from "./meetings/get-meeting.js";
import { listMeetings } from "./meetings/list-meetings.js";
import { updateMeeting } from "./meetings/update-meeting.js";
import { getPerson } from "./persons/get-person.js";
import { listPersons } from "./persons/list-persons.js";
import { listUsers } from "./users/list-users.js";
import { createCompany } from "./companies/create-company.js";
import { updateCompany } from "./companies/update-company.js";
import { createPerson } from "./persons/create-person.js";
import { updatePerson } from "./persons/update-person.js";
import { lookupPersonsBatch } from "./persons/lookup-persons-batch.js";
import { createPersonsBatch } from "./persons/create-persons-batch.js";
import { mergePerson } from "./persons/merge-person.js";
import { listEntityLists } from "./lists/list-entity-lists.js";
import { createEntityList } from "./lists/create-entity-list.js";
import { updateEntityList } from "./lists/update-entity-list.js";
import { deleteEntityList } from "./lists/delete-entity-list.js";
import { listEntityListEntities } from "./lists/list-entity-list-entities.js";
import { addEntityListEntities } from "./lists/add-entity-list-entities.js";
import { removeEntityListEntity } from "./lists/remove-entity-list-entity.js";
import { getPersonAiSummary } from "./persons/get-person-ai-summary.js";
import { getCompanyAiSummary } from "./companies/get-company-ai-summary.js";

export const operations: readonly AnyOperation[] = [
  // Users
  listUsers,
  // Persons
  listPersons,
  getPerson,
  // Companies
  listCompanies,
  getCompany,
  // Activity
  ingestEmails,
  listPersonActivity,
  listCompanyActivity,
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
];
