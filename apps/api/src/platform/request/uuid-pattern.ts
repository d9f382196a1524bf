/**
 * The UUID shape accepted in paths, headers and filters (any version, either case). Written with both cases
 * rather than the `i` flag: JSON Schema patterns carry no flags, so the OpenAPI document and the MCP tool
 * schemas show this source as it is, and a client validating against them must take what the server takes.
 */
export const UUID_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

export const isUuid = (value: string): boolean => UUID_PATTERN.test(value);
