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

export const operations: readonly AnyOperation[] = [
  // Users
  listUsers,
  // Persons
  listPersons,
  getPerson,
  // Companies
  listCompanies,
  getCompany,
];
