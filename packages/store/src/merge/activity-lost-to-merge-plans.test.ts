/**
 * The reads a merge makes before it moves anything (what it stops counting, the meetings it recounts), planned under
 * statistics like benchmark scale L's: each walks the superseded person's own participations through the persons'
 * indexes and reaches every other row of an email or meeting by key, never a tenant's rows.
 */
import { describe, expect, it } from "vitest";
import { useScaleLPlanDatabase } from "../testing/scale-l-plan-database.js";
import { tenantWalksIn } from "../testing/sqlite-plans.js";
import { activityLostToMerge } from "./activity-lost-to-merge.js";
import { meetingsLosingACount } from "./rewrite-meetings-losing-a-count.js";

const NOW = Date.UTC(2026, 0, 15);
const database = useScaleLPlanDatabase(["email_participants", "meeting_attendees"], NOW);
const [canonical, superseded] = ["00000000-0000-4000-8000-000000000001", "00000000-0000-4000-8000-000000000002"];

/** Every step of `plans` that scans (walks a table or an index from its start) rather than seeks, but a constant row. */
const scansIn = (plans: readonly string[]) => plans.flatMap((plan) => plan.split("; ")).filter((step) => step.startsWith("SCAN") && step !== "SCAN CONSTANT ROW");

describe("a merge's reads before it moves anything, under statistics like scale L's", () => {
  it("what it stops counting: the superseded person's participations, each email's and meeting's other rows by key", async () => {
    const plans = await database.plansOfReads("email_participants|meeting_attendees", () =>
      activityLostToMerge(database.db, database.tenantUuid, { canonicalUuid: canonical, supersededUuid: superseded }, NOW),
    );
    expect(scansIn(plans)).toEqual([]);
    expect(plans.flatMap(tenantWalksIn)).toEqual([]);
    const steps = plans.flatMap((plan) => plan.split("; ")).filter((step) => step.startsWith("SEARCH"));
    const bySupersededPerson = /USING COVERING INDEX (email_participants_person_sent|meeting_attendees_person_counted) \(tenant_uuid=\? AND person_uuid=\? AND (sent_at|counted_at)<\?\)$/;
    const byInteraction = /USING (COVERING )?INDEX sqlite_autoindex_(email_participants|meeting_attendees)_1 \((email_uuid|meeting_uuid)=\?( AND person_uuid=\?)?\)$/;
    expect(steps.filter((step) => bySupersededPerson.test(step))).toHaveLength(4);
    expect(steps.filter((step) => !bySupersededPerson.test(step) && !byInteraction.test(step))).toEqual([]);
  });

  it("the meetings it recounts: the superseded person's counted attendances, the canonical person's row by key", async () => {
    const plans = await database.plansOfReads("meeting_attendees", () => meetingsLosingACount(database.db, database.tenantUuid, canonical, superseded));
    expect(plans).toEqual([
      expect.stringMatching(
        /^SEARCH superseded USING COVERING INDEX meeting_attendees_person_counted \(tenant_uuid=\? AND person_uuid=\? AND counted_at>\?\); SEARCH canonical USING INDEX sqlite_autoindex_meeting_attendees_1 \(meeting_uuid=\? AND person_uuid=\?\)$/,
      ),
    ]);
  });
});
