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

  it("keeps only a UUID in a parameter's place of the route that matched, so a lower-case user name is left out too", () => {
    const pattern = "/v1/persons/:person_uuid/recommended-paths";
    expect(loggedPath("/v1/persons/jsmith/recommended-paths", pattern)).toBe("/v1/persons/[redacted]/recommended-paths");
    expect(loggedPath("/v1/persons/06efa435-6c62-4cb7-9770-f221a0bcd7c6/recommended-paths", pattern)).toBe("/v1/persons/06efa435-6c62-4cb7-9770-f221a0bcd7c6/recommended-paths");
    expect(loggedPath("/v1/lists/7/entities/ada", "/v1/lists/:list_uuid/entities/:entity_uuid")).toBe("/v1/lists/[redacted]/entities/[redacted]");
  });

  it("reads the words rule where the pattern cannot be laid over the path (a wildcard, another length)", () => {
    expect(loggedPath("/v1/persnos/jsmith", "/v1/*")).toBe("/v1/persnos/jsmith");
    expect(loggedPath("/v1/persons/jsmith/x", "/v1/persons/:person_uuid")).toBe("/v1/persons/jsmith/x");
    expect(loggedPath("/v1/persons/Jane", "/v1/*")).toBe("/v1/persons/[redacted]");
  });
});
