import { describe, expect, it } from "vitest";
import { isClosedSocketError } from "./http-client.js";

const fetchFailure = (code: string) => Object.assign(new TypeError("fetch failed"), { cause: Object.assign(new Error(code), { code }) });

describe("isClosedSocketError", () => {
  it("takes a socket the server closed, found on reading or on writing, for a retry", () => {
    for (const code of ["UND_ERR_SOCKET", "ECONNRESET", "EPIPE"]) expect(isClosedSocketError(fetchFailure(code))).toBe(true);
  });

  it("leaves a refused connection, and errors that are not fetch failures, to the caller", () => {
    expect(isClosedSocketError(fetchFailure("ECONNREFUSED"))).toBe(false);
    expect(isClosedSocketError(Object.assign(new Error("fetch failed"), { cause: { code: "EPIPE" } }))).toBe(false);
    expect(isClosedSocketError(new TypeError("fetch failed"))).toBe(false);
  });
});
