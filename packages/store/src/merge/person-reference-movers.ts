/**
 * @module
 * Every kind of reference a person merge moves, in order. Each mover runs inside the merge
 * transaction. A feature that adds a table referring to persons (activity, notes, opportunity
 * associations, ...) appends its mover here, and merges (previews included) move it from then on.
 */
import { moveActivity } from "./move-activity.js";
import { moveAffiliations } from "./move-affiliations.js";
import { moveDealReferences } from "./move-deal-references.js";
import { moveEmails } from "./move-emails.js";
import { moveListMemberships } from "./move-list-memberships.js";
import { moveMergeHistory } from "./move-merge-history.js";
import { moveUserAccounts } from "./move-user-accounts.js";
import type { PersonReferenceMover } from "./person-reference-mover.js";

/** The movers a person merge runs, in this order, inside its transaction. */
export const personReferenceMovers: readonly PersonReferenceMover[] = [
  moveEmails,
  moveAffiliations,
  moveListMemberships,
  moveMergeHistory,
  moveUserAccounts,
  moveActivity,
  // After activity, so the opportunities it touches get their last-activity dates from the moved rows.
  moveDealReferences,
];
