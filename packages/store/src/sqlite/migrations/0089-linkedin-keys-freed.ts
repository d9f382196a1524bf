/**
 * Migration 0089: the persons migration 0063 left on their URL's former LinkedIn key, because another person of the
 * tenant then matched by the profile's key, take the profile's key now where nobody else matches by it any longer (that
 * person deleted or erased since, or given another URL). No lookup found them by their URL: every lookup computes the
 * profile's key, and only a PUT resending the URL mended one, moving its change time. 0063's rule applied to today's
 * rows (`linkedinProfileKeysMigration`): a person whose profile another person still matches by keeps their key, a
 * duplicate `rapport status` names (`linkedinKeysLeft`) for an operator to merge. No change time moves.
 */
import type { Migration } from "kysely";
import { linkedinProfileKeysMigration } from "./0063-linkedin-profile-keys.js";

export const linkedinKeysFreedMigration: Migration = { up: linkedinProfileKeysMigration.up };
