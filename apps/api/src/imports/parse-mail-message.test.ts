import { describe, expect, it } from "vitest";
import { parseMailMessage } from "./parse-mail-message.js";

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

  it("leaves C1 characters of a body that is not all Windows-1252 as they are", async () => {
    const parsed = await parseMailMessage(windows1252Message({ messageId: true, contentType: "text/plain; charset=iso-8859-2" }), { keepBody: true });
    expect(parsed).toMatchObject({ item: { subject: "Offre – €30", body_text: "Prix \u0096 \u008030, \u0093net\u0094\u0085\n" } });
  });

  it("keeps the stand-in Message-ID a message without one was given before its Windows-1252 header was read right", async () => {
    // The stand-in the import derived from this message before the repair, from the subject "Offre \u0096 \u008030".
    const earlierStandIn = "<2c68c4f4bc37b8ae12fe6d9c8a7f33a4432e4f87@rapport.import>";
    const parsed = await parseMailMessage(windows1252Message({ messageId: false, contentType: "text/plain; charset=windows-1252" }), { keepBody: false });
    expect(parsed).toMatchObject({ item: { message_id: earlierStandIn, subject: "Offre – €30", body_text: null } });
  });
});
