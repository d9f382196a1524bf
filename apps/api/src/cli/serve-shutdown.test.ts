/**
 * `rapport serve` stopping: SIGHUP drains like SIGTERM, a kept-alive connection left idle does not hold the drain, and a
 * second signal during the drain stops waiting for the requests in flight.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { Agent, get, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CLI_PATH } from "../testing/built-cli.js";
import { migratedDatabaseAt } from "../testing/migrated-database.js";
import { endedWithTest } from "../testing/ended-with-test.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-serve-shutdown-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A line of the server's JSON log: its message, and an access line's request fields. */
interface LogLine {
  msg: string;
  level?: number;
  signal?: string;
  method?: string;
  path?: string;
  status?: number;
}

interface ServingDemo {
  process: ChildProcessWithoutNullStreams;
  port: string;
  tenantKey: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The log lines' messages and fields so far (stderr: the server runs with --json). */
  logs(): LogLine[];
  /** The first log line with message `msg`, once the server has written it. */
  logged(msg: string): Promise<LogLine>;
}

async function serveDemo(database: string, environment: NodeJS.ProcessEnv = {}): Promise<ServingDemo> {
  const server = endedWithTest(spawn(process.execPath, [CLI_PATH, "--db", migratedDatabaseAt(database), "--json", "serve", "--demo", "--port", "0", "--no-warm-graphs"], {
    env: { ...process.env, RAPPORT_LOG_LEVEL: "info", ...environment },
  }));
  let stdout = "";
  let stderr = "";
  server.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  // Complete lines only: a chunk may end mid-line.
  const logs = () =>
    stderr
      .slice(0, stderr.lastIndexOf("\n") + 1)
      .trim()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as LogLine);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => server.once("exit", (code, signal) => resolve({ code, signal })));
  const started = await new Promise<{ url: string; demo: { tenant_key: string } }>((resolve, reject) => {
    server.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      try {
        resolve(JSON.parse(stdout));
      } catch {
        // Not the whole document yet.
      }
    });
    server.once("exit", (code) => reject(new Error(`server exited early with ${code}: ${stderr}`)));
  });
  return {
    process: server,
    port: new URL(started.url).port,
    tenantKey: started.demo.tenant_key,
    exited,
    logs,
    logged: (msg) =>
      new Promise((resolve, reject) => {
        const found = () => logs().find((line) => line.msg === msg);
        const check = () => {
          const line = found();
          if (line === undefined) return;
          server.stderr.off("data", check);
          resolve(line);
        };
        server.stderr.on("data", check);
        server.once("exit", () => (found() ? check() : reject(new Error(`exited without logging "${msg}": ${stderr}`))));
        check();
      }),
  };
}

/**
 * Resolves once `server` has read what was sent to it before: a request on a connection of its own is answered after
 * the server read the sockets that were readable before it (libuv reads them in that order).
 */
async function readByServer(server: ServingDemo): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    get({ host: "127.0.0.1", port: server.port, path: "/health", agent: false }, (response) => {
      response.resume();
      response.once("end", resolve);
    }).once("error", reject);
  });
}

/**
 * Starts `POST /v1/persons` of `body` on `server` and sends its first 10 bytes, then waits until the server has read
 * them: a request in flight.
 * `answered` gives its status and Connection header once the rest is written (`creation.end(...)`).
 */
async function halfSentCreation(server: ServingDemo, body: string, agent?: Agent) {
  const creation = request({
    host: "127.0.0.1",
    port: server.port,
    method: "POST",
    path: "/v1/persons",
    ...(agent ? { agent } : {}),
    headers: { "x-api-key": server.tenantKey, "content-type": "application/json", "content-length": Buffer.byteLength(body) },
  });
  const answered = new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
    creation.once("error", reject);
    creation.once("response", (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, connection: response.headers.connection });
    });
  });
  await new Promise((resolve) => creation.write(body.slice(0, 10), resolve));
  await readByServer(server);
  return { creation, answered };
}

describe("rapport serve shutting down", { timeout: 60_000 }, () => {
  it("drains on SIGHUP like on SIGTERM: the request in flight is answered, then the database is closed and it exits 0", async () => {
    const database = join(folder, "hangup.db");
    const server = await serveDemo(database);
    const body = JSON.stringify({ name: "Hung Up", emails: ["hung.up@example.com"] });
    // Half the body now, the rest once the hangup has arrived: the request is in flight across it.
    const { creation, answered } = await halfSentCreation(server, body);
    server.process.kill("SIGHUP");
    // Until the server says it is shutting down (a fixed 300 ms was too short under load), the body held back.
    expect(await server.logged("shutting down: finishing in-flight requests")).toMatchObject({ signal: "SIGHUP" });
    creation.end(body.slice(10));
    expect(await answered).toEqual({ status: 201, connection: "close" });
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(existsSync(`${database}-wal`)).toBe(false);
    // The request's access line before the close: an access line still being written when the process exited came
    // after it, or was lost, until the server wrote its logs out before exiting (writeOutLogs).
    const logs = server.logs();
    const stopped = logs.findIndex((line) => line.msg === "stopped: database closed");
    expect(logs[stopped]).toMatchObject({ durationMs: expect.any(Number) });
    const answeredLine = logs.findIndex((line) => line.method === "POST" && line.path === "/v1/persons" && line.status === 201);
    expect(answeredLine).toBeGreaterThanOrEqual(0);
    expect(answeredLine, JSON.stringify(logs)).toBeLessThan(stopped);
    // Nothing went wrong after the close (a write to the closed database would log an error or warning).
    const afterClose = logs.slice(stopped + 1);
    expect(afterClose.filter((line) => (line.level ?? 0) >= 40), JSON.stringify(afterClose)).toEqual([]);
  });

  it("keeps idle connections RAPPORT_KEEP_ALIVE_SECONDS, yet on SIGTERM closes an idle one at once and exits with the last answer", async () => {
    const server = await serveDemo(join(folder, "kept-alive.db"), { RAPPORT_KEEP_ALIVE_SECONDS: "120" });
    const agent = new Agent({ keepAlive: true });
    const idle = await new Promise<{ keepAlive: string | string[] | undefined; socketClosed: Promise<void> }>((resolve, reject) => {
      get({ host: "127.0.0.1", port: server.port, path: "/health", agent }, (response) => {
        const socketClosed = new Promise<void>((closed) => response.socket.once("close", () => closed()));
        response.resume();
        response.once("end", () => resolve({ keepAlive: response.headers["keep-alive"], socketClosed }));
      }).once("error", reject);
    });
    expect(idle.keepAlive).toBe("timeout=120");
    // A request in flight across the signal, on a connection of its own: half its body now, the rest later.
    const body = JSON.stringify({ name: "Kept Alive" });
    const { creation, answered } = await halfSentCreation(server, body, new Agent({ keepAlive: true }));
    server.process.kill("SIGTERM");
    // The idle connection closes while the request is still in flight: as the drain begins, not after the 120 s
    // keep-alive nor at the 10 s grace, which would cut the request too (then not answered below).
    await idle.socketClosed;
    creation.end(body.slice(10));
    expect(await answered).toEqual({ status: 201, connection: "close" });
    expect(await server.exited).toEqual({ code: 0, signal: null });
    agent.destroy();
  });

  it("drains on a SIGTERM that comes the instant it listens, before it writes the demo keys and prints its start", async () => {
    const database = migratedDatabaseAt(join(folder, "early-stop.db"));
    // A service manager's stop at the worst moment: the process signals itself as its HTTP server starts listening.
    const stopAtListening = `import http from "node:http";
      const listen = http.Server.prototype.listen;
      http.Server.prototype.listen = function (...args) {
        this.once("listening", () => process.kill(process.pid, "SIGTERM"));
        return listen.apply(this, args);
      };`;
    const server = endedWithTest(spawn(
      process.execPath,
      ["--import", `data:text/javascript,${encodeURIComponent(stopAtListening)}`, CLI_PATH, "--db", database, "--json", "serve", "--demo", "--port", "0", "--no-warm-graphs"],
      { env: { ...process.env, RAPPORT_LOG_LEVEL: "info" } },
    ));
    let stderr = "";
    server.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => server.once("exit", (code, signal) => resolve({ code, signal })));
    expect(exited, stderr).toEqual({ code: 0, signal: null });
    expect(stderr).toContain('"msg":"stopped: database closed"');
    expect(existsSync(`${database}-wal`)).toBe(false);
  });

  it("stops at once on a second signal, cutting the request still in flight, and closes the database", async () => {
    const database = join(folder, "second-signal.db");
    const server = await serveDemo(database);
    // An upload whose body never ends: in flight until the server cuts it.
    const upload = request({
      host: "127.0.0.1",
      port: server.port,
      method: "POST",
      path: "/v1/imports",
      headers: { "x-api-key": server.tenantKey, "content-type": "multipart/form-data; boundary=b" },
    });
    const cut = new Promise<string>((resolve) => {
      upload.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      upload.once("response", (response) => resolve(`answered ${response.statusCode}`));
    });
    await new Promise((resolve) => upload.write('--b\r\nContent-Disposition: form-data; name="kind"\r\n\r\nvcf\r\n', resolve));
    await readByServer(server);
    server.process.kill("SIGTERM");
    // The second signal once the first one's drain has begun.
    await server.logged("shutting down: finishing in-flight requests");
    server.process.kill("SIGINT");
    // That the second close cuts at once, not at the first one's grace, is server.test.ts's (no clock here).
    expect((await server.exited).code).toBe(0);
    expect(await cut).toBe("ECONNRESET");
    expect(server.logs().map((line) => line.msg)).toContain("shutting down now: cutting the requests still in flight");
    expect(existsSync(`${database}-wal`)).toBe(false);
  });
});
