import { describe, expect, it } from "vitest";
import { mcpAllowedOriginsFromEnvironment } from "./mcp-allowed-origins-from-environment.js";

describe("mcpAllowedOriginsFromEnvironment", () => {
  it("reads comma-separated origins as a browser sends them, none when unset", () => {
    expect(mcpAllowedOriginsFromEnvironment({})).toEqual([]);
    expect(mcpAllowedOriginsFromEnvironment({ RAPPORT_MCP_ALLOWED_ORIGINS: " " })).toEqual([]);
    expect(mcpAllowedOriginsFromEnvironment({ RAPPORT_MCP_ALLOWED_ORIGINS: "http://localhost:6274, https://Agent.example.com/,https://agent.example.com:443," })).toEqual([
      "http://localhost:6274",
      "https://agent.example.com",
    ]);
  });

  it("names the variable and the entry that is not an http(s) origin", () => {
    const example = "give comma-separated origins, e.g. https://agent.example.com,http://localhost:6274";
    for (const [entry, problem] of [
      ["localhost:6274", "is not an http(s) origin"],
      ["*", "is not an origin"],
      ["chrome-extension://abcdef", "is not an http(s) origin"],
      ["https://agent.example.com/app", "is not an origin alone (scheme, host and port, as https://agent.example.com)"],
    ] as const) {
      expect(() => mcpAllowedOriginsFromEnvironment({ RAPPORT_MCP_ALLOWED_ORIGINS: `http://localhost:6274,${entry}` })).toThrow(
        `RAPPORT_MCP_ALLOWED_ORIGINS: "${entry}" ${problem}; ${example}`,
      );
    }
  });
});
