/**
 * The tenant export stays complete as the schema grows: every table with a `tenant_uuid` column is written by a kind
 * or left out on purpose (a migration adding one fails here until it is placed); and under benchmark scale L's
 * statistics, each kind's statement reads the tenant through an index, never the whole of a large table.
 */
import { CompiledQuery } from "kysely";
import { describe, expect, it } from "vitest";
import { useScaleLPlanDatabase } from "../testing/scale-l-plan-database.js";
import { SCALE_L_TABLES } from "../testing/scale-l-statistics.js";
import { TENANT_EXPORT_KINDS, TENANT_EXPORT_STATEMENTS, TENANT_TABLES_LEFT_OUT } from "./tenant-export-kinds.js";
import { tenantTablesInPurgeOrder } from "../tenant-purge/tenant-tables.js";

const plans = useScaleLPlanDatabase(SCALE_L_TABLES, Date.UTC(2026, 11, 7));

/** Tables without a tenant index, walked whole by the kind: a row of metadata per upload (the bytes are read by key). */
const READ_WHOLE = new Set(["files"]);

describe("the tenant export's kinds", () => {
  it("write or leave out, on purpose, every table of the schema with a tenant_uuid column", async () => {
    const tenantTables = await tenantTablesInPurgeOrder(plans.db);
    const written = new Set(TENANT_EXPORT_KINDS.flatMap((kind) => TENANT_EXPORT_STATEMENTS[kind].tables));
    const leftOut = new Set(Object.keys(TENANT_TABLES_LEFT_OUT));
    expect(tenantTables.filter((table) => !written.has(table) && !leftOut.has(table)), "tables neither exported nor left out").toEqual([]);
    expect([...written].filter((table) => leftOut.has(table)), "tables both exported and left out").toEqual([]);
    expect([...written, ...leftOut].filter((table) => !tenantTables.includes(table)), "names of no tenant table").toEqual([]);
  });

  it("read the tenant's rows through indexes under scale L's statistics", async () => {
    for (const kind of TENANT_EXPORT_KINDS) {
      for (const source of [TENANT_EXPORT_STATEMENTS[kind].count, TENANT_EXPORT_STATEMENTS[kind].lines]) {
        const positional = source.replaceAll(":tenant", "?");
        const parameters = new Array<null>(positional.split("?").length - 1).fill(null);
        const { rows } = await plans.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${positional}`, parameters));
        const steps = rows.map((row) => row.detail);
        const wholeScans = steps.filter((step) => /^SCAN (?!\(subquery)/.test(step) && !step.includes("VIRTUAL TABLE") && !READ_WHOLE.has(step.split(" ")[1]!));
        expect(wholeScans, `${kind}: ${steps.join("; ")}`).toEqual([]);
        // The lines come as they are stepped: no sort of all the tenant's rows before the first (a record's own parts are sorted).
        const outerSteps = steps.slice(0, steps.findIndex((step) => /^(CORRELATED|CO-ROUTINE)/.test(step)) >>> 0);
        expect(outerSteps.filter((step) => step === "USE TEMP B-TREE FOR ORDER BY"), `${kind}: ${steps.join("; ")}`).toEqual([]);
      }
    }
  });
});
