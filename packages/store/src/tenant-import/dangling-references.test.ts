/** The import's link checks read the new tenant's rows through indexes under benchmark scale L's statistics, never a whole large table. */
import { CompiledQuery } from "kysely";
import { describe, expect, it } from "vitest";
import { useScaleLPlanDatabase } from "../testing/scale-l-plan-database.js";
import { SCALE_L_TABLES } from "../testing/scale-l-statistics.js";
import { DANGLING_REFERENCE_STATEMENTS } from "./dangling-references.js";

const plans = useScaleLPlanDatabase(SCALE_L_TABLES, Date.UTC(2026, 11, 7));

describe("the tenant import's link checks", () => {
  it("read the tenant's rows through indexes under scale L's statistics", async () => {
    for (const statement of DANGLING_REFERENCE_STATEMENTS) {
      const positional = statement.replaceAll(":tenant", "?");
      const parameters = new Array<null>(positional.split("?").length - 1).fill(null);
      const { rows } = await plans.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${positional}`, parameters));
      const steps = rows.map((row) => row.detail);
      expect(steps.filter((step) => /^SCAN (?!\(subquery)/.test(step)), `${statement}: ${steps.join("; ")}`).toEqual([]);
    }
  });
});
