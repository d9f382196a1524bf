/** Redirect URIs a client may register: HTTPS, or plain HTTP to the loopback only. */
import { describe, expect, it } from "vitest";
import { redirectUriProblem } from "./redirect-uri-policy.js";

describe("redirectUriProblem", () => {
  it("allows HTTPS anywhere and HTTP on the loopback", () => {
    for (const uri of ["https://agent.example.com/callback", "http://127.0.0.1:9/callback", "http://localhost:3000/cb", "http://[::1]:8080/cb", "cursor://anysphere.cursor-retrieval/oauth/callback"]) {
      expect(redirectUriProblem(uri), uri).toBeNull();
    }
  });

  it("refuses plain HTTP to any other host, a name that only starts like the loopback's included", () => {
    for (const uri of ["http://agent.example.com/callback", "http://10.0.0.5/cb", "http://127.0.0.1.example.com/cb", "http://localhost.example.com/cb"]) {
      expect(redirectUriProblem(uri), uri).toContain("must use https, or http on the loopback");
    }
  });
});
