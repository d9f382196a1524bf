/** Merge step: links from opportunities, notes and tasks, and intro-person mentions, follow the person. */
import { movePersonReferences } from "../repositories/person-reference-repointing.js";
import type { PersonReferenceMover } from "./person-reference-mover.js";

export const moveDealReferences: PersonReferenceMover = {
  kind: "deal_references",
  async move({ db, tenantUuid, canonicalUuid, supersededUuid, now }) {
    // No refresh of the moved opportunities' dates here: the merge raises them once every mover has run.
    const { moved } = await movePersonReferences(db, tenantUuid, supersededUuid, canonicalUuid, now);
    return moved;
  },
};
