/**
 * @module A REST refusal's advice about URL encoding, as a tool call's error says it: a tool's arguments travel as
 * JSON, which nothing URL-decodes, so "send it as %2B" would have an agent send the three characters.
 */
import { PLUS_AS_SPACE_URL_ADVICE } from "../platform/request/common-schemas.js";

/** Over MCP a space in an offset's place is what the agent wrote: the '+' is written as it is. */
const PLUS_AS_SPACE_TOOL_ADVICE = "its offset has a space where its '+' goes: write the '+' itself (a tool argument is JSON, sent as it is), or use Z";

/**
 * `message` with its URL-encoding advice said for a tool argument.
 *
 * @example
 * forToolArguments("... not an ISO 8601 date or date-time: its '+' arrived as a space, ...; send it as %2B, or use Z")
 * // "... not an ISO 8601 date or date-time: its offset has a space where its '+' goes: write the '+' itself ..."
 */
export function forToolArguments(message: string): string {
  return message.replace(PLUS_AS_SPACE_URL_ADVICE, PLUS_AS_SPACE_TOOL_ADVICE);
}
