import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { MAX_KEPT_MIME_DELIMITERS, parseMailMessage } from "./parse-mail-message.js";

const latin1 = (text: string) => Buffer.from(text, "latin1");

/** François's offer, written by a Windows mail client: 8-bit header bytes, Windows-1252 encoded words and body. */
function windows1252Message(options: { messageId: boolean; contentType: string }): Buffer {
  return latin1(
    [
      "From: Fran\xe7ois Martin <francois@lumiere.example>",
      "To: =?windows-1252?Q?Ren=E9e_=93Ray=94_Dubois?= <renee@lumiere.example>",
      "Subject: =?iso-8859-1?Q?Offre_=96_=8030?=",
      "Date: Tue, 13 Oct 2026 09:00:00 +0200",
      ...(options.messageId ? ["Message-ID: <offer@lumiere.example>"] : []),
      `Content-Type: ${options.contentType}`,
      "Content-Transfer-Encoding: 8bit",
      "",
      "Prix \x96 \x8030, \x93net\x94\x85",
      "",
    ].join("\r\n"),
  );
}

describe("parseMailMessage", () => {
  it("keeps no body of a message with more MIME part delimiters than real mail has, and imports it", async () => {
    const message = (parts: number) =>
      Buffer.from(
        [
          "From: Ada <ada@acme.example>",
          "To: bo@acme.example",
          "Date: Mon, 1 Jan 2024 00:00:00 +0000",
          "Message-ID: <parts@acme.example>",
          "Content-Type: multipart/mixed; boundary=B",
          "",
          "--B",
          "Content-Type: text/plain",
          "",
          "hello",
          ...Array.from({ length: parts - 1 }, () => "--B\n"),
          "--B--",
          "",
        ].join("\n"),
      );
    const kept = await parseMailMessage(message(MAX_KEPT_MIME_DELIMITERS - 1), { keepBody: true });
    expect(kept).toMatchObject({ item: { body_text: expect.stringMatching(/^hello/) } });
    // postal-mime held the event loop about 3.6 s for the 133,000 empty parts of an 800 KB kept message.
    const refused = await parseMailMessage(message(MAX_KEPT_MIME_DELIMITERS + 1), { keepBody: true });
    expect(refused).toMatchObject({ item: { message_id: "<parts@acme.example>", from: { email: "ada@acme.example" }, body_text: null } });
  });

  it("reads Windows-1252 subjects, display names and bodies as Windows-1252, not ISO-8859-1", async () => {
    const parsed = await parseMailMessage(windows1252Message({ messageId: true, contentType: "text/plain; charset=windows-1252" }), { keepBody: true });
    expect(parsed).toEqual({
      item: {
        type: "email",
        message_id: "<offer@lumiere.example>",
        sent_at: Date.UTC(2026, 9, 13, 7),
        subject: "Offre – €30",
        from: { email: "francois@lumiere.example", name: "François Martin" },
        to: [{ email: "renee@lumiere.example", name: "Renée “Ray” Dubois" }],
        cc: [],
        body_text: "Prix – €30, “net”…\n",
      },
    });
  });

  it("reads a display name and a subject whose encoded words cut a character between them (王小明, not 王���明)", async () => {
    const name = Buffer.from("王小明", "utf8");
    const subject = Buffer.from("会議の件について", "utf8");
    const word = (bytes: Buffer) => `=?UTF-8?B?${bytes.toString("base64")}?=`;
    const raw = Buffer.from(
      [
        `From: ${word(name.subarray(0, 4))} ${word(name.subarray(4))} <wang@bank.example>`,
        "To: ayse@bank.example",
        `Subject: ${word(subject.subarray(0, 10))}`,
        ` ${word(subject.subarray(10))}`,
        "Date: Mon, 30 Nov 2026 10:00:00 +0000",
        "Message-ID: <split@bank.example>",
        "",
        "Hello",
        "",
      ].join("\r\n"),
    );
    const parsed = await parseMailMessage(raw, { keepBody: false });
    expect(parsed).toMatchObject({ item: { from: { email: "wang@bank.example", name: "王小明" }, subject: "会議の件について" } });
  });

  it("reads names and subjects written raw in the message's charset (Shift_JIS, KOI8-R, ISO-2022-JP's escapes), not as Windows-1252", async () => {
    // ISO-2022-JP: JIS X 0208 between ESC $ B and ESC ( B; its bytes are EUC-JP's less 0x80.
    const jis = (text: string) => Buffer.concat([Buffer.from("\x1b$B", "latin1"), iconv.encode(text, "euc-jp").map((byte) => byte - 0x80), Buffer.from("\x1b(B", "latin1")]);
    const message = (charset: string, name: Buffer, subject: Buffer) =>
      Buffer.concat([
        Buffer.from("From: "), name, Buffer.from(" <sender@bank.example>\r\nTo: bo@acme.example\r\nSubject: "), subject,
        Buffer.from(`\r\nDate: Mon, 7 Dec 2026 10:00:00 +0545\r\nMessage-ID: <${charset}@bank.example>\r\nContent-Type: text/plain;\r\n charset="${charset}"\r\n\r\n`),
      ]);
    const read = async (raw: Buffer) => {
      const parsed = await parseMailMessage(raw, { keepBody: false });
      return "item" in parsed ? [parsed.item.from.name, parsed.item.subject] : parsed;
    };
    expect(await read(message("Shift_JIS", iconv.encode("佐藤花子", "shift_jis"), iconv.encode("会議の件", "shift_jis")))).toEqual(["佐藤花子", "会議の件"]);
    expect(await read(message("KOI8-R", iconv.encode("Иван Петров", "koi8-r"), iconv.encode("Встреча", "koi8-r")))).toEqual(["Иван Петров", "Встреча"]);
    expect(await read(message("ISO-2022-JP", jis("田中太郎"), jis("会議の件")))).toEqual(["田中太郎", "会議の件"]);
  });

  it("leaves C1 characters of a body in a charset postal-mime decodes itself (ISO-8859-2) as they are", async () => {
    const parsed = await parseMailMessage(windows1252Message({ messageId: true, contentType: "text/plain; charset=iso-8859-2" }), { keepBody: true });
    expect(parsed).toMatchObject({ item: { subject: "Offre – €30", body_text: "Prix \u0096 \u008030, \u0093net\u0094\u0085\n" } });
  });

  it("keeps the stand-in Message-ID a message without one was given before its Windows-1252 header was read right", async () => {
    // The stand-in the import derived from this message before the repair, from the subject "Offre \u0096 \u008030".
    const earlierStandIn = "<2c68c4f4bc37b8ae12fe6d9c8a7f33a4432e4f87@rapport.import>";
    const parsed = await parseMailMessage(windows1252Message({ messageId: false, contentType: "text/plain; charset=windows-1252" }), { keepBody: false });
    expect(parsed).toMatchObject({ item: { message_id: earlierStandIn, subject: "Offre – €30", body_text: null } });
  });

  it("decodes subjects, names and bodies in charsets Node's decoder does not know (cp437, windows1252) through iconv-lite", async () => {
    const raw = latin1(
      [
        "From: =?windows1252?Q?Fran=E7ois_=93Fran=94?= <francois@lumiere.example>",
        "To: =?IBM437?Q?Ren=82e?= <renee@lumiere.example>",
        "Subject: =?cp437?B?yc27IE1lbqMgMTIgkA==?=",
        "Date: Tue, 13 Oct 2026 09:00:00 +0200",
        "Message-ID: <menu@lumiere.example>",
        "Content-Type: text/plain; charset=cp437",
        "",
        "\xc9\xcd\xcd\xbb Caf\x82 \x9c3",
        "",
      ].join("\r\n"),
    );
    const parsed = await parseMailMessage(raw, { keepBody: true });
    expect(parsed).toMatchObject({
      item: {
        subject: "╔═╗ Menú 12 É",
        from: { email: "francois@lumiere.example", name: "François “Fran”" },
        to: [{ email: "renee@lumiere.example", name: "Renée" }],
        body_text: "╔══╗ Café £3\n",
      },
    });
  });

  it("decodes each text part in its own charset: Windows-1252 beside UTF-8, base64 cp850", async () => {
    const raw = Buffer.concat([
      latin1(
        [
          "From: a@x.example",
          "Date: Tue, 13 Oct 2026 09:00:00 +0200",
          'Content-Type: multipart/mixed; boundary="b"',
          "",
          "--b",
          "Content-Type: text/plain; charset=windows-1252",
          "Content-Transfer-Encoding: quoted-printable",
          "",
          "Prix =96 =8030, =93net=94",
          "--b",
          "Content-Type: text/plain; charset=utf-8",
          "",
          "",
        ].join("\r\n"),
      ),
      Buffer.from("Grüße \u0096 kept\r\n"),
      latin1(["--b", "Content-Type: text/plain; charset=ibm850", "Content-Transfer-Encoding: base64", "", Buffer.from([0x90, 0x74, 0xe1]).toString("base64"), "--b--", ""].join("\r\n")),
    ]);
    const parsed = await parseMailMessage(raw, { keepBody: true });
    expect(parsed).toMatchObject({ item: { body_text: "Prix – €30, “net”\n\nGrüße \u0096 kept\n\nÉtß" } });
  });

  it("decodes the text parts of a forwarded message shown inline in their charsets too", async () => {
    const raw = latin1(
      [
        "From: a@x.example",
        "Date: Tue, 13 Oct 2026 09:00:00 +0200",
        'Content-Type: multipart/mixed; boundary="b"',
        "",
        "--b",
        "Content-Type: text/plain; charset=utf-8",
        "",
        "See below.",
        "--b",
        "Content-Type: message/rfc822",
        "Content-Disposition: inline",
        "",
        "From: b@x.example",
        "Subject: Offer",
        "Content-Type: text/plain; charset=windows-1252",
        "",
        "Prix \x96 \x8030",
        "--b--",
        "",
      ].join("\r\n"),
    );
    const parsed = await parseMailMessage(raw, { keepBody: true });
    expect(parsed).toMatchObject({ item: { body_text: expect.stringMatching(/^See below\.\n[^]*\nPrix – €30\n$/) } });
  });

  it("keeps every byte, as ISO-8859-1, of text in a charset no decoder knows", async () => {
    const raw = latin1("From: a@x.example\r\nDate: Tue, 13 Oct 2026 09:00:00 +0200\r\nSubject: =?x-no-such?Q?Caf=E9_=96?=\r\nContent-Type: text/plain; charset=x-no-such\r\n\r\nCaf\xe9 \x96\r\n");
    const parsed = await parseMailMessage(raw, { keepBody: true });
    expect(parsed).toMatchObject({ item: { subject: "Caf\u00e9 \u0096", body_text: "Caf\u00e9 \u0096\n" } });
  });

  it("keeps the stand-in Message-ID a message without one was given before its cp437 subject was decoded", async () => {
    const raw = latin1("From: a@x.example\r\nDate: Tue, 13 Oct 2026 09:00:00 +0200\r\nSubject: =?cp437?Q?Caf=82_=C9=CD=BB?=\r\n\r\n");
    // The stand-in the import derived before cp437 was decoded, from the subject "Caf\u0082 \u00c9\u00cd\u00bb".
    const earlierStandIn = "<709e3da131bc58ecc0002332d1df1988728f52b6@rapport.import>";
    const parsed = await parseMailMessage(raw, { keepBody: false });
    expect(parsed).toMatchObject({ item: { message_id: earlierStandIn, subject: "Café ╔═╗" } });
  });

  it("reports a Date header naming a day its month lacks as unreadable, not as the next month's day", async () => {
    const message = (date: string) => latin1(`From: a@x.example\r\nTo: b@x.example\r\nDate: ${date}\r\nMessage-ID: <feb@x.example>\r\n\r\n`);
    expect(await parseMailMessage(message("Mon, 30 Feb 2026 10:00:00 +0000"), { keepBody: false })).toEqual({ problem: "unreadable Date header 'Mon, 30 Feb 2026 10:00:00 +0000'" });
    expect(await parseMailMessage(message("Thu, 31 Apr 2026\r\n 10:00:00 -0700"), { keepBody: false })).toMatchObject({ problem: expect.stringMatching(/^unreadable Date header 'Thu, 31 Apr 2026\s+10:00:00 -0700'$/) });
    expect(await parseMailMessage(message("Sun, 1 Mar 2026 10:00:00 +0000"), { keepBody: false })).toMatchObject({ item: { sent_at: Date.UTC(2026, 2, 1, 10) } });
  });
});
