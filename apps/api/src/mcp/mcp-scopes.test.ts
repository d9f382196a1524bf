import { describe, expect, it } from "vitest";
import { readOnlyReason, readOnlyRemedy, readsOnly } from "./mcp-scopes.js";

describe("readsOnly", () => {
  it("lets only the mcp scope write, whatever else is granted", () => {
    expect(readsOnly("mcp")).toBe(false);
    expect(readsOnly("mcp:read mcp")).toBe(false);
    expect(readsOnly("mcp:read")).toBe(true);
    expect(readsOnly("mcp:read offline_access")).toBe(true);
    expect(readsOnly("")).toBe(true);
    expect(readsOnly("mcp:write")).toBe(true);
  });
});

describe("readOnlyReason and readOnlyRemedy", () => {
  it("name the OAuth scope for a token's caller and the key for a key's", () => {
    expect(readOnlyReason("oauth")).toBe("its OAuth access is read-only (scope mcp:read)");
    expect(readOnlyReason("pk_abcd")).toBe("its API key is read-only");
    expect(readOnlyRemedy("oauth")).toBe("OAuth access with scope mcp (signing in again, asking for it)");
    expect(readOnlyRemedy("pk_abcd")).toBe("an API key that is not read-only");
  });
});
