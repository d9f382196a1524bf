/**
 * @module
 * `@rapport/store/vocabulary`: the store's tiers, roles and import kinds, its error classes, its calendar-date
 * check, the control-character rule for stored text, the tags' key and the folder creation of a database file's path, without SQLite, Kysely or the graph. For a program that only
 * names them, such as a command line printing its help: loading the whole store takes longer than the rest of its
 * start. The classes are the ones `@rapport/store` exports,
 * so `instanceof` holds across both entries.
 */
export { TIERS, ROLES, type Tier, type Role } from "./records.js";
export { IMPORT_KINDS, type ImportKind } from "./import-records.js";
export { ConflictError, ForbiddenError, HistoryPrunedError, IncompatibleDatabaseError, InvalidInputError, NotFoundError, StoreClosedError } from "./errors.js";
export { ISO_DATE, isCalendarDate, isCalendarDay } from "./calendar-date.js";
export { controlCharacterProblem, refusedCharacter, refusedCharacterGlob, takeOutControlCharacters, takeOutReorderingControls, type TextLayout } from "./control-character.js";
export { createParentFolders } from "./sqlite/create-parent-folders.js";
export { distinctTags, tagKey } from "./repositories/tag-key.js";
