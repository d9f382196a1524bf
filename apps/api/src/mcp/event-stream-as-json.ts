/**
 * @module
 * An MCP answer sent as an event stream, as a JSON answer, for a client whose Accept header admits JSON only: the SDK's
 * 2025-era transport answers every request with a stream, whose `message` events carry the JSON-RPC responses.
 */
import { createParser } from "eventsource-parser";
import { INTERNAL_ERROR, JSONRPC_VERSION } from "@modelcontextprotocol/server";

/** Headers of an event stream that a JSON answer does not keep. */
const STREAM_HEADERS = ["content-type", "cache-control", "connection", "x-accel-buffering", "content-length"];

const isResponse = (message: unknown) =>
  typeof message === "object" && message !== null && !Array.isArray(message) && "id" in message && ("result" in message || "error" in message);

/**
 * The JSON-RPC responses of an event stream's text, in order: the data of each `message` event, those that are
 * responses (a notification a JSON answer cannot carry is left out, as the SDK's JSON mode does).
 *
 * @example
 * eventStreamResponses('event: message\ndata: {"jsonrpc":"2.0","id":1,"result":{}}\n\n'); // [{ jsonrpc: "2.0", id: 1, result: {} }]
 */
export function eventStreamResponses(stream: string): unknown[] {
  const responses: unknown[] = [];
  const parser = createParser({
    onEvent({ event, data }) {
      if ((event ?? "message") !== "message") return;
      try {
        const message: unknown = JSON.parse(data);
        if (isResponse(message)) responses.push(message);
      } catch {
        // Not a message: nothing a JSON answer can carry.
      }
    },
  });
  parser.feed(stream);
  // The stream has ended: its last event counts without the blank line that ends one in a live stream.
  parser.feed("\n\n");
  return responses;
}

/**
 * `response`, an event stream, read whole and answered as JSON: its one response, or for a batch (`batch`) the list
 * of them, with the stream's status and other headers. A stream without a response (cut short) is a JSON-RPC internal
 * error, HTTP 500.
 */
export async function asJsonAnswer(response: Response, batch: boolean): Promise<Response> {
  const responses = eventStreamResponses(await response.text());
  const headers = new Headers(response.headers);
  for (const name of STREAM_HEADERS) headers.delete(name);
  headers.set("content-type", "application/json");
  if (responses.length === 0) {
    const error = { jsonrpc: JSONRPC_VERSION, id: null, error: { code: INTERNAL_ERROR, message: "Internal error: the answer ended before its response" } };
    return new Response(JSON.stringify(error), { status: 500, headers });
  }
  return new Response(JSON.stringify(batch ? responses : responses[0]), { status: response.status, headers });
}
