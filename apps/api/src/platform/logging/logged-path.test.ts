import { describe, expect, it } from "vitest";
import { loggedPath } from "./logged-path.js";

describe("loggedPath", () => {
  it("keeps the routes' words and UUIDs, in either case", () => {
    for (const path of ["/v1/persons", "/v1/persons/06efa435-6c62-4cb7-9770-f221a0bcd7c6/recommended-paths", "/v1/openapi.json", "/.well-known/oauth-protected-resource", "/v1//persons/", "/v1/PERSONS/06EFA435-6C62-4CB7-9770-F221A0BCD7C6".toLowerCase()]) {
      expect(loggedPath(path)).toBe(path);
    }
    expect(loggedPath("/v1/persons/06EFA435-6C62-4CB7-9770-F221A0BCD7C6")).toBe("/v1/persons/06EFA435-6C62-4CB7-9770-F221A0BCD7C6");
  });

  it("leaves out a segment that could be personal data: an address, a name, anything with upper case, spaces or escapes", () => {
    expect(loggedPath("/v1/persons/jane.doe@bank.example/recommended-paths")).toBe("/v1/persons/[redacted]/recommended-paths");
    expect(loggedPath("/v1/persons/Jane Doe")).toBe("/v1/persons/[redacted]");
    expect(loggedPath("/v1/persons/Jane%20Doe")).toBe("/v1/persons/[redacted]");
    expect(loggedPath("/v1/companies/Globex")).toBe("/v1/companies/[redacted]");
  });
});
