import { describe, expect, it } from "vitest";
import { operations } from "../routes/operations.js";
import { buildOpenApiDocument } from "./build-openapi-document.js";
import { contractOfOperations } from "./contract-of-operations.js";

describe("contractOfOperations", () => {
  it("makes a table's document and tools once per version and gives the same ones again", () => {
    const first = contractOfOperations(operations, "9.9.9");
    expect(contractOfOperations(operations, "9.9.9")).toBe(first);
    expect(contractOfOperations(operations, "9.9.8")).not.toBe(first);
    expect(contractOfOperations(operations.slice(0, 3), "9.9.9").mcpTools).toHaveLength(3);
  });

  it("yields the document buildOpenApiDocument builds, and a tool per operation", () => {
    const { openApiDocument, mcpTools } = contractOfOperations(operations, "9.9.9");
    expect(openApiDocument).toEqual(buildOpenApiDocument(operations, { version: "9.9.9" }));
    expect(mcpTools.map((tool) => tool.name).sort()).toEqual(operations.map((operation) => operation.operationId).sort());
  });

  it("is frozen through, so an app that changed it could not change every other app's", () => {
    const { openApiDocument, mcpTools } = contractOfOperations(operations, "9.9.9");
    expect(() => {
      (openApiDocument.info as { title: string }).title = "changed";
    }).toThrow(TypeError);
    expect(() => {
      (mcpTools[0]!.inputSchema as { type: string }).type = "array";
    }).toThrow(TypeError);
  });
});
