import { describe, expect, it } from "vitest";
import { allowedMethods, declaredPathResolver, methodNotAllowed, shapeOf } from "./declared-paths.js";

const declaredPathOf = declaredPathResolver([
  { method: "get", path: "/v1/emails/{email_uuid}" },
  { method: "post", path: "/v1/emails/batch" },
  { method: "get", path: "/v1/things/{thing_uuid}/parts" },
  { method: "delete", path: "/v1/things/{id}/parts" },
  { method: "put", path: "/v1/a/{x}/b" },
  { method: "patch", path: "/v1/a/c/{y}" },
]);

describe("declaredPathResolver", () => {
  it("takes a literal segment over a parameter: /v1/emails/batch is the POST-only path, not an email uuid", () => {
    expect(declaredPathOf("/v1/emails/batch")).toEqual({ shape: "/v1/emails/batch", methods: ["POST"] });
    expect(declaredPathOf("/v1/emails/not-a-uuid")).toEqual({ shape: "/v1/emails/{}", methods: ["GET"] });
  });

  it("decides at the first segment where two matching paths differ", () => {
    expect(declaredPathOf("/v1/a/c/b")).toEqual({ shape: "/v1/a/c/{}", methods: ["PATCH"] });
    expect(declaredPathOf("/v1/a/d/b")).toEqual({ shape: "/v1/a/{}/b", methods: ["PUT"] });
  });

  it("counts paths that differ only in parameter names as one path", () => {
    expect(declaredPathOf("/v1/things/9/parts")).toEqual({ shape: "/v1/things/{}/parts", methods: ["DELETE", "GET"] });
  });

  it("answers undefined for a path it does not declare, one segment more or less included", () => {
    expect(declaredPathOf("/v1/emails")).toBeUndefined();
    expect(declaredPathOf("/v1/emails/batch/more")).toBeUndefined();
    expect(declaredPathOf("/v1/things//parts")).toBeUndefined();
  });
});

describe("methodNotAllowed", () => {
  it("lists HEAD wherever GET is served", () => {
    expect(allowedMethods({ shape: "/v1/x", methods: ["GET", "POST"] })).toEqual(["GET", "HEAD", "POST"]);
    expect(allowedMethods({ shape: "/v1/x", methods: ["POST"] })).toEqual(["POST"]);
  });

  it("is a 405 naming the methods to use, with the Allow header", () => {
    const refusal = methodNotAllowed("delete", "/v1/x", { shape: "/v1/x", methods: ["GET", "POST"] });
    expect(refusal.status).toBe(405);
    expect(refusal.message).toBe("method DELETE is not allowed on /v1/x; use GET, HEAD or POST");
    expect(refusal.headers).toEqual({ Allow: "GET, HEAD, POST" });
  });

  it("writes a shape with {} for each parameter", () => {
    expect(shapeOf("/v1/lists/{list_uuid}/entities/{entity_uuid}")).toBe("/v1/lists/{}/entities/{}");
  });
});
