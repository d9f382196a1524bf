/** The instructions send "what changed at Acme since yesterday" to the company activity's time range, only to a client with those tools. */
import { describe, expect, it } from "vitest";
import { operations } from "../routes/operations.js";
import { COMPANY_ACTIVITY, generalInstructions, instructionsFor } from "./mcp-instructions.js";

const only =
  (...tools: string[]) =>
  (tool: string) =>
    tools.includes(tool);

describe("the company activity route in the MCP instructions", () => {
  it("names listCompanyActivity's occurred_after and occurred_before, query parameters the operation takes", () => {
    expect(COMPANY_ACTIVITY).toMatch(/listCompanyActivity company_uuid= occurred_after=/);
    expect(COMPANY_ACTIVITY).toMatch(/occurred_before=/);
    expect(COMPANY_ACTIVITY).not.toMatch(/read until/);
    const operation = operations.find((candidate) => candidate.operationId === "listCompanyActivity");
    const shape = (operation?.query as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
    expect(Object.keys(shape)).toEqual(expect.arrayContaining(["occurred_after", "occurred_before"]));
  });

  it("is said to a client with listCompanies and listCompanyActivity, and to no other", () => {
    expect(generalInstructions(only("listCompanies", "listCompanyActivity"))).toContain(COMPANY_ACTIVITY);
    expect(instructionsFor(null, only("listCompanies", "listCompanyActivity"))).toContain("occurred_after=");
    expect(generalInstructions(only("listCompanies"))).not.toContain("occurred_after");
    expect(generalInstructions(only("listCompanyActivity"))).not.toContain("occurred_after");
  });
});
