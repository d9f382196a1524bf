/** Operations cited by method and path, named by their tools: exact paths, paths with values, literal segments first. */
import { describe, expect, it } from "vitest";
import { citedTools, citedWithin, citeToolNames, toolOfRoutes } from "./cite-tool-names.js";

const toolOf = toolOfRoutes([
  { name: "listPersons", route: { method: "GET", path: "/v1/persons" } },
  { name: "getPerson", route: { method: "GET", path: "/v1/persons/{person_uuid}" } },
  { name: "createPersonsBatch", route: { method: "POST", path: "/v1/persons/batch" } },
  { name: "mergePerson", route: { method: "POST", path: "/v1/persons/{person_uuid}/merge" } },
]);

describe("citeToolNames", () => {
  it("names the tool after each operation cited, a query string and a path with values included", () => {
    expect(citeToolNames("find it with GET /v1/persons?name=jordan, then merge", toolOf)).toBe("find it with GET /v1/persons?name=jordan (tool listPersons), then merge");
    expect(citeToolNames("read GET /v1/persons/0b1c or POST /v1/persons/0b1c/merge.", toolOf)).toBe("read GET /v1/persons/0b1c (tool getPerson) or POST /v1/persons/0b1c/merge (tool mergePerson).");
    expect(citeToolNames("send the rest to POST /v1/persons/batch", toolOf)).toBe("send the rest to POST /v1/persons/batch (tool createPersonsBatch)");
  });

  it("leaves an operation no tool serves as it is", () => {
    expect(citeToolNames("DELETE /v1/persons and GET /v1/unknown/path", toolOf)).toBe("DELETE /v1/persons and GET /v1/unknown/path");
  });

  it("says an operation has no tool of the client where the client lacks its tool", () => {
    const hasTool = (name: string) => name === "listPersons";
    expect(citeToolNames("find it with GET /v1/persons?name=, then POST /v1/persons/0b1c/merge", toolOf, hasTool)).toBe(
      "find it with GET /v1/persons?name= (tool listPersons), then POST /v1/persons/0b1c/merge (no tool of this client)",
    );
  });

  it("reads a text citing every tool within a client's tools", () => {
    const written = citeToolNames("GET /v1/persons or POST /v1/persons/batch", toolOf);
    expect(citedTools(written)).toEqual(["listPersons", "createPersonsBatch"]);
    expect(citedWithin(written, (name) => name === "listPersons")).toBe("GET /v1/persons (tool listPersons) or POST /v1/persons/batch (no tool of this client)");
    expect(citedWithin(written, () => true)).toBe(written);
  });
});
