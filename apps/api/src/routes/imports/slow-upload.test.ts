/** POST /v1/imports over a real port: an upload that arrives slower than the minimum rate is cut with a 408. */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createImportJobs } from "../../imports/import-jobs.js";
import { mailMessage, mboxFile } from "../../imports/testing/archive-builders.js";
import { createLogger } from "../../platform/logging/logger.js";
import { startServer, type RunningServer } from "../../server.js";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../../testing/test-harness.js";

const BOUNDARY = "----rapport-slow";
// 1 KiB/s over each 300 ms: 307 bytes a window.
const RATE = { bytesPerSecond: 1024, windowMilliseconds: 300 };
const TOO_SLOW = "the upload arrived slower than 1 KiB/s over 0.3 s, the slowest this server takes: send it over a faster link, or import it with the rapport import command";

let context: TestContext;
let acme: TestTenant;
let folder: string;
let jobs: ReturnType<typeof createImportJobs>;
let running: RunningServer;
beforeEach(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
  folder = mkdtempSync(join(tmpdir(), "rapport-slow-upload-"));
  // A small space too: a cut upload must give it back as its place.
  jobs = createImportJobs({ store: context.services.store, clock: context.clock, logger: createLogger({ level: "silent" }), folder, minimumUploadRate: RATE, uploadSpaceBytes: 200_000 });
  running = await startServer({ ...context.services, importJobs: jobs }, { port: 0 });
});
afterEach(async () => {
  await running.close(100);
  await jobs.settled();
  await context.close();
  rmSync(folder, { recursive: true, force: true });
});

const message = mboxFile([
  mailMessage({ messageId: "<slow@northwind.example>", from: "Jordan Blake <jordan@northwind.example>", to: ["ada@acme.example"], date: "Mon, 2 Nov 2026 09:00:00 +0000", subject: "Slow" }),
]);
const HEAD = Buffer.concat([
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nmbox\r\n`),
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="inbox.mbox"\r\nContent-Type: application/mbox\r\n\r\n`),
  Buffer.from(message),
]);
const CLOSING = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);

/** A raw connection that has sent an upload's request head declaring `length` body bytes. */
async function openUpload(length: number) {
  const socket: Socket = connect(running.port, "127.0.0.1");
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  const connection = { socket, received: "", closed: new Promise<void>((resolve) => socket.once("close", () => resolve())) };
  socket.on("data", (chunk: Buffer) => (connection.received += chunk.toString("latin1")));
  socket.on("error", () => undefined);
  socket.write(
    `POST /v1/imports HTTP/1.1\r\nHost: 127.0.0.1\r\nx-api-key: ${acme.key}\r\ncontent-type: multipart/form-data; boundary=${BOUNDARY}\r\ncontent-length: ${length}\r\n\r\n`,
  );
  return connection;
}

/** The answer's status and JSON body, once it has come whole (the connection closed after it). */
function answerOf(received: string) {
  return { status: Number(/^HTTP\/1\.1 (\d+)/.exec(received)?.[1]), body: JSON.parse(received.slice(received.indexOf("\r\n\r\n") + 4)) as unknown };
}

describe("POST /v1/imports at the minimum rate", () => {
  it("cuts an upload whose bytes stop coming with a 408 in JSON, removes its file and gives its place and space back", async () => {
    const connection = await openUpload(150_000);
    // A start at full speed, then nothing: the next window without its 307 bytes ends it.
    connection.socket.write(Buffer.concat([HEAD, Buffer.alloc(4096, "x")]));
    await connection.closed;
    expect(answerOf(connection.received)).toEqual({ status: 408, body: { error: TOO_SLOW } });
    expect(connection.received).toMatch(/\r\nconnection: close\r\n/i);
    expect(readdirSync(folder)).toEqual([]);
    // Its import place and its 150 KB of the 200 KB space are free again.
    const places = [jobs.reserve(acme.tenant.uuid), jobs.reserve(acme.tenant.uuid)];
    expect(places).not.toContain(null);
    for (const place of places) place?.release();
    expect(jobs.holdUploadSpace(200_000)).not.toBeNull();
  }, 20_000);

  it("takes an upload that keeps above the rate, however long it takes", async () => {
    const body = Buffer.concat([HEAD, Buffer.from(`${"x".repeat(1023)}\n`.repeat(12)), CLOSING]);
    const connection = await openUpload(body.length);
    // 1 KiB every 50 ms (20 KiB/s) for about three quarters of a second: several windows, each well above 307 bytes.
    for (let offset = 0; offset < body.length; offset += 1024) {
      connection.socket.write(body.subarray(offset, offset + 1024));
      await sleep(50);
    }
    for (let waited = 0; !connection.received.includes("}") && waited < 15_000; waited += 20) await sleep(20);
    expect(connection.received).toMatch(/^HTTP\/1\.1 202 /);
    connection.socket.destroy();
  }, 20_000);
});
