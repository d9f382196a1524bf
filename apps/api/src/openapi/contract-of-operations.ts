/**
 * @module The OpenAPI document and MCP tools an operation table yields, made once per table: building them took
 * 160-320 ms on a loaded 2-core machine, paid by every `createApp`, and the test suite makes about 500 apps.
 */
import { buildMcpTools, type McpTool } from "../mcp/mcp-tools.js";
import type { AnyOperation } from "../operations/operation.js";
import { buildOpenApiDocument, type OpenApiDocument } from "./build-openapi-document.js";

/** What {@link contractOfOperations} yields: both frozen, since every app made from one table shares them. */
export interface OperationContract {
  openApiDocument: OpenApiDocument;
  mcpTools: readonly McpTool[];
}

const madeForTables = new WeakMap<readonly AnyOperation[], Map<string, OperationContract>>();

/**
 * The OpenAPI document of `operations` at `version` and the MCP tools it yields, made on the first call for that
 * table (by identity) and version and returned again after. Deeply frozen: a caller that changed them would change
 * every other app's, so it throws instead.
 */
export function contractOfOperations(operations: readonly AnyOperation[], version: string): OperationContract {
  let byVersion = madeForTables.get(operations);
  if (!byVersion) madeForTables.set(operations, (byVersion = new Map()));
  const made = byVersion.get(version);
  if (made) return made;
  const openApiDocument = deepFreeze(buildOpenApiDocument(operations, { version }));
  const contract = { openApiDocument, mcpTools: deepFreeze(buildMcpTools(openApiDocument)) };
  byVersion.set(version, contract);
  return contract;
}

function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<PropertyKey, unknown>)[key]);
  return value;
}
