/**
 * The server's instructions name the scales of answer fields once, since output schemas carry no descriptions:
 * every number the OpenAPI document describes under one of those names must say that scale.
 */
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "../openapi/build-openapi-document.js";
import type { JsonSchema } from "../openapi/json-schema.js";
import { operations } from "../routes/operations.js";
import { INSTRUCTIONS, PERCENT_FIELDS, UNIT_INTERVAL_FIELDS } from "./mcp-handler.js";

/** Every described numeric property of the documented answers, as `name: description`. */
function describedNumbers(): Array<{ name: string; description: string }> {
  const found: Array<{ name: string; description: string }> = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== "object") return;
    for (const [keyword, value] of Object.entries(node as JsonSchema)) {
      if (keyword === "properties") {
        for (const [name, property] of Object.entries(value as Record<string, JsonSchema>)) {
          const types = [property.type].flat();
          if ((types.includes("number") || types.includes("integer")) && typeof property.description === "string") found.push({ name, description: property.description });
        }
      }
      visit(value);
    }
  };
  const document = buildOpenApiDocument(operations);
  for (const pathItem of Object.values(document.paths)) for (const operation of Object.values(pathItem)) visit(operation.responses);
  return found;
}

describe("the MCP server's instructions", () => {
  it("name the scale of every answer field they list, as the document describes it", () => {
    const numbers = describedNumbers();
    for (const name of UNIT_INTERVAL_FIELDS) {
      const described = numbers.filter((number) => number.name === name);
      expect(described.length, `${name} is an answer field`).toBeGreaterThan(0);
      for (const { description } of described) expect(description, name).toMatch(/0\.0-1\.0/);
    }
    for (const name of PERCENT_FIELDS) {
      const described = numbers.filter((number) => number.name === name);
      expect(described.length, `${name} is an answer field`).toBeGreaterThan(0);
      for (const { description } of described) expect(description, name).toMatch(/0-100|round\(100 × /);
    }
    expect(INSTRUCTIONS).toContain("rq, path_power, path_power_score, connection_score");
  });
});
