/**
 * The reads of current affiliations that opportunity activity makes for many persons at once (a meeting that
 * changes, the pending activity that ingest records), planned under statistics like benchmark scale L's (a
 * thousand rows guessed per tenant): each seeks the persons' affiliations by (tenant_uuid, person_uuid), where a
 * `tenant_uuid = ? and person_uuid in (500 values)` filter walked every affiliation of the tenant. A person's last
 * activity walks their own participations newest first, each checked for another person by key.
 */
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { useScaleLPlanDatabase } from "../testing/scale-l-plan-database.js";
import { tenantWalksIn } from "../testing/sqlite-plans.js";
import {
  applyPendingOpportunityActivity,
  followCompanyChangeOfPerson,
  lastActivityOfEntities,
  lastActivityOfPersons,
  lowerOpportunityActivity,
  recordOpportunityActivity,
  refreshCompanyActivityAfterTeamChange,
} from "./opportunity-activity.js";

const NOW = Date.UTC(2026, 0, 15);
const database = useScaleLPlanDatabase(["affiliations", "associations", "email_participants", "meeting_attendees", "opportunities", "persons"], NOW);
/** As many persons as a chunk of ingest: enough for the planner to prefer walking the tenant to 500 seeks. */
const persons = Array.from({ length: 500 }, (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`);

/** The plans of the reads of affiliations `run` makes. */
const affiliationPlansOf = (run: () => Promise<unknown>) => database.plansOfReads("affiliations", run);

const seeksEachPerson = expect.stringMatching(/SEARCH a USING (COVERING )?INDEX affiliations_tenant_person \(tenant_uuid=\? AND person_uuid=\?\)/);
/** Whether a member counts for their company (`is_internal`) is read by key, after their affiliation. */
const readsPersonByKey = expect.stringMatching(/SEARCH (p|persons) USING INDEX sqlite_autoindex_persons_1 \(uuid=\?\)/);

describe("affiliations of many persons, under statistics like scale L's", () => {
  it("lowerOpportunityActivity (a meeting that changes) seeks the affiliations of each person", async () => {
    const plans = await affiliationPlansOf(() => lowerOpportunityActivity(database.db, database.tenantUuid, persons, NOW - 1, NOW));
    expect(plans).toEqual(plans.map(() => seeksEachPerson));
    expect(plans).toEqual(plans.map(() => readsPersonByKey));
  });

  it("applying pending activity (what ingest records) seeks the affiliations of each person", async () => {
    await recordOpportunityActivity(database.db, database.tenantUuid, new Map(persons.map((person) => [person, NOW - 1])), NOW);
    const plans = await affiliationPlansOf(() => applyPendingOpportunityActivity(database.db, database.tenantUuid));
    expect(plans).toEqual(plans.map(() => seeksEachPerson));
  });

  it("a company's external members are found through its current affiliations, each person read by key", async () => {
    const companies = persons.slice(0, 20);
    const plans = await affiliationPlansOf(() => lastActivityOfEntities(database.db, database.tenantUuid, { personUuids: [], companyUuids: companies }, NOW));
    expect(plans).toEqual([expect.stringMatching(/SEARCH affiliations USING (COVERING )?INDEX affiliations_tenant_company_current \(tenant_uuid=\? AND company_uuid=\? AND is_current=\?\)/)]);
    expect(plans).toEqual([readsPersonByKey]);
  });

  it("a person joining or leaving the team reads their own affiliations and person, walking no tenant", async () => {
    const plans = await database.plansOfReads("affiliations|persons", () => refreshCompanyActivityAfterTeamChange(database.db, database.tenantUuid, persons[0]!, NOW));
    expect(plans.flatMap(tenantWalksIn)).toEqual([]);
    expect(plans[0]).toMatch(/SEARCH affiliations USING (COVERING )?INDEX affiliations_tenant_person \(tenant_uuid=\? AND person_uuid=\?\)/);
  });

  it("a person changing company reads their activity and the links of the companies joined or left, walking no tenant", async () => {
    const [mover, email] = [persons[0]!, persons[1]!];
    // The mover's one email (to someone else), without its email and person records: only the participant rows are read.
    await sql`pragma foreign_keys = off`.execute(database.db);
    await database.db
      .insertInto("email_participants")
      .values([
        { tenant_uuid: database.tenantUuid, email_uuid: email, person_uuid: mover, role: "from", sent_at: NOW - 1 },
        { tenant_uuid: database.tenantUuid, email_uuid: email, person_uuid: persons[2]!, role: "to", sent_at: NOW - 1 },
      ])
      .execute();
    await sql`pragma foreign_keys = on`.execute(database.db);
    const companies = { before: persons.slice(10, 30), after: persons.slice(20, 40) };
    const plans = await database.plansOfReads("affiliations|associations|opportunities|email_participants", () =>
      followCompanyChangeOfPerson(database.db, database.tenantUuid, mover, companies, NOW),
    );
    expect(plans).toContainEqual(expect.stringMatching(/SEARCH a USING (COVERING )?INDEX associations_entity \(tenant_uuid=\? AND entity_uuid=\?/));
    expect(plans.flatMap(tenantWalksIn)).toEqual([]);
  });

  it("a person's last activity walks back their own participations from the latest, each checked for someone else by key", async () => {
    const plans = await database.plansOfReads("email_participants|meeting_attendees", () => lastActivityOfPersons(database.db, database.tenantUuid, persons, NOW));
    expect(plans).toEqual([
      expect.stringMatching(
        new RegExp(
          [
            "SEARCH p USING COVERING INDEX email_participants_person_sent \\(tenant_uuid=\\? AND person_uuid=\\? AND sent_at<\\?\\)",
            "SEARCH other EXISTS USING COVERING INDEX sqlite_autoindex_email_participants_1 \\(email_uuid=\\?\\)",
            "CORRELATED SCALAR SUBQUERY \\d+",
            "SEARCH a USING COVERING INDEX meeting_attendees_person_counted \\(tenant_uuid=\\? AND person_uuid=\\? AND counted_at<\\?\\)",
            "SEARCH other EXISTS USING INDEX sqlite_autoindex_meeting_attendees_1 \\(meeting_uuid=\\?\\)$",
          ].join("; "),
        ),
      ),
    ]);
    // Newest first straight from the indexes: no sort of a busy person's participations.
    expect(plans[0]).not.toContain("TEMP B-TREE");
  });
});
