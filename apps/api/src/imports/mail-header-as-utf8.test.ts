import { describe, expect, it } from "vitest";
import { mailHeaderAsUtf8 } from "./mail-header-as-utf8.js";

const latin1 = (text: string) => Buffer.from(text, "latin1");

describe("mailHeaderAsUtf8", () => {
  it("writes a Windows-1252 encoded word again in UTF-8, Q or B, with or without a language", () => {
    const repaired = mailHeaderAsUtf8(latin1("Subject: =?windows-1252?Q?Caf=E9_=96_=805?=\r\nTo: =?ISO-8859-1*fr?b?UmVu6WU=?= <r@x.example>\r\n\r\nbody\r\n"));
    expect(repaired?.toString("utf8")).toBe(
      `Subject: =?utf-8?B?${Buffer.from("Café – €5").toString("base64")}?=\r\nTo: =?utf-8?B?${Buffer.from("Renée").toString("base64")}?= <r@x.example>\r\n\r\nbody\r\n`,
    );
  });

  it("reads a header line that is not UTF-8 as Windows-1252, and keeps UTF-8 lines and the body's bytes as they are", () => {
    const repaired = mailHeaderAsUtf8(latin1("From: Fran\xe7ois \x93Fran\x94 <f@x.example>\nTo: J\xc3\xb6rg <j@x.example>\n\nCaf\xe9 \x96\n"));
    expect(repaired).toEqual(Buffer.concat([Buffer.from("From: François “Fran” <f@x.example>\nTo: Jörg <j@x.example>"), latin1("\n\nCaf\xe9 \x96\n")]));
  });

  it("is null when the header block needs nothing: UTF-8, other charsets' encoded words, or no header end", () => {
    expect(mailHeaderAsUtf8(latin1("Subject: =?utf-8?Q?Gr=C3=BC=C3=9Fe?= =?iso-8859-2?Q?=A3?=\r\nFrom: J\xc3\xb6rg <j@x.example>\r\n\r\nCaf\xe9\r\n"))).toBeNull();
    expect(mailHeaderAsUtf8(latin1("Subject: plain"))).toBeNull();
  });
});
