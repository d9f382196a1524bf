/** `rapport serve` stopping: a second signal during the drain stops waiting for the requests in flight. */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CLI_PATH } from "../testing/built-cli.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-serve-shutdown-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("rapport serve shutting down", { timeout: 60_000 }, () => {
  it("stops at once on a second signal, cutting the request still in flight, and closes the database", async () => {
    const database = join(folder, "second-signal.db");
    const server = spawn(process.execPath, [CLI_PATH, "--db", database, "--json", "serve", "--demo", "--port", "0", "--no-warm-graphs"], {
      env: { ...process.env, RAPPORT_LOG_LEVEL: "info" },
    });
    let stdout = "";
    let stderr = "";
    server.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => server.once("exit", resolve));
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
    // An upload whose body never ends: in flight until the server cuts it.
    const { port } = new URL(started.url);
    const upload = request({ host: "127.0.0.1", port, method: "POST", path: "/v1/imports", headers: { "x-api-key": started.demo.tenant_key, "content-type": "multipart/form-data; boundary=b" } });
    const cut = new Promise<string>((resolve) => {
      upload.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      upload.once("response", (response) => resolve(`answered ${response.statusCode}`));
    });
    upload.write('--b\r\nContent-Disposition: form-data; name="kind"\r\n\r\nvcf\r\n');
    await new Promise((resolve) => setTimeout(resolve, 200));
    server.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 300));
    const secondSignal = performance.now();
    server.kill("SIGINT");
    expect(await exited).toBe(0);
    // Well within the 10 s the first signal gives the requests in flight.
    expect(performance.now() - secondSignal).toBeLessThan(3_000);
    expect(await cut).toBe("ECONNRESET");
    const messages = stderr.trim().split("\n").map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(messages).toContain("shutting down now: cutting the requests still in flight");
    expect(existsSync(`${database}-wal`)).toBe(false);
  });
});
