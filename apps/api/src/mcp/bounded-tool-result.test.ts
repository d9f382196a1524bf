import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "../openapi/build-openapi-document.js";
import { operations } from "../routes/operations.js";
import { boundedToolResult, LESS_PER_RECORD } from "./bounded-tool-result.js";
import { buildMcpTools, type McpTool } from "./mcp-tools.js";
import type { ToolResult } from "./tool-request.js";

const tools = buildMcpTools(buildOpenApiDocument(operations));
const tool = (name: string) => tools.find((candidate) => candidate.name === name)!;

const resultOf = (answer: Record<string, unknown>): ToolResult => ({ content: [{ type: "text", text: JSON.stringify(answer) }], structuredContent: answer });
const bytesOf = (result: ToolResult) => Buffer.byteLength(result.content[0]!.text);
/** A record of about `size` bytes of JSON. */
const record = (index: number, size = 300) => ({ uuid: `record-${index}`, text: "x".repeat(size) });

describe("a tool result over the budget", () => {
  it("keeps a batch's first results, as a call naming those uuids answers, and gives the arguments for the rest", () => {
    const uuids = Array.from({ length: 40 }, (_, index) => `uuid-${index}`);
    const results = uuids.map((_, index) => record(index));
    const args = { body: JSON.stringify({ uuids, limit: 5 }) };
    const bounded = boundedToolResult(tool("batchPersonRecommendedPaths"), args, resultOf({ results }), 4_000);
    expect(bytesOf(bounded)).toBeLessThanOrEqual(4_000);
    const answer = bounded.structuredContent as { preview: Record<string, any>; results: unknown[] };
    expect(Object.keys(answer)).toEqual(["preview", "results"]);
    const kept = answer.results.length;
    expect(kept).toBeGreaterThan(1);
    expect(answer.results).toEqual(results.slice(0, kept));
    // The body sent as JSON text comes back as the object it spells, the other fields kept.
    expect(answer.preview).toMatchObject({ complete: false, answer_bytes: bytesOf(resultOf({ results })), next_arguments: { body: { uuids: uuids.slice(kept), limit: 5 } } });
    expect(answer.preview.note).toContain(`the first ${kept} of the 40 uuids asked`);
    expect(answer.preview.note).toContain(LESS_PER_RECORD.batchPersonRecommendedPaths);
    expect(JSON.parse(bounded.content[0]!.text)).toEqual(answer);
  });

  it("keeps a page's first items as the page of a smaller per_page, with has_more and no cursor, and the next page's arguments", () => {
    const items = Array.from({ length: 10 }, (_, index) => record(index));
    const answer = { target_uuid: "t", items, page: 3, per_page: 10, total: 45, has_more: true, next_cursor: "cursor-past-the-page", top_external_contacts: [] };
    const bounded = boundedToolResult(tool("getCompanyRecommendedPaths"), { company_uuid: "t", page: 3, per_page: 10 }, resultOf(answer), 2_000);
    const cut = bounded.structuredContent as typeof answer & { preview: Record<string, any> };
    // 20 items come before the page: a per_page that divides 20, so that the items shown are a page of their own.
    expect(cut.items.length).toBe(4);
    expect(cut).toMatchObject({ page: 6, per_page: 4, has_more: true, next_cursor: null, total: 45 });
    expect(cut.items).toEqual(items.slice(0, 4));
    expect(cut.preview.next_arguments).toEqual({ company_uuid: "t", page: 7, per_page: 4 });
    expect(bytesOf(bounded)).toBeLessThanOrEqual(2_000);
  });

  it("is left whole when it fits, is an error, lists nothing it can page, or was asked by cursor", () => {
    const items = Array.from({ length: 10 }, (_, index) => record(index));
    const page = resultOf({ items, page: 1, per_page: 10, total: 10, has_more: false, next_cursor: null });
    const listPersons = tool("listPersons");
    expect(boundedToolResult(listPersons, {}, page, 100_000)).toBe(page);
    expect(boundedToolResult(listPersons, { cursor: "abc" }, page, 1_000)).toBe(page);
    expect(boundedToolResult(tool("getPerson"), { person_uuid: "p" }, resultOf({ items, uuid: "p" }), 1_000).structuredContent).not.toHaveProperty("preview");
    const error: ToolResult = { content: [{ type: "text", text: "HTTP 400: x".padEnd(5_000, "x") }], isError: true };
    expect(boundedToolResult(listPersons, {}, error, 1_000)).toBe(error);
    // A batch whose results do not match its uuids one to one is not cut.
    const mismatched = resultOf({ results: items });
    expect(boundedToolResult(tool("batchPersonActivityStats"), { body: { uuids: ["a"] } }, mismatched, 1_000)).toBe(mismatched);
  });

  it("names arguments each tool takes where it says how to ask less of each record", () => {
    for (const [name, text] of Object.entries(LESS_PER_RECORD)) {
      const found: McpTool = tool(name);
      const taken = [...found.route.queryParameters, ...found.route.bodyFields];
      for (const [, argument] of text.matchAll(/(\w+)=/g)) expect(taken, `${name} takes ${argument}`).toContain(argument);
    }
  });

  it("holds, for any record sizes, page and per_page: a prefix of at least one record, within the budget unless one alone is over it", () => {
    const listUserRelationships = tool("listUserRelationships");
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 3_000 }), { minLength: 2, maxLength: 50 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1_000, max: 20_000 }),
        (sizes, page, budget) => {
          const items = sizes.map((size, index) => record(index, size));
          const answer = { items, page, per_page: items.length, total: null, has_more: false, next_cursor: null };
          const bounded = boundedToolResult(listUserRelationships, { user_uuid: "u" }, resultOf(answer), budget);
          if (bytesOf(resultOf(answer)) <= budget) {
            expect(bounded.structuredContent).toEqual(answer);
            return;
          }
          const cut = bounded.structuredContent as typeof answer & { preview: { next_arguments: { page: number; per_page: number } } };
          const kept = cut.items.length;
          expect(kept).toBeGreaterThanOrEqual(1);
          expect(kept).toBeLessThan(items.length);
          expect(cut.items).toEqual(items.slice(0, kept));
          if (kept > 1) expect(bytesOf(bounded)).toBeLessThanOrEqual(budget);
          // The page shown and the next one are pages of per_page `kept` starting where the asked page started.
          expect((cut.page - 1) * kept).toBe((page - 1) * items.length);
          expect(cut.preview.next_arguments).toMatchObject({ page: cut.page + 1, per_page: kept });
        },
      ),
      { numRuns: 200 },
    );
  });
});
