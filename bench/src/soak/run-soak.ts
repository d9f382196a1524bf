/**
 * @module
 * A long run of `rapport serve` under a modest mixed load, sampled every so often for what a server running for
 * weeks must keep bounded: resident memory, the heap after a forced collection, open file descriptors, live handles,
 * the WAL's size and the database's pages. Not run in CI; see the README's "Soak" section.
 *
 * @example
 * node bench/dist/soak/run-soak.js --db /tmp/soak.db --port 18141 --minutes 10 --out /tmp/soak.json
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { hostname, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { setTimeout as delay } from "node:timers/promises";
import Database from "better-sqlite3";
import { Command } from "commander";

const HERE = dirname(fileURLToPath(import.meta.url));
const CLI = resolve(HERE, "../../../apps/api/dist/cli.js");
const PROBE = join(HERE, "memory-probe.js");

interface SoakOptions {
  db: string;
  port: number;
  minutes: number;
  sampleSeconds: number;
  tenants: number;
  rate: number;
  out?: string;
}

interface Caller {
  tenant: string;
  key: string;
}

interface Sample {
  minute: number;
  rssMiB: number;
  heapUsedMiB: number;
  externalMiB: number;
  fds: number;
  handles: number;
  walMiB: number;
  pages: number;
  /** Files under the server's own uploads folder (imports received or running). */
  uploadFiles: number;
  requests: number;
  statuses: Record<string, number>;
}

/** Runs the CLI on the soaked database; its JSON answer. */
function cli(db: string, args: string[]): unknown {
  const run = spawnSync(process.execPath, [CLI, "--db", db, "--json", ...args], { encoding: "utf8", env: { ...process.env, RAPPORT_LOG_LEVEL: "warn" } });
  if (run.status !== 0) throw new Error(`rapport ${args.join(" ")} failed: ${run.stderr}`);
  return run.stdout.trim() === "" ? null : JSON.parse(run.stdout);
}

function newTenant(db: string, name: string, tier: string[] = []): Caller {
  const tenant = cli(db, ["tenants", "create", "--name", name, ...tier]) as { uuid: string };
  const key = cli(db, ["keys", "create", "--tenant", tenant.uuid, "--label", "soak"]) as { key: string };
  return { tenant: tenant.uuid, key: key.key };
}

const statuses: Record<string, number> = {};
/** 400s and 5xx by method and path, with the first answer of each: the mix should send what the API accepts. */
const unexpected: Record<string, { count: number; first: string }> = {};
let requests = 0;
const count = (status: string) => {
  requests += 1;
  statuses[status] = (statuses[status] ?? 0) + 1;
};

/** One request; its status, or "cut"/"error". `cutAfterHeaders` drops the connection as the answer starts. */
function send(port: number, method: string, path: string, options: { key?: string; headers?: Record<string, string>; body?: string | Buffer; cutAfterHeaders?: boolean; cutMidBody?: boolean } = {}): Promise<{ status: number; body: string }> {
  return new Promise((done) => {
    const headers: Record<string, string> = { ...(options.key ? { "x-api-key": options.key } : {}), ...options.headers };
    if (options.body !== undefined) headers["content-length"] = String(Buffer.byteLength(options.body));
    const outgoing = httpRequest({ host: "127.0.0.1", port, method, path, headers, agent: false }, (incoming) => {
      if (options.cutAfterHeaders) {
        count("cut");
        incoming.destroy();
        done({ status: incoming.statusCode ?? 0, body: "" });
        return;
      }
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.on("end", () => {
        count(String(incoming.statusCode));
        const status = incoming.statusCode ?? 0;
        if (status === 400 || status >= 500) {
          const seen = (unexpected[`${status} ${method} ${path.split("?")[0]}`] ??= { count: 0, first: Buffer.concat(chunks).toString("utf8").slice(0, 200) });
          seen.count += 1;
        }
        done({ status: incoming.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") });
      });
      incoming.on("error", () => {
        count("error");
        done({ status: 0, body: "" });
      });
    });
    outgoing.on("error", () => {
      count(options.cutMidBody ? "cut" : "error");
      done({ status: 0, body: "" });
    });
    if (options.cutMidBody && options.body !== undefined) {
      // Half the body, then the connection goes: an upload abandoned mid-way.
      const body = Buffer.from(options.body);
      outgoing.write(body.subarray(0, body.length >> 1), () => setTimeout(() => outgoing.destroy(), 50));
      return;
    }
    outgoing.end(options.body);
  });
}

const pick = <Item>(items: readonly Item[]): Item => items[Math.floor(Math.random() * items.length)]!;
const token = () => Math.random().toString(36).slice(2, 10);

function multipart(fields: Record<string, string>, file: { name: string; type: string; content: string }): { body: string; type: string } {
  const boundary = `soak${token()}`;
  const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  parts.push(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\ncontent-type: ${file.type}\r\n\r\n${file.content}\r\n--${boundary}--\r\n`);
  return { body: parts.join(""), type: `multipart/form-data; boundary=${boundary}` };
}

/** A calendar of one meeting in a time zone of its own name: each upload names zones no other did. */
function calendar(): string {
  const zone = `Soak/Zone_${token()}`;
  const other = `Soak/Other_${token()}`;
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//soak//EN",
    "BEGIN:VEVENT",
    `UID:${token()}@soak.example`,
    `DTSTART;TZID=${zone}:20261101T090000`,
    `DTEND;TZID=${other}:20261101T100000`,
    "SUMMARY:soak",
    `ORGANIZER:mailto:a.${token()}@soak.example`,
    `ATTENDEE:mailto:b.${token()}@soak.example`,
    "END:VEVENT",
    "END:VCALENDAR",
    "",
  ].join("\r\n");
}

/** Every action of the mix, with its weight. */
function actions(port: number, callers: () => Caller[], limited: Caller): Array<[number, () => Promise<unknown>]> {
  // Many distinct targets: each page size and page is a key of its own in the response cache.
  const readPath = () =>
    pick([
      () => `/v1/persons?per_page=${1 + Math.floor(Math.random() * 50)}&page=${1 + Math.floor(Math.random() * 3)}`,
      () => `/v1/companies?per_page=${1 + Math.floor(Math.random() * 50)}`,
      () => "/v1/me",
      () => `/v1/activity?per_page=${1 + Math.floor(Math.random() * 20)}`,
      () => "/v1/lists",
      () => `/v1/opportunities?per_page=${1 + Math.floor(Math.random() * 20)}`,
      () => "/v1/users",
    ])();
  const mcpBody = (id: number, method: string, params: object) => JSON.stringify({ jsonrpc: "2.0", id, method, params });
  const mcpHeaders = { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-06-18" };
  return [
    // Reads over many distinct targets (the response cache's keys), across tenants.
    [40, () => send(port, "GET", readPath(), { key: pick(callers()).key })],
    // Keyed writes, a third of them retried with the same key (a replay).
    [
      20,
      async () => {
        const caller = pick(callers());
        const body = JSON.stringify({ first_name: "Soak", last_name: token(), emails: [`p.${token()}@soak.example`] });
        const headers = { "content-type": "application/json", "idempotency-key": `soak-${token()}-${token()}` };
        await send(port, "POST", "/v1/persons", { key: caller.key, headers, body });
        if (Math.random() < 0.33) await send(port, "POST", "/v1/persons", { key: caller.key, headers, body });
      },
    ],
    // MCP clients that initialize, list and call, and never end a session.
    [
      10,
      async () => {
        const { key } = pick(callers());
        const query = pick(["", "?areas=Person", "?areas=Person,Company", "?read_only=true"]);
        await send(port, "POST", `/mcp${query}`, { key, headers: mcpHeaders, body: mcpBody(1, "initialize", { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: `soak-${token()}`, version: "1" } }) });
        await send(port, "POST", `/mcp${query}`, { key, headers: mcpHeaders, body: mcpBody(2, "tools/list", {}) });
        await send(port, "POST", `/mcp${query}`, { key, headers: mcpHeaders, body: mcpBody(3, "tools/call", { name: "getMe", arguments: {} }) });
      },
    ],
    // Imports of small calendars, each naming time zones of its own; some uploads abandoned half way.
    [
      4,
      async () => {
        const form = multipart({ kind: "ics", dry_run: pick(["true", "false"]) }, { name: "soak.ics", type: "text/calendar", content: calendar() });
        await send(port, "POST", "/v1/imports", { key: pick(callers()).key, headers: { "content-type": form.type }, body: form.body, cutMidBody: Math.random() < 0.25 });
      },
    ],
    // A low tier's burst: 429s.
    [8, () => Promise.all(Array.from({ length: 4 }, () => send(port, "GET", "/v1/me", { key: limited.key })))],
    // Clients that leave as the answer starts.
    [6, () => send(port, "GET", "/v1/persons?per_page=100", { key: pick(callers()).key, cutAfterHeaders: true })],
    // Keys that were never issued (401s), each distinct.
    [5, () => send(port, "GET", "/v1/me", { key: `pk_${token()}${token()}${token()}` })],
    // OAuth clients registered and never used.
    [
      3,
      () =>
        send(port, "POST", "/oauth/register", {
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ client_name: `soak ${token()}`, redirect_uris: [`http://127.0.0.1:${port + 1}/cb/${token()}`], token_endpoint_auth_method: "none", grant_types: ["authorization_code"], response_types: ["code"] }),
        }),
    ],
  ];
}

function slope(samples: Sample[], field: keyof Sample): number {
  const points = samples.map((sample) => [sample.minute / 60, sample[field] as number] as const);
  const n = points.length;
  if (n < 2) return 0;
  const meanX = points.reduce((sum, [x]) => sum + x, 0) / n;
  const meanY = points.reduce((sum, [, y]) => sum + y, 0) / n;
  const covariance = points.reduce((sum, [x, y]) => sum + (x - meanX) * (y - meanY), 0);
  const variance = points.reduce((sum, [x]) => sum + (x - meanX) ** 2, 0);
  return variance === 0 ? 0 : covariance / variance;
}

async function sample(server: ChildProcess, options: SoakOptions, probeOut: string, started: number): Promise<Sample> {
  const pid = server.pid!;
  const before = existsSync(probeOut) ? readFileSync(probeOut, "utf8").length : 0;
  process.kill(pid, "SIGUSR2");
  let line = "";
  for (let tries = 0; tries < 50 && line === ""; tries += 1) {
    await delay(100);
    line = existsSync(probeOut) ? readFileSync(probeOut, "utf8").slice(before).trim() : "";
  }
  const probe = JSON.parse(line || "{}");
  const wal = `${options.db}-wal`;
  const database = new Database(options.db, { readonly: true, fileMustExist: true });
  const pages = database.pragma("page_count", { simple: true }) as number;
  database.close();
  const MiB = 2 ** 20;
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    minute: round((Date.now() - started) / 60_000),
    rssMiB: round((probe.rss ?? 0) / MiB),
    heapUsedMiB: round((probe.heapUsed ?? 0) / MiB),
    externalMiB: round((probe.external ?? 0) / MiB),
    fds: readdirSync(`/proc/${pid}/fd`).length,
    handles: Object.values((probe.resources ?? {}) as Record<string, number>).reduce((sum, value) => sum + value, 0),
    walMiB: round(existsSync(wal) ? statSync(wal).size / MiB : 0),
    pages,
    uploadFiles: filesUnder(join(tmpdir(), "rapport-imports", `pid-${pid}@${hostname()}`)),
    requests,
    statuses: { ...statuses },
  };
}

/** Tables whose rows a long run adds to, data aside: each should be bounded by pruning or by what the run wrote. */
const WATCHED_TABLES = ["persons", "idempotent_requests", "oauth_models", "import_jobs", "api_keys", "api_key_uses", "monthly_usage", "sign_in_failures", "tenants", "graph_changes", "person_changes"];

/** Row counts of the watched tables (those the database has). */
function rowCounts(db: string): Record<string, number> {
  const database = new Database(db, { readonly: true, fileMustExist: true });
  try {
    const present = new Set((database.prepare("select name from sqlite_master where type = 'table'").pluck().all() as string[]));
    return Object.fromEntries(WATCHED_TABLES.filter((table) => present.has(table)).map((table) => [table, database.prepare(`select count(*) from "${table}"`).pluck().get() as number]));
  } finally {
    database.close();
  }
}

function filesUnder(folder: string): number {
  if (!existsSync(folder)) return 0;
  return readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
}

async function waitUntilListening(port: number, key: string): Promise<void> {
  for (let tries = 0; tries < 300; tries += 1) {
    const { status } = await send(port, "GET", "/v1/me", { key });
    if (status === 200) return;
    await delay(200);
  }
  throw new Error("the server did not answer within a minute");
}

export async function runSoak(options: SoakOptions): Promise<{ samples: Sample[]; slopesPerHour: Record<string, number>; lateSlopesPerHour: Record<string, number>; rows: Record<string, number> }> {
  const db = resolve(options.db);
  const fresh = !existsSync(db);
  if (fresh) cli(db, ["seed", "demo"]);
  // Enterprise keys (50 a second): the mix's own tenants are not limited; one custom tenant at 1 a second is.
  const callers = Array.from({ length: options.tenants }, (_unused, index) => newTenant(db, `soak ${index}`, ["--tier", "enterprise"]));
  const limited = newTenant(db, "soak limited", ["--tier", "custom", "--per-second", "1", "--monthly", "100000000"]);
  const probeOut = `${db}.probe.jsonl`;
  writeFileSync(probeOut, "");
  const publicUrl = `http://127.0.0.1:${options.port}`;
  const server = spawn("nice", ["-n", "10", process.execPath, "--expose-gc", "--import", PROBE, CLI, "--db", db, "serve", "--port", String(options.port), "--public-url", publicUrl], {
    env: { ...process.env, SOAK_PROBE_OUT: probeOut, RAPPORT_LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const samples: Sample[] = [];
  try {
    await waitUntilListening(options.port, callers[0]!.key);
    // Tenants come and go during the run: each minute one more, and the oldest churned one deleted.
    const live = [...callers];
    const churned: Caller[] = [];
    const mix = actions(options.port, () => live, limited);
    const total = mix.reduce((sum, [weight]) => sum + weight, 0);
    const started = Date.now();
    const ends = started + options.minutes * 60_000;
    let nextSample = started;
    let nextChurn = started + 60_000;
    let churnIndex = 0;
    const worker = async () => {
      while (Date.now() < ends) {
        const began = Date.now();
        let roll = Math.random() * total;
        const action = mix.find(([weight]) => (roll -= weight) < 0)![1];
        await action();
        // About `rate` actions a second over the two workers.
        await delay(Math.max(0, 2_000 / options.rate - (Date.now() - began)));
      }
    };
    const sampler = async () => {
      while (Date.now() < ends + 1_000) {
        if (Date.now() >= nextSample) {
          const taken = await sample(server, { ...options, db }, probeOut, started);
          samples.push(taken);
          console.log(JSON.stringify({ ...taken, statuses: undefined }));
          nextSample += options.sampleSeconds * 1_000;
        }
        if (Date.now() >= nextChurn && Date.now() < ends) {
          nextChurn += 60_000;
          const caller = newTenant(db, `soak churn ${churnIndex++}`, ["--tier", "enterprise"]);
          live.push(caller);
          churned.push(caller);
          if (churned.length > 2) {
            const gone = churned.shift()!;
            live.splice(live.indexOf(gone), 1);
            cli(db, ["tenants", "delete", "--tenant", gone.tenant]);
          }
        }
        await delay(250);
      }
    };
    await Promise.all([worker(), worker(), sampler()]);
  } finally {
    server.kill("SIGTERM");
    await new Promise((done) => server.once("exit", done));
  }
  // The first minute warms up (code compiled, statements prepared, caches filled): slopes start after it, and again
  // over the second half alone, where a leak keeps its slope and warming up has flattened.
  const slopesOf = (over: Sample[]) =>
    Object.fromEntries((["rssMiB", "heapUsedMiB", "externalMiB", "fds", "handles", "walMiB", "pages", "uploadFiles"] as const).map((field) => [field, Math.round(slope(over, field) * 10) / 10]));
  const slopesPerHour = slopesOf(samples.filter((taken) => taken.minute >= 1));
  const lateSlopesPerHour = slopesOf(samples.filter((taken) => taken.minute >= options.minutes / 2));
  return { samples, slopesPerHour, lateSlopesPerHour, rows: rowCounts(db) };
}

const program = new Command()
  .name("run-soak")
  .description("runs rapport serve under a mixed load for a while and samples what must stay bounded")
  .requiredOption("--db <path>", "database file (a demo database is seeded when it does not exist)")
  .option("--port <n>", "port to serve on", (value) => Number(value), 18141)
  .option("--minutes <n>", "how long the load runs", (value) => Number(value), 10)
  .option("--sample-seconds <n>", "seconds between two samples", (value) => Number(value), 30)
  .option("--tenants <n>", "tenants created (a key each) before the load starts", (value) => Number(value), 8)
  .option("--rate <n>", "actions a second, about", (value) => Number(value), 30)
  .option("--out <file>", "write the samples and slopes as JSON");

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const options = program.parse().opts<SoakOptions>();
  const result = await runSoak(options);
  console.log(JSON.stringify({ slopesPerHour: result.slopesPerHour, lateSlopesPerHour: result.lateSlopesPerHour, rows: result.rows, requests, statuses, unexpected }, null, 2));
  if (options.out) writeFileSync(options.out, `${JSON.stringify({ options, ...result, statuses, unexpected }, null, 2)}\n`);
}
