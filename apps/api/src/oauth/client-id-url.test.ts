/** Client ID Metadata Document URLs the authorization server may fetch. */
import { describe, expect, it } from "vitest";
import { isFetchableClientIdUrl } from "./client-id-url.js";

describe("isFetchableClientIdUrl", () => {
  it("allows HTTPS URLs on public host names", () => {
    expect(isFetchableClientIdUrl("https://agent.example.com/oauth/client.json")).toBe(true);
  });

  it("refuses plain HTTP, IP literals, local names and credentials in the URL", () => {
    for (const url of [
      "http://agent.example.com/client.json",
      "https://127.0.0.1/client.json",
      "https://10.0.0.5/client.json",
      "https://[::1]/client.json",
      "https://169.254.169.254/latest/meta-data",
      "https://localhost/client.json",
      "https://printer.local/client.json",
      "https://metadata/client.json",
      "https://user:pass@agent.example.com/client.json",
      "not a url",
    ]) {
      expect(isFetchableClientIdUrl(url), url).toBe(false);
    }
  });
});
