/**
 * @module
 * The one error type handlers throw. Its status is the machine-readable signal; its message is
 * what the caller reads in `{"error": "..."}`, so it says what to fix.
 */
export type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 408 | 409 | 412 | 413 | 415 | 422 | 429 | 500 | 503;

/** Whether the client making a tool call may call the tool named `tool` (its /mcp URL or credential may select fewer). */
export type HasTool = (tool: string) => boolean;

/** A tool call's message: fixed, or written for the tools the calling client has (a hint names only tools it can call). */
export type ToolMessage = string | ((hasTool: HasTool) => string);

/** What a handler throws to answer `status` with `{"error": message}`. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  constructor(
    readonly status: ErrorStatus,
    message: string,
    /** Extra response headers (Retry-After on a 429, WWW-Authenticate on a 401). */
    readonly headers: Record<string, string> = {},
    /**
     * The message for a call made through an MCP tool, where `message` gives advice only a REST client can follow
     * (a request header to send) or names a tool; absent, `message` serves both.
     */
    readonly toolMessage?: ToolMessage,
  ) {
    super(message);
  }
}

/**
 * A 400; `toolMessage` replaces `message` for a call made through an MCP tool.
 *
 * @example
 * badRequest("send x-service-user-id", "create it as a WORKSPACE task")
 */
export const badRequest = (message: string, toolMessage?: ToolMessage) => new ApiError(400, message, {}, toolMessage);
export const unauthorized = (message: string) => new ApiError(401, message);
export const forbidden = (message: string) => new ApiError(403, message);
export const notFound = (message: string) => new ApiError(404, message);
export const conflict = (message: string) => new ApiError(409, message);
