/**
 * The size of `tools/list`, which agent hosts load into a model's context: a ceiling per selection, so a change
 * that grows it past its budget fails here with the figures, not in a user's agent that truncates the list.
 * Budgets and the measurements behind them: docs/api-decisions.md, "MCP server", tool list size.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../testing/test-harness.js";

/** Roughly four bytes of JSON per token, as tokenizers count schema text. */
const BYTES_PER_TOKEN = 4;

/** The areas of the README's example URL for an agent host with a tool cap. */
const RELATIONSHIP_ASSISTANT_AREAS = "person,company,recommended-paths,pathpower,relationships,note,task,users";

/**
 * The ceilings, in bytes of the JSON answer's `tools`; each set a little above its measurement on 2026-12-05, before
 * input schemas were written compactly (the model's part 150 KB then, 139 KB after: room for the tools to come). Every
 * tool and the model's part raised by 6 KB on 2026-12-06 for the write tools' `idempotency_key` argument.
 */
const BUDGETS = {
  // 330 KB since 2026-12-06: mergeCompany's answer (four companies, as mergePerson's four persons) is 16 KB; then 336 KB
  // and 158 KB with the write tools' idempotency_key (mergeCompany's too). 337,000 (measured 336,908) with listDuplicates (2.8 KB);
  // 338,500 (measured 338,418) with an import summary's likely_duplicates in createImport's and getImport's output schemas;
  // 344,300 (measured 344,172, 2026-12-08) with cancelImport, whose output is the import job (5.7 KB, its schema most of it).
  everyTool: { query: "", bytes: 344_300 },
  // 158,100 since 2026-12-07 (measured 158,084): PathPower's as_of and scored_at, the rankings' scored_at; 158,200
  // (measured 158,180) with the company list's number filters read by the opportunity list's rule (numberQuery's schema);
  // 159,400 (measured 159,300) with page and per_page taking 1e2 and 100.0 as the number filters do (WHOLE_NUMBER_TEXT);
  // 159,700 (measured 159,643) with the company recommended paths' connectors_per_contact (343 B); 160,800 (measured
  // 160,700) with listDuplicates, the likely duplicates to merge (1,057 B); 161,800 (measured 161,692) with cancelImport.
  modelContext: { query: "", bytes: 161_800 },
  // 170,250 since 2026-12-06: name_match and search_match in the person and opportunity lists' output schemas (171 B);
  // 170,360 (measured 170,356) with an import summary's persons.addresses_left_out in getImport's output schema (61 B) and
  // listUserRelationships' user_is_active (53 B): fields, not wording (output schemas keep no descriptions, so none was
  // left to trim).
  // 170,570 since 2026-12-07 (measured 170,566): the same (206 B); 170,680 (measured 170,662) with the company list's
  // number filters read by the opportunity list's rule (numberQuery's schema); 171,800 (measured 171,782) with
  // WHOLE_NUMBER_TEXT's pattern in page and per_page (1,100 B); 172,200 (measured 172,125) with connectors_per_contact;
  // 172,300 (measured 172,278) with listPersons' companies_named in its output schema (153 B); 172,390 (measured
  // 172,366) with an import summary's persons.updated and jobs_updated in getImport's output schema (88 B: fields, not
  // wording); 175,250 (measured 175,154) with listDuplicates (2,788 B, its pair's output schema most of it); 176,000
  // (measured 175,909) with an import summary's likely_duplicates in getImport's output schema (755 B: fields); 176,100
  // (measured 176,041, 2026-12-08) with an import job's cancel_requested_at (41 B).
  readOnly: { query: "?read_only=true", bytes: 176_100 },
  persons: { query: "?areas=persons", bytes: 64_000 },
  // The selection the README suggests for a host that caps a server's tools at 40 (Cursor does). 170,400 since
  // 2026-12-07 (measured 170,309): WHOLE_NUMBER_TEXT's pattern in page and per_page; 170,700 (measured 170,652) with
  // connectors_per_contact; 170,850 (measured 170,805) with listPersons' companies_named.
  relationshipAssistant: { query: `?areas=${RELATIONSHIP_ASSISTANT_AREAS}`, bytes: 170_850, tools: 40 },
} as const;

let context: TestContext;
let acme: TestTenant;

beforeAll(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
});
afterAll(() => context.close());

interface ListedTool {
  name: string;
  description: string;
  inputSchema: unknown;
  outputSchema?: unknown;
}

async function listedTools(query: string): Promise<ListedTool[]> {
  const response = await context.app.request(`/mcp${query}`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-06-18", "x-api-key": acme.key },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
  });
  expect(response.status).toBe(200);
  const text = await response.text();
  const json = text.startsWith("{") ? text : text.split("\n").find((line) => line.startsWith("data: "))!.slice(6);
  return (JSON.parse(json) as { result: { tools: ListedTool[] } }).result.tools;
}

const bytesOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

/** The failure message: the size, the budget, and the tools that weigh most, so the one that grew is in sight. */
function overBudget(selection: string, tools: ListedTool[], bytes: number, budget: number): string {
  const heaviest = tools
    .map((tool) => ({ name: tool.name, bytes: bytesOf(tool) }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 5)
    .map((tool) => `${tool.name} ${tool.bytes} B`)
    .join(", ");
  return (
    `tools/list (${selection}) is ${bytes} bytes (~${Math.round(bytes / BYTES_PER_TOKEN)} tokens), over its budget of ${budget}: ` +
    `agent hosts load it into the model's context. Shorten descriptions or schemas, or raise the budget with a reason in ` +
    `docs/api-decisions.md. Heaviest: ${heaviest}`
  );
}

describe("the tools/list budget", () => {
  it.each(Object.entries(BUDGETS))("%s stays within its size", async (selection, limits) => {
    const { query, bytes: budget } = limits;
    const tools = await listedTools(query);
    if ("tools" in limits) expect(tools.length, `tools/list (${selection}) names ${tools.length} tools, more than the ${limits.tools} a host may take`).toBeLessThanOrEqual(limits.tools);
    // What a host passes its model (the Anthropic and OpenAI tool formats take a name, a description and an input schema).
    const measured = selection === "modelContext" ? tools.map(({ name, description, inputSchema }) => ({ name, description, inputSchema })) : tools;
    const bytes = bytesOf(measured);
    expect(bytes <= budget, overBudget(selection, tools, bytes, budget)).toBe(true);
  });
});

describe("the README's figures for its tool selections", () => {
  const readme = readFileSync(new URL("../../../../README.md", import.meta.url), "utf8");
  const kilobytes = (bytes: number) => Math.round(bytes / 1_000);

  it("gives the relationship assistant's URL its tool count and size", async () => {
    const url = `/mcp?areas=${RELATIONSHIP_ASSISTANT_AREAS}`;
    const figures = new RegExp(`${url.replace(/[?]/g, "\\?")}\`\\s*\\((\\d+) tools, about (\\d+) KB\\)`).exec(readme);
    expect(figures, `the README names ${url} with its tool count and size`).not.toBeNull();
    const tools = await listedTools(`?areas=${RELATIONSHIP_ASSISTANT_AREAS}`);
    expect(Number(figures![1])).toBe(tools.length);
    // "About": within 5 KB of the measured size, so a tool or two more does not fail it, a new area does.
    expect(Math.abs(Number(figures![2]) - kilobytes(bytesOf(tools)))).toBeLessThanOrEqual(5);
  });

  it("gives the whole list's size and the model's part of it", async () => {
    const figures = /whole `tools\/list` answer is about (\d+) KB, (\d+) KB of it names, descriptions and input schemas/.exec(readme);
    expect(figures, "the README's sizes of the whole tools/list").not.toBeNull();
    const tools = await listedTools("");
    expect(Math.abs(Number(figures![1]) - kilobytes(bytesOf(tools)))).toBeLessThanOrEqual(10);
    const modelPart = tools.map(({ name, description, inputSchema }) => ({ name, description, inputSchema }));
    expect(Math.abs(Number(figures![2]) - kilobytes(bytesOf(modelPart)))).toBeLessThanOrEqual(5);
  });
});
