/**
 * Migration 0088: other scripts' punctuation between the parts of a name is left out of its keys as a hyphen is. The
 * name folding now drops, and a name filter splits words at, the Arabic comma "،" and semicolon "؛", the ideographic
 * comma "、" and full stop "。" and the katakana middle dot "・" (`NAME_PUNCTUATION`), so "ジョンスミス" finds
 * "ジョン・スミス" as "JohnSmith" finds "John-Smith", and the two sort as one. The keys of the rows whose texts hold
 * one of them or of their compatibility forms (half-width "･", "､", "｡", small "﹑", vertical "︑", "︒"), the only
 * ones whose keys change, are written again and those persons, companies and opportunities noted for the name indexes
 * again (`keyNamesAgain`, as migration 0084 does).
 */
import type { Kysely, Migration } from "kysely";
import { holdingAnyOf, keyNamesAgain } from "./names-keyed-again.js";

/** Text holding one of those marks, or a character NFKC reads as one. */
const holdsNamePunctuation = holdingAnyOf("[،؛、。・︑︒﹑｡､･]");

export const namePunctuationOfOtherScriptsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await keyNamesAgain(db, holdsNamePunctuation);
  },
};
