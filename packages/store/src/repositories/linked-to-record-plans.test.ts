/**
 * The notes and tasks linked to one record (`GET /v1/notes` and `GET /v1/tasks` with `entity_type` and
 * `entity_uuid`), planned under statistics like benchmark scale L's, as every reopened database has some
 * (`PRAGMA optimize`): SQLite 3.53 refused to plan the link condition as one `(owner side) or (entity side)` whose
 * bound `OPPORTUNITY` matches the partial index of opportunity links ("internal query planner error", a 500 for
 * every deal's notes and tasks). Each side is its own `exists`, seeking the links by the record's key.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ENTITY_TYPES } from "../deal-records.js";
import { useScaleLPlanDatabase } from "../testing/scale-l-plan-database.js";
import { tenantWalksIn } from "../testing/sqlite-plans.js";
import { createNoteRepository } from "./note-repository.js";
import { createTaskRepository } from "./task-repository.js";

const NOW = Date.UTC(2026, 0, 15);
const database = useScaleLPlanDatabase(["associations"], NOW);
const context = () => ({ db: database.db, now: () => NOW, generateId: randomUUID, emit: () => {} });
const firstPage = { position: { kind: "offset" as const, offset: 0 }, limit: 10, order: "asc" as const, viewer: { user_uuid: null } };

describe("notes and tasks linked to a record, under statistics like scale L's", () => {
  it("are read for a record of every type, an opportunity included", async () => {
    for (const type of ENTITY_TYPES) {
      const entity = { type, uuid: randomUUID() };
      await expect(createNoteRepository(context()).list(database.tenantUuid, { ...firstPage, entity }), type).resolves.toMatchObject({ rows: [], total: 0 });
      await expect(createTaskRepository(context()).list(database.tenantUuid, { ...firstPage, filters: { entity } }), type).resolves.toMatchObject({ rows: [], total: 0 });
    }
  });

  it("seek the links of each side by the record's key, walking no tenant's links", async () => {
    const entity = { type: "OPPORTUNITY" as const, uuid: randomUUID() };
    const plans = await database.plansOfReads("associations", async () => {
      await createNoteRepository(context()).list(database.tenantUuid, { ...firstPage, entity });
      await createTaskRepository(context()).list(database.tenantUuid, { ...firstPage, filters: { entity } });
    });
    for (const plan of plans) {
      const linkSteps = plan.split("; ").filter((step) => /\b(associations|l)\b/.test(step) && /SEARCH|SCAN/.test(step));
      expect(linkSteps.length, plan).toBeGreaterThan(0);
      expect(linkSteps.flatMap(tenantWalksIn), plan).toEqual([]);
      expect(linkSteps.filter((step) => step.startsWith("SCAN")), plan).toEqual([]);
    }
  });
});
