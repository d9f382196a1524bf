/**
 * Migration 0084: names in Arabic script keyed whichever Arabic or Persian keyboard typed them. The name keys now read
 * Arabic's letter forms as their letters (`foldArabicLetterForms`: Persian "ی" and alef maksura "ى" as "ي", "ک" as "ك",
 * "ة" and "ۀ" as "ه", alef with hamza or madda and alef wasla as "ا", Arabic-Indic and Persian digits as ASCII ones),
 * the harakat and the tatweel dropped. Until now "علی" (Persian yeh) and "علي" (Arabic yeh) were two names: neither
 * found the other, they sorted apart and an import made a second company. The keys of the rows whose texts hold an
 * Arabic character (the only ones whose keys change) are written again, and those persons, companies and opportunities
 * noted for the name indexes again (`keyNamesAgain`, as migration 0065 did for every name).
 */
import type { Kysely, Migration } from "kysely";
import { holdingAnyOf, keyNamesAgain } from "./names-keyed-again.js";

/** Text holding a character of the Arabic block or of Arabic's presentation forms (read as its letters, NFKC). */
const holdsArabic = holdingAnyOf("[\u0600-\u06ff\ufb50-\ufdff\ufe70-\ufeff]");

export const arabicLetterFormsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await keyNamesAgain(db, holdsArabic);
  },
};
