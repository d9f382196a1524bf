/** How the command line writes text and JSON for a terminal: no control character reaches it raw. */
import { describe, expect, it } from "vitest";
import { jsonForTerminal, printable } from "./cli-output.js";

describe("jsonForTerminal", () => {
  it("escapes DEL and every C1 control character, leaving the document the same to a parser", () => {
    const document = { name: "a\u007fb\u0080c\u009bd\u009f", other: "é\u00a0ü" };
    const text = jsonForTerminal(JSON.stringify(document));
    expect(text).toBe('{"name":"a\\u007fb\\u0080c\\u009bd\\u009f","other":"é\u00a0ü"}');
    expect(JSON.parse(text)).toEqual(document);
  });

  it("leaves JSON without them as it is, escapes JSON.stringify made included", () => {
    const text = JSON.stringify({ name: "Ada \u001b[2J \\u0085" }, null, 2);
    expect(jsonForTerminal(text)).toBe(text);
  });
});

describe("printable", () => {
  it("shows C0, DEL and C1 as \\xNN, keeping the tab", () => {
    expect(printable("a\u001b[2J\tb\u007f\u009b")).toBe("a\\x1b[2J\tb\\x7f\\x9b");
  });
});
