/**
 * Walks every query parameter of the operation table given twice: a 400 either way, whose words say what to send. A
 * comma-separated parameter (the OpenAPI document's `x-comma-separated`) is told to take its values joined, which is
 * what a client sending `uuids=a&uuids=b` (Python's requests does for a list) meant; any other is told to come once.
 */
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "../openapi/build-openapi-document.js";
import { operations } from "../routes/operations.js";
import { collectQuery } from "./validate-input.js";

type Parameter = { name: string; in: string; schema?: Record<string, unknown> };
const document = buildOpenApiDocument(operations, { version: "test" }) as unknown as {
  paths: Record<string, Record<string, { operationId: string; parameters?: Array<Parameter | { $ref: string }> }>>;
};
const commaSeparated = new Set(
  Object.values(document.paths).flatMap((methods) =>
    Object.values(methods).flatMap((entry) =>
      (entry.parameters ?? []).flatMap((parameter) =>
        "in" in parameter && parameter.in === "query" && parameter.schema?.["x-comma-separated"] === true ? [`${entry.operationId} ${parameter.name}`] : [],
      ),
    ),
  ),
);

const withQuery = operations.filter((operation) => Object.keys(operation.query?.shape ?? {}).length > 0);

describe.each(withQuery.map((operation) => [operation.operationId, operation] as const))("%s", (operationId, operation) => {
  it.each(Object.keys(operation.query!.shape))("refuses %s given twice, saying what to send", (name) => {
    const refusal = () => collectQuery(operation.query, { [name]: ["a", "b"] });
    if (commaSeparated.has(`${operationId} ${name}`)) {
      expect(refusal).toThrow(`query parameter '${name}' is given 2 times; give it once, its values comma-separated (${name}=a,b)`);
    } else {
      expect(refusal).toThrow(new RegExp(`^query parameter '${name}' is given 2 times; give it once$`));
    }
  });
});

it("finds the comma-separated parameters it holds to their words", () => {
  expect(commaSeparated).toContain("listPersons uuids");
  expect(commaSeparated).toContain("listOpportunities owner_user_uuid");
});
