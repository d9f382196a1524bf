/** The instructions send "which of the team's relationships went cold this quarter" to listRelationships' time range, only to a client with that tool. */
import { describe, expect, it } from "vitest";
import { operations } from "../routes/operations.js";
import { generalInstructions, instructionsFor, TEAM_RELATIONSHIPS_BY_LAST_ACTIVITY } from "./mcp-instructions.js";

const only =
  (...tools: string[]) =>
  (tool: string) =>
    tools.includes(tool);

describe("the team relationships route in the MCP instructions", () => {
  it("names listRelationships' last_activity_before, last_activity_after and sort_by=last_activity, query parameters the operation takes", () => {
    expect(TEAM_RELATIONSHIPS_BY_LAST_ACTIVITY).toMatch(/went cold this quarter: listRelationships last_activity_before=/);
    expect(TEAM_RELATIONSHIPS_BY_LAST_ACTIVITY).toMatch(/listRelationships last_activity_after= sort_by=last_activity/);
    const operation = operations.find((candidate) => candidate.operationId === "listRelationships");
    const shape = (operation?.query as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
    expect(Object.keys(shape)).toEqual(expect.arrayContaining(["last_activity_after", "last_activity_before", "sort_by", "entity"]));
  });

  it("is said to a client with listRelationships, and to no other", () => {
    expect(generalInstructions(only("listRelationships"))).toContain(TEAM_RELATIONSHIPS_BY_LAST_ACTIVITY);
    expect(instructionsFor(null, only("listRelationships", "listUsers"))).toContain("listRelationships last_activity_before=");
    expect(generalInstructions(only("listUserRelationships"))).not.toContain("listRelationships last_activity");
  });
});
