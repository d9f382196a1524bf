import { describe, expect, it } from "vitest";
import { parseMailWithCharsets } from "./postal-mime-with-charsets.js";

const cp437Message = Buffer.from("Content-Type: text/plain; charset=cp437\r\n\r\n\xc9\xcd\xbb Caf\x82", "latin1");

describe("parseMailWithCharsets", () => {
  it("decodes a text part postal-mime misreads, and leaves the parts it reads right as it reads them", async () => {
    expect((await parseMailWithCharsets(cp437Message)).text).toBe("╔═╗ Café\n");
    const utf8Message = Buffer.from("Content-Type: text/plain; charset=utf-8\r\n\r\nGrüße \u0096");
    expect((await parseMailWithCharsets(utf8Message)).text).toBe("Grüße \u0096\n");
  });
});
