import { describe, expect, it } from "vitest";
import type { McpTool } from "./mcp-tools.js";
import { toolSelection } from "./tool-selection.js";

const tool = (name: string, area: string, readOnly: boolean) => ({ name, area, description: `${name}.`, inputSchema: { type: "object" }, annotations: { readOnlyHint: readOnly } }) as unknown as McpTool;
const TOOLS = [
  tool("getPerson", "Person", true),
  tool("createPerson", "Person", false),
  tool("getPersonRecommendedPaths", "Recommended paths", true),
  tool("listMeetings", "Meetings", true),
  tool("createMeeting", "Meetings", false),
];
const select = (query: string) => toolSelection(new URLSearchParams(query), TOOLS);
const namesOf = (query: string) => {
  const selection = select(query);
  if ("error" in selection) throw new Error(selection.error);
  return selection.tools.map((selected) => selected.name);
};

describe("toolSelection", () => {
  it("selects every tool without a query, the read-only ones with read_only, and areas however spelled", () => {
    expect(namesOf("")).toEqual(TOOLS.map((each) => each.name));
    expect(namesOf("read_only=true")).toEqual(["getPerson", "getPersonRecommendedPaths", "listMeetings"]);
    expect(namesOf("read_only=0")).toEqual(TOOLS.map((each) => each.name));
    expect(namesOf("areas=persons,recommended-paths")).toEqual(["getPerson", "createPerson", "getPersonRecommendedPaths"]);
    expect(namesOf("areas=Recommended%20paths,%20MEETING&read_only=TRUE")).toEqual(["getPersonRecommendedPaths", "listMeetings"]);
  });

  it("names what keeps a tool out, and what would let the client call it", () => {
    const selection = select("areas=meetings&read_only=true");
    if ("error" in selection) throw new Error(selection.error);
    const needs = "which the client's user sets up (no tool call can); tools/list names the tools it has";
    expect(selection.refusal("createMeeting")).toBe(
      `tool 'createMeeting' is not available to this client: its /mcp URL asks for read_only=true; calling it takes a /mcp URL without read_only=true, ${needs}`,
    );
    expect(selection.refusal("getPerson")).toBe(
      `tool 'getPerson' is not available to this client: its /mcp URL asks for areas=Meetings; calling it takes a /mcp URL whose areas include Person, ${needs}`,
    );
    expect(selection.refusal("createPerson")).toBe(
      `tool 'createPerson' is not available to this client: its /mcp URL asks for areas=Meetings and read_only=true; calling it takes a /mcp URL whose areas include Person and without read_only=true, ${needs}`,
    );
  });

  it("names why a read-only caller is refused and what would let it write, the key by default", () => {
    const byKey = toolSelection(new URLSearchParams("areas=meetings"), TOOLS, { readOnlyKey: true });
    const byToken = toolSelection(new URLSearchParams(""), TOOLS, { readOnlyKey: true, readOnlyReason: "its OAuth access is read-only (scope mcp:read)", readOnlyRemedy: "OAuth access with scope mcp" });
    if ("error" in byKey || "error" in byToken) throw new Error("unexpected error");
    expect(byKey.refusal("createMeeting")).toMatch(/^tool 'createMeeting' is not available to this client: its API key is read-only; calling it takes an API key that is not read-only, /);
    expect(byKey.refusal("createPerson")).toMatch(
      /: its \/mcp URL asks for areas=Meetings, and its API key is read-only; calling it takes a \/mcp URL whose areas include Person and an API key that is not read-only, /,
    );
    expect(byToken.tools.map((selected) => selected.name)).toEqual(["getPerson", "getPersonRecommendedPaths", "listMeetings"]);
    expect(byToken.refusal("createPerson")).toMatch(/: its OAuth access is read-only \(scope mcp:read\); calling it takes OAuth access with scope mcp, /);
  });

  it("refuses an unknown parameter, area or boolean, a repeated parameter and an empty area list", () => {
    expect(select("readonly=true")).toEqual({ error: "unknown query parameter 'readonly' on /mcp; it takes areas and read_only" });
    expect(select("areas=person,deals")).toEqual({ error: "areas must name some of Meetings, Person, Recommended paths; unknown: deals" });
    expect(select("areas=,")).toEqual({ error: "areas must name some of Meetings, Person, Recommended paths" });
    expect(select("read_only=yes")).toEqual({ error: "read_only must be true or false, not 'yes'" });
    // A name of Object's own was found on the lookup object and read as true.
    expect(select("read_only=constructor")).toEqual({ error: "read_only must be true or false, not 'constructor'" });
    expect(select("read_only=true&read_only=false")).toEqual({ error: "'read_only' is given more than once on /mcp" });
  });
});
