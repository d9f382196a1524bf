/**
 * @module
 * Reads the JSON-RPC message (or batch) posted to `/mcp`, or the JSON-RPC error refusing it: an Accept header that
 * admits neither a JSON answer nor an event stream (406, before the body is read), then a body
 * that is not JSON is a parse error (-32700); a body over the size limit (413), not sent as JSON (415) or
 * holding JSON the body limits refuse (400: nesting, `__proto__`) is an invalid request (-32600) with
 * its HTTP status, and so is a batch where the protocol revision has no batches. A JSON-RPC client reads
 * these, not the REST `{"error"}`; the credentials' 401 before them keeps the REST shape and its
 * `WWW-Authenticate` challenge, which is what the MCP authorization spec has a client act on.
 */
import { INVALID_REQUEST, isInitializeRequest, JSONRPC_VERSION, PARSE_ERROR, type JSONRPCErrorResponse } from "@modelcontextprotocol/server";
import type { Context } from "hono";
import type { AppEnv } from "../app-env.js";
import { MalformedJsonError, readJsonBody, RefusedBodyError, type RefusedBodyStatus } from "../platform/request/json-body.js";
import { acceptedAnswers, BOTH_ANSWERS } from "./accepted-answers.js";

/** The protocol revision whose changelog removed JSON-RPC batching; revisions are dates, so they sort as text. */
export const FIRST_REVISION_WITHOUT_BATCHES = "2025-06-18";

const REVISION_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The most messages a batch may hold: the SDK's own limit, checked here first, so that a batch is refused before its
 * messages are counted against the rate limits.
 */
export const MAX_BATCH_MESSAGES = 100;

/** A JSON-RPC error answering a body that could not be read as a message, so with no id to echo. */
export type UnreadableMessageError = Omit<JSONRPCErrorResponse, "id"> & { id: null };

/** The HTTP status of a POST refused before its message is known: its body's, or 406 for its Accept header. */
export type RefusedMessageStatus = RefusedBodyStatus | 406;

export type McpMessageRead = { message: unknown } | { refusal: UnreadableMessageError; status: RefusedMessageStatus };

function refusal(code: number, message: string, status: RefusedMessageStatus = 400): McpMessageRead {
  return { refusal: { jsonrpc: JSONRPC_VERSION, id: null, error: { code, message } }, status };
}

/**
 * Why `batch` may not be served, or null. A stateless server learns the negotiated revision only
 * from the `MCP-Protocol-Version` header, which a client must send once it negotiated 2025-06-18 or
 * later; without it the spec has the server assume 2025-03-26, which still has batches.
 */
function batchProblem(batch: readonly unknown[], protocolVersion: string | undefined): string | null {
  if (protocolVersion !== undefined && REVISION_PATTERN.test(protocolVersion) && protocolVersion >= FIRST_REVISION_WITHOUT_BATCHES) {
    return `Invalid Request: JSON-RPC batches were removed in protocol revision ${FIRST_REVISION_WITHOUT_BATCHES}, and this request declares MCP-Protocol-Version ${protocolVersion}; send each message in a POST of its own`;
  }
  if (batch.length > MAX_BATCH_MESSAGES) return `Invalid Request: Batch must not exceed ${MAX_BATCH_MESSAGES} messages`;
  // Every revision that has batches forbids this one in a batch: it is what negotiates the revision.
  if (batch.some((message) => isInitializeRequest(message))) {
    return "Invalid Request: an initialize request may not be part of a JSON-RPC batch; send it in a POST of its own";
  }
  return null;
}

/** The message posted to `/mcp`, or the JSON-RPC error to answer instead, with its HTTP status. */
export async function readMcpMessage(context: Context<AppEnv>): Promise<McpMessageRead> {
  const accepted = acceptedAnswers(context.req.header("accept"));
  if (!accepted.json && !accepted.eventStream) {
    return refusal(INVALID_REQUEST, `Invalid Request: Not Acceptable: the Accept header admits neither application/json nor text/event-stream; send Accept: ${BOTH_ANSWERS}`, 406);
  }
  let message: unknown;
  try {
    message = await readJsonBody(context);
  } catch (error) {
    if (error instanceof MalformedJsonError) return refusal(PARSE_ERROR, `Parse error: ${error.message}`);
    if (error instanceof RefusedBodyError) return refusal(INVALID_REQUEST, `Invalid Request: ${error.message}`, error.status);
    throw error;
  }
  if (message === undefined) return refusal(PARSE_ERROR, "Parse error: the request body is empty; send a JSON-RPC message");
  if (Array.isArray(message)) {
    const problem = batchProblem(message, context.req.header("mcp-protocol-version"));
    if (problem !== null) return refusal(INVALID_REQUEST, problem);
  }
  return { message };
}
