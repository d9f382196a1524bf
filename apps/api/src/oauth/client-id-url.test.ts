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

  it("refuses a local name written as a fully qualified name, with its trailing dot", () => {
    // `localhost.` and `metadata.google.internal.` resolve as the names without the dot do.
    for (const url of [
      "https://localhost./client.json",
      "https://LOCALHOST./client.json",
      "https://localhost../client.json",
      "https://printer.local./client.json",
      "https://metadata.google.internal./computeMetadata/v1/",
      "https://metadata./client.json",
    ]) {
      expect(isFetchableClientIdUrl(url), url).toBe(false);
    }
    expect(isFetchableClientIdUrl("https://agent.example.com./oauth/client.json")).toBe(true);
  });

  it("reads a long run of dots in one pass", () => {
    // Cut with `/\.+$/`, the dots before `b` were each tried as the start of the trailing run: about 7 s for these.
    expect(isFetchableClientIdUrl(`https://a${".".repeat(100_000)}b.example/client.json`)).toBe(true);
    expect(isFetchableClientIdUrl(`https://localhost${".".repeat(100_000)}/client.json`)).toBe(false);
  });
});
