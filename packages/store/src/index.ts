/**
 * @module
 * `@rapport/store`: Rapport's persistence. The `Store` port, the embedded SQLite implementation,
 * the records it hands out, and keyset pagination.
 */
export { createSqliteStore, migrateToLatest, type SqliteStoreOptions } from "./sqlite/create-sqlite-store.js";
export type * from "./store.js";
export { PERSON_SORT_FIELDS, COMPANY_SORT_FIELDS } from "./store.js";
export type * from "./records.js";
export { TIERS, ROLES, COMPANY_TEXT_FIELDS } from "./records.js";
export { ConflictError, InvalidInputError } from "./errors.js";
export { normalizeEmail } from "./normalize.js";
export type { KeyValues, Page, PagePosition, PageRequest, SortKey } from "./pagination/keyset-page.js";
export type * from "./activity-records.js";
export { MEETING_STATUSES } from "./activity-records.js";
export type * from "./import-records.js";
export { IMPORT_KINDS, IMPORT_JOB_STATUSES } from "./import-records.js";
export { normalizeLinkedinUrl, normalizeDomain } from "./normalize.js";
