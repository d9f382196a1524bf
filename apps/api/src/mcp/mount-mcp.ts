/**
 * @module
 * `POST /mcp`: the Origin check (`refuse-foreign-origin.ts`, every method), authentication (API key, or an OAuth
 * bearer token when an authorization server is configured), rate limits and the user context exactly as for `/v1`,
 * then the MCP handler (given an Accept header it takes: `accepted-answers.ts`). A tool
 * call runs its operation by passing a built `Request` through the same app in-process, with the
 * MCP request's environment; that inner request is what counts against the limits for a tool call,
 * and every other MCP request counts itself. GET and DELETE answer 405: the server is stateless and
 * opens no event streams.
 */
import type { ApiKeyOwner, User } from "@rapport/store";
import type { Context, Hono, MiddlewareHandler } from "hono";
import type { AppEnv } from "../app-env.js";
import { publicBaseUrl } from "../openapi/serve-openapi-document.js";
import { API_KEY_HEADER, authenticateKey, resolveUserContext, USER_HEADER } from "../platform/auth/authenticate.js";
import { ApiError } from "../platform/errors/api-error.js";
import { errorResponse } from "../platform/errors/error-handlers.js";
import { countRequest, rateLimit } from "../platform/rate-limit/rate-limit.js";
import { toolCallBindings } from "../platform/request/tool-call-bindings.js";
import { acceptedAnswers, withBothAnswersAccepted } from "./accepted-answers.js";
import { citeToolNames, toolOfRoutes } from "./cite-tool-names.js";
import { boundedToolResult } from "./bounded-tool-result.js";
import { asJsonAnswer } from "./event-stream-as-json.js";
import { fileAnswerResult } from "./file-tool-result.js";
import { ACTING_USER_KEY, createRapportMcpHandler, TOOL_CALLER_KEY, TOOL_SELECTION_KEY, type ToolCaller } from "./mcp-handler.js";
import type { ActingUser } from "./mcp-instructions.js";
import type { McpTool } from "./mcp-tools.js";
import { MCP_SCOPES, readOnlyReason, readOnlyRemedy } from "./mcp-scopes.js";
import { readMcpMessage } from "./read-mcp-message.js";
import { refuseForeignOrigin } from "./refuse-foreign-origin.js";
import { forToolArguments } from "./tool-argument-advice.js";
import { buildToolRequest, toolError, toToolResult, withDeclaredLength } from "./tool-request.js";
import { toolSelection, type ToolSelection } from "./tool-selection.js";

export const MCP_PATH = "/mcp";
export const PROTECTED_RESOURCE_METADATA_PATH = "/.well-known/oauth-protected-resource";

/**
 * Headers of an inner response worth showing on the MCP response: the limits the call counted against. Not its
 * `Retry-After`: the MCP answer is a 200 (a refused call is a tool error, which an agent reads; an HTTP 429 would be a
 * transport failure to the SDK's client), where HTTP gives that header no meaning. The tool error carries the wait.
 */
const RATE_LIMIT_HEADER_PATTERN = /^x-ratelimit-/i;

/** Turns an OAuth bearer token into the caller it acts for, or throws a 401 ApiError. */
export type BearerVerifier = (token: string) => Promise<ApiKeyOwner>;

export interface MountMcpOptions {
  /** The tools, asked for on the first `/mcp` request that needs them (the app makes them then). */
  tools: () => readonly McpTool[];
  version: string;
  publicUrl?: string;
  /** Browser origins served besides the public URL's (`RAPPORT_MCP_ALLOWED_ORIGINS`); any other `Origin` is a 403. */
  allowedOrigins?: readonly string[];
  /** OAuth: the authorization server and its token verifier; without it only API keys are accepted. */
  oauth?: { issuer: string; verifyBearer: BearerVerifier };
  /** Marks inner requests (tool calls) whose caller was settled on the way in, by key or bearer token (the /v1 middleware trusts these). */
  trustedCallers: WeakMap<Request, ApiKeyOwner>;
}

/** The MCP resource identifier (RFC 8707) and its metadata URL, for this request. */
export function mcpResource(requestUrl: string, publicUrl: string | undefined) {
  const base = publicBaseUrl(requestUrl, publicUrl);
  return { resource: `${base}${MCP_PATH}`, metadataUrl: `${base}${PROTECTED_RESOURCE_METADATA_PATH}` };
}

function bearerChallenge(metadataUrl: string, error?: { code: string; description: string }): string {
  const parts = [`resource_metadata="${metadataUrl}"`];
  if (error) parts.unshift(`error="${error.code}"`, `error_description="${error.description.replace(/"/g, "'")}"`);
  return `Bearer ${parts.join(", ")}`;
}

function authenticateMcp(options: MountMcpOptions): MiddlewareHandler<AppEnv> {
  const byKey = authenticateKey({ via: "mcp" });
  return async (context, next) => {
    const { metadataUrl } = mcpResource(context.req.url, options.publicUrl);
    const hasKey = Boolean(context.req.header(API_KEY_HEADER)?.trim());
    const bearer = /^Bearer\s+(.+)$/i.exec(context.req.header("authorization") ?? "")?.[1]?.trim();
    if (!hasKey && !(bearer && options.oauth)) {
      const message = options.oauth
        ? `missing credentials: send an OAuth bearer token (discover the authorization server at ${metadataUrl}) or an API key in ${API_KEY_HEADER}`
        : `missing API key: send it in the ${API_KEY_HEADER} header`;
      throw new ApiError(401, message, { "WWW-Authenticate": bearerChallenge(metadataUrl) });
    }
    try {
      if (hasKey) await byKey(context, async () => undefined);
      else context.set("apiKeyOwner", await options.oauth!.verifyBearer(bearer!));
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 401) throw error;
      // RFC 6750: a rejected bearer token is `invalid_token`; a rejected key just points at the metadata.
      const challenge = hasKey ? bearerChallenge(metadataUrl) : bearerChallenge(metadataUrl, { code: "invalid_token", description: error.message });
      throw new ApiError(401, error.message, { ...error.headers, "WWW-Authenticate": challenge });
    }
    await next();
  };
}

const isEventStream = (response: Response) => /^text\/event-stream\b/i.test(response.headers.get("content-type") ?? "");

/** A JSON-RPC request calling a tool that exists: the operation it runs is counted instead. */
function isKnownToolCall(message: unknown, toolNames: ReadonlySet<string>): boolean {
  if (typeof message !== "object" || message === null || Array.isArray(message)) return false;
  const { method, params } = message as { method?: unknown; params?: { name?: unknown } };
  return method === "tools/call" && typeof params?.name === "string" && toolNames.has(params.name);
}

/** The user context's identity, as the instructions name it; null for a tenant-wide call. */
const actingUserOf = (user: User | null): ActingUser | null => (user ? { uuid: user.uuid, person_uuid: user.person_uuid, name: user.name } : null);

/** What `mountMcp` makes of the tools: the SDK handler, every tool's name, and the tool of each REST route. */
function madeOfTools(tools: readonly McpTool[], version: string) {
  return {
    tools,
    handler: createRapportMcpHandler({ tools, version }),
    everyTool: new Set(tools.map((tool) => tool.name)) as ReadonlySet<string>,
    // An error citing an operation by its REST path names its tool too, one the client has: an agent calls tools.
    toolOf: toolOfRoutes(tools),
  };
}

export function mountMcp(app: Hono<AppEnv>, options: MountMcpOptions) {
  let made: ReturnType<typeof madeOfTools> | undefined;
  const madeOf = () => (made ??= madeOfTools(options.tools(), options.version));
  const countMcpRequest = rateLimit();
  const resolveUser = resolveUserContext();
  /**
   * Counts a request refused before its message is known (a URL selecting no tools, a body that is no message), with
   * the limit headers on the refusal. That refusal is the answer even past a limit: the body is checked first.
   */
  const countRefusedRequest = async (context: Context<AppEnv>) => {
    const { headers } = await countRequest(context.get("services"), context.get("apiKeyOwner"));
    for (const name in headers) context.header(name, headers[name]);
  };

  // RFC 9728, at the root and at the path-aware location for the /mcp resource.
  const serveMetadata = (context: Context<AppEnv>) => {
    const { resource } = mcpResource(context.req.url, options.publicUrl);
    const base = publicBaseUrl(context.req.url, options.publicUrl);
    return context.json({
      resource,
      ...(options.oauth ? { authorization_servers: [options.oauth.issuer], scopes_supported: [...MCP_SCOPES] } : {}),
      bearer_methods_supported: options.oauth ? ["header"] : [],
      resource_name: "Rapport MCP server",
      resource_documentation: `${base}/docs`,
    });
  };
  app.get(PROTECTED_RESOURCE_METADATA_PATH, serveMetadata);
  app.get(`${PROTECTED_RESOURCE_METADATA_PATH}${MCP_PATH}`, serveMetadata);
  const parsedBodies = new WeakMap<Request, unknown>();
  /** The tools each request's URL selects, and their names; absent, every tool. */
  const selections = new WeakMap<Request, { selection: ToolSelection; names: ReadonlySet<string> }>();
  const toolNamesOf = (request: Request) => selections.get(request)?.names ?? madeOf().everyTool;
  /** The tools the request's URL and credential select, and those of an administrator left out for `member`. */
  const selectionOf = (context: Context<AppEnv>, member?: string) => {
    const { key } = context.get("apiKeyOwner");
    return toolSelection(new URL(context.req.url).searchParams, madeOf().tools, {
      readOnlyKey: key.read_only,
      readOnlyReason: readOnlyReason(key.key_prefix),
      readOnlyRemedy: readOnlyRemedy(key.key_prefix),
      ...(member === undefined ? {} : { member }),
    });
  };

  // Every method, before the credentials: a web page from another origin learns nothing of them.
  app.use(MCP_PATH, refuseForeignOrigin({ publicUrl: options.publicUrl, allowedOrigins: options.allowedOrigins }));
  app.post(
    MCP_PATH,
    authenticateMcp(options),
    async (context, next) => {
      const url = new URL(context.req.url);
      const { key } = context.get("apiKeyOwner");
      const readOnlyKey = key.read_only;
      if (url.search !== "" || readOnlyKey) {
        const selection = selectionOf(context);
        if ("error" in selection) {
          await countRefusedRequest(context);
          return errorResponse(context, 400, selection.error);
        }
        selections.set(context.req.raw, { selection, names: new Set(selection.tools.map((tool) => tool.name)) });
      }
      const read = await readMcpMessage(context);
      if ("refusal" in read) {
        await countRefusedRequest(context);
        return context.json(read.refusal, read.status);
      }
      const { message } = read;
      parsedBodies.set(context.req.raw, message);
      const names = toolNamesOf(context.req.raw);
      if (isKnownToolCall(message, names)) return next();
      // A batch's messages other than known tool calls (which count through their operations) count one each, this
      // POST the first: counted once, a batch of 100 `tools/list` had the server build 33 MB for one unit.
      const others = Array.isArray(message) ? message.filter((entry) => !isKnownToolCall(entry, names)).length : 1;
      for (let unit = 1; unit < others; unit += 1) {
        const { headers, refusal } = await countRequest(context.get("services"), context.get("apiKeyOwner"));
        for (const name in headers) context.header(name, headers[name]);
        if (refusal !== null) throw refusal;
      }
      return countMcpRequest(context, next);
    },
    async (context, next) => {
      const message = parsedBodies.get(context.req.raw);
      const knownToolCall = isKnownToolCall(message, toolNamesOf(context.req.raw));
      // A known tool call counts through its operation, which a refused user context never reaches: it counts
      // here, and over a limit the 429 comes first, as for any other request.
      let refusal: unknown = null;
      await resolveUser(context, async () => undefined).catch((error: unknown) => (refusal = error));
      if (refusal !== null) {
        if (!knownToolCall) throw refusal;
        return countMcpRequest(context, async () => {
          throw refusal;
        });
      }
      // A member is offered no administrator's tool, whatever the credential (a key, x-service-user-id, OAuth).
      const { user, isAdministrator } = context.get("auth");
      if (!isAdministrator) {
        const selection = selectionOf(context, user!.name) as ToolSelection;
        selections.set(context.req.raw, { selection, names: new Set(selection.tools.map((tool) => tool.name)) });
        // A call of one was not counted on the way in, as a known tool's: refused now, it counts as an MCP request.
        if (knownToolCall && !isKnownToolCall(message, toolNamesOf(context.req.raw))) return countMcpRequest(context, next);
      }
      await next();
    },
    async (context) => {
      const origin = new URL(context.req.url).origin;
      const owner = context.get("apiKeyOwner");
      const forwarded: Record<string, string> = { "x-request-id": context.get("requestId") };
      for (const name of [API_KEY_HEADER, USER_HEADER]) {
        const value = context.req.header(name);
        if (value !== undefined) forwarded[name] = value;
      }
      // Limit headers of the operations a tool call ran, shown on the MCP response.
      const innerHeaders = new Headers();
      // A call of a known tool was not counted on the way in: the operation it runs counts it. One that never
      // reaches an operation (arguments that build no request, or a message the SDK refuses or takes as a
      // notification) is counted here instead, so that every MCP POST counts once.
      let counted = !isKnownToolCall(parsedBodies.get(context.req.raw), toolNamesOf(context.req.raw));
      const countHere = async () => {
        counted = true;
        const { headers, refusal } = await countRequest(context.get("services"), owner);
        for (const name in headers) innerHeaders.set(name, headers[name]!);
        return refusal;
      };
      const callTool: ToolCaller = async (tool, args) => {
        const selected = toolNamesOf(context.req.raw);
        const built = buildToolRequest(tool, args, origin, forwarded, (name) => selected.has(name));
        if (!(built instanceof Request)) {
          const refusal = await countHere();
          return refusal ? toolError(refusal.status, refusal.message, refusal.headers["retry-after"]) : { content: [{ type: "text", text: built.error }], isError: true };
        }
        const request = await withDeclaredLength(built);
        // The caller was settled on the way in (and its key's use noted as MCP): the operation takes it as found.
        options.trustedCallers.set(request, owner);
        counted = true;
        // The operation gets the MCP request's connection (its peer address) but not its response: a list that
        // fails after its first part would cut that response's socket, and with it the MCP answer. Without it
        // the list's stream errors, which toToolResult turns into a tool error.
        const response = await app.fetch(request, toolCallBindings({ ...(context.env as object), outgoing: undefined }, (name) => selected.has(name)));
        for (const [name, value] of response.headers) {
          if (RATE_LIMIT_HEADER_PATTERN.test(name)) innerHeaders.set(name, value);
        }
        if (tool.route.answersBytes && response.ok) return fileAnswerResult(tool, args, response);
        // An answer too large for an agent's context is cut to its first records, with the arguments for the rest.
        return boundedToolResult(tool, args, await toToolResult(response, (message) => citeToolNames(forToolArguments(message), madeOf().toolOf, (name) => selected.has(name))));
      };
      // The SDK's transport refuses (406) an Accept header that does not name both answers, `*/*` and a lone
      // `application/json` too: it is given one that does, and a client that takes no event stream gets JSON (below).
      const response = await madeOf().handler.fetch(withBothAnswersAccepted(context.req.raw), {
        parsedBody: parsedBodies.get(context.req.raw),
        authInfo: {
          token: "",
          clientId: owner.key.uuid,
          scopes: [],
          extra: {
            [TOOL_CALLER_KEY]: callTool,
            [TOOL_SELECTION_KEY]: selections.get(context.req.raw)?.selection,
            [ACTING_USER_KEY]: actingUserOf(context.get("auth").user),
          },
        },
      });
      // A 2025-era answer is a stream whose headers would leave before the tool call has run; a stateless tool call's
      // stream ends with its one result, which is written only once the call is done, so reading it whole first
      // delays nothing and lets the answer carry the limit headers of the call, as every response does.
      const message = parsedBodies.get(context.req.raw);
      const answer = isEventStream(response) && !acceptedAnswers(context.req.header("accept")).eventStream ? await asJsonAnswer(response, Array.isArray(message)) : response;
      const body = isKnownToolCall(message, toolNamesOf(context.req.raw)) && isEventStream(answer) ? await answer.text() : answer.body;
      // Answered already: a refusal can only be recorded, and the next request meets it.
      if (!counted) await countHere();
      for (const [name, value] of innerHeaders) context.header(name, value);
      // Keeps the headers set so far (request id, rate limits) on the SDK's response.
      return context.newResponse(body, answer);
    },
  );

  app.all(MCP_PATH, (context) => {
    context.header("Allow", "POST");
    return errorResponse(
      context,
      405,
      `${context.req.method} is not supported on ${MCP_PATH}: this MCP server is stateless (no sessions, no event streams); send each JSON-RPC message as a POST`,
    );
  });
}
