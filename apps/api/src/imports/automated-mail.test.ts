import { describe, expect, it } from "vitest";
import { parseMailMessage } from "./parse-mail-message.js";
import { mailMessage } from "./testing/archive-builders.js";

/** What a mail import makes of a message from `from` with extra header lines. */
async function parsed(from: string, headers: readonly string[] = []) {
  const message = mailMessage({ messageId: "<n1@x.example>", from, to: ["ada@acme.example"], date: "Thu, 1 Oct 2026 10:30:00 +0000", subject: "Hello" });
  return parseMailMessage(Buffer.from(`${headers.map((line) => `${line}\n`).join("")}${message}`), { keepBody: false });
}

describe("automated mail in an import", () => {
  it.each([
    ["LinkedIn <messages-noreply@linkedin.com>", []],
    ["Jobs <jobs-noreply@linkedin.com>", []],
    ["no-reply@greenhouse.example", []],
    ["Acme <DoNotReply@acme.example>", []],
    ["Mail Delivery Subsystem <MAILER-DAEMON@mail.example>", []],
    ["Jordan Blake <jordan@northwind.example>", ["Auto-Submitted: auto-replied"]],
    ["Calendar <calendar@northwind.example>", ["Auto-Submitted: auto-generated"]],
    ["Newsletter <news@northwind.example>", ["Precedence: bulk"]],
  ])("leaves out a message from %s %j, as automated mail", async (from, headers) => {
    expect(await parsed(from, headers)).toEqual({ skipped: "automated mail" });
  });

  it.each([
    ["Jordan Blake <jordan@northwind.example>", []],
    ["Jordan Blake <jordan@northwind.example>", ["Auto-Submitted: no"]],
    ["Jordan Blake <jordan@northwind.example>", ["List-Unsubscribe: <https://tool.example/u/1>"]],
    ["Replyall Team <replyall@northwind.example>", []],
    ["Noreen Ply <noreen.ply@northwind.example>", []],
    ["Team <team@noreply-corp.example>", []],
  ])("imports a message a person sent, from %s %j", async (from, headers) => {
    expect(await parsed(from, headers)).toHaveProperty("item");
  });
});
