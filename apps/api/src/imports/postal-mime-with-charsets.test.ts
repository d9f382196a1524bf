import PostalMime from "postal-mime";
import { describe, expect, it } from "vitest";
import { parseMailWithCharsets } from "./postal-mime-with-charsets.js";

const cp437Message = Buffer.from("Content-Type: text/plain; charset=cp437\r\n\r\n\xc9\xcd\xbb Caf\x82", "latin1");

describe("parseMailWithCharsets", () => {
  it("decodes a text part postal-mime misreads, and leaves postal-mime's own parses, run beside it, as they were", async () => {
    const [withCharsets, alone] = await Promise.all([parseMailWithCharsets(cp437Message), PostalMime.parse(cp437Message)]);
    expect(withCharsets.text).toBe("╔═╗ Café\n");
    expect(alone.text).toBe("\u00c9\u00cd\u00bb Caf\u0082\n");
  });
});
