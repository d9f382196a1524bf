/**
 * The UUID shape accepted in paths, headers and filters (any version, either case). Written with both cases
 * rather than the `i` flag: JSON Schema patterns carry no flags, so the OpenAPI document and the MCP tool
 * schemas show this source as it is, and a client validating against them must take what the server takes. The
 * three middle groups written once with a repeat: the source is in every UUID argument of the MCP tool list, which
 * hosts load into a model's context.
 */
export const UUID_PATTERN = /^[0-9a-fA-F]{8}(-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}$/;

export const isUuid = (value: string): boolean => UUID_PATTERN.test(value);
