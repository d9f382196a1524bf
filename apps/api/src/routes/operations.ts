/**
 * @module
 * The operation table: every `/v1` operation, grouped by resource. Routes, the OpenAPI document and
 * the MCP tools are all generated from this list; a new endpoint is one file plus one line here.
 */
import type { AnyOperation } from "../operations/operation.js";
import { listCompanyActivity } from "./activity/list-company-activity.js";
import { listPersonActivity } from "./activity/list-person-activity.js";
import { getCompany } from "./companies/get-company.js";
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
import { createImport } from "./imports/create-import.js";
import { getImport } from "./imports/get-import.js";

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
  // Imports
  createImport,
  getImport,
];
