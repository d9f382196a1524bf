/**
 * @module
 * `@rapport/store`: Rapport's persistence. The `Store` port, the embedded SQLite implementation,
 * the records it hands out, and keyset pagination.
 */
export { createSqliteStore, type SqliteStoreOptions } from "./sqlite/create-sqlite-store.js";
export type { SqliteSynchronous } from "./sqlite/open-migrated-database.js";
export { migrateToLatest, type MigrateOptions } from "./sqlite/migrate-to-latest.js";
export { MIGRATION_PROGRESS_INTERVAL_MS, type MigrationEvent, type MigrationObserver } from "./sqlite/observed-migrations.js";
export { createParentFolders } from "./sqlite/create-parent-folders.js";
export { backupDatabase } from "./sqlite/backup-database.js";
export { restoreDatabase, type RestoreDatabaseResult } from "./sqlite/restore-database.js";
export { compactDatabase, type CompactDatabaseResult } from "./sqlite/compact-database.js";
export { databaseStatus, pendingMigrations, type DatabaseStatus } from "./sqlite/database-status.js";
export { openTenantExport, type ExportedTenant, type TenantExport, type TenantExportLine } from "./tenant-export/open-tenant-export.js";
export { TENANT_EXPORT_FORMAT_VERSION, TENANT_EXPORT_KINDS, TENANT_TABLES_LEFT_OUT, type TenantExportKind } from "./tenant-export/tenant-export-kinds.js";
export { openTenantImport, type ImportedTenant, type TenantImport } from "./tenant-import/open-tenant-import.js";
export type { LinkedinKeyLeft, LinkedinKeysLeft } from "./sqlite/linkedin-keys-left.js";
export { applyGraphChange, type HydrationListener, type TenantGraphs } from "./graph/tenant-graphs.js";
export type { GraphChange } from "./graph/graph-change.js";
export type * from "./store.js";
export { PERSON_SORT_FIELDS, COMPANY_SORT_FIELDS, USER_SORT_FIELDS, ENTITY_LIST_SORT_FIELDS, MEETING_SORT_FIELDS } from "./store.js";
export type * from "./records.js";
export { TIERS, ROLES, COMPANY_TEXT_FIELDS } from "./records.js";
export { ConflictError, ForbiddenError, HistoryPrunedError, IncompatibleDatabaseError, InvalidInputError, NotFoundError, StoreClosedError } from "./errors.js";
export { isCalendarDate } from "./calendar-date.js";
export { canonicalMessageId } from "./repositories/message-id-forms.js";
export { mergedAwayNote } from "./repositories/merged-away-persons.js";
export { isNameFromAddress } from "./repositories/names-from-addresses.js";
export { fullName } from "./repositories/full-name.js";
export { FORMER_DOMAINS_KEPT } from "./repositories/company-repository.js";
export { MAX_OPPORTUNITY_CUSTOM_FIELDS } from "./repositories/opportunity-custom-field-repository.js";
export { MAX_STAGES_PER_PIPELINE } from "./repositories/opportunity-type-repository.js";
export {
  emptyFieldsFilled,
  jobFollowingExport,
  PERSON_JOB_SOURCES,
  type PersonFieldHolder,
  type PersonFieldOffer,
  type PersonJobOffer,
  type PersonJobSource,
} from "./repositories/empty-person-fields.js";
export type { PrunedHistory } from "./errors.js";
export { controlCharacterProblem, refusedCharacter, refusedCharacterGlob, takeOutControlCharacters, takeOutReorderingControls, type TextLayout } from "./control-character.js";
export { normalizeEmail, isParticipantAddress, isPlausibleEmail, normalizeDomain, normalizeLinkedinUrl, sqliteLower } from "./normalize.js";
export { companyNameKey } from "./repositories/company-name-key.js";
export { distinctTags, tagKey } from "./repositories/tag-key.js";
export { textSortKey } from "./repositories/text-sort-key.js";
export type { KeyValues, Page, PagePosition, PageRequest, SortKey } from "./pagination/keyset-page.js";
export type * from "./activity-records.js";
export type * from "./deletion-records.js";
export { DELETED_ENTITY_TYPES, DELETION_REASONS } from "./deletion-records.js";
export type * from "./duplicate-records.js";
export { DUPLICATE_ENTITY_TYPES, DUPLICATE_REASONS } from "./duplicate-records.js";
export { companyDuplicateNameKey } from "./repositories/company-duplicate-name-key.js";
export { ACTIVITY_ITEM_KINDS, ACTIVITY_PARTICIPANT_ROLES, ATTENDEE_RESPONSES, EMAIL_INGEST_STATUSES, EMAIL_PARTICIPANT_ROLES, MEETING_STATUSES } from "./activity-records.js";
export { EMPLOYEE_COUNT_BANDS, ENTITY_LIST_KINDS, employeeCountRange } from "./records.js";
export { personReferenceMovers } from "./merge/person-reference-movers.js";
export type { PersonMoveContext, PersonReferenceMover } from "./merge/person-reference-mover.js";
export type * from "./deal-store.js";
export { OPPORTUNITY_SORT_FIELDS } from "./deal-store.js";
export type * from "./deal-records.js";
export {
  STAGE_TYPES,
  CUSTOM_FIELD_TYPES,
  ENTITY_TYPES,
  ASSOCIATION_OWNER_TYPES,
  TASK_SCOPES,
  TASK_STATUSES,
} from "./deal-records.js";
export { repointPersonReferences } from "./repositories/person-reference-repointing.js";
export type * from "./import-records.js";
export type * from "./personal-data/personal-data-export.js";
export { IMPORT_KINDS, IMPORT_JOB_OUTCOMES, IMPORT_JOB_STATUSES } from "./import-records.js";
