import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { pinToIssuer } from "./pin-to-issuer.js";

describe("pinToIssuer", () => {
  it("gives the request the issuer's host and scheme, whatever host or forwarded host and scheme it names", () => {
    const incoming = { headers: { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "http", accept: "*/*" } } as unknown as IncomingMessage;
    pinToIssuer(incoming, new URL("https://rapport.example:8443"));
    expect(incoming.headers).toEqual({ host: "rapport.example:8443", "x-forwarded-proto": "https", accept: "*/*" });
  });
});
