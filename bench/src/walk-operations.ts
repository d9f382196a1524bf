/**
 * @module
 * `node bench/dist/walk-operations.js --url U --key K --database D`: every GET operation of a running server's OpenAPI
 * document, with the parameters clients send (each filter, each `sort_by` both ways, `per_page` 1 and 50, `uuids`,
 * name filters of one and three words, a deep page and a deep cursor, the busiest and a median person or company),
 * each request repeated: its median and longest time, the server's processor time a request (`--server-pid`, Linux)
 * and the answer's size. `--writes` first times the writes a sync repeats (a person updated, an email batch of 100, a
 * note, a task), which change the tenant. A report of an earlier walk (`--compare`) is printed beside it.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { Command } from "commander";
import { generateTenant } from "./generate-tenant.js";
import { SCALES, type Scale } from "./scales.js";
import { walkTargets, type WalkTargets } from "./walk-targets.js";

interface WalkRow {
  label: string;
  path: string;
  status: number;
  bytes: number;
  medianMs: number;
  maxMs: number;
  /** The server's processor time a request (user and system, all threads), when its pid was given. */
  cpuMs: number | null;
  samples: number;
}

interface OpenApiParameter {
  name: string;
  in: string;
  schema?: { enum?: string[] };
}

const ISO_DAY = 86_400_000;

/** Values of the query parameters the walk sends, by name, each with a label; some bring their pair (`PAIRED`). */
function filterValues(path: string, targets: WalkTargets, now: number): Record<string, Array<[string, string]>> {
  const day = (offset: number) => new Date(now + offset * ISO_DAY).toISOString();
  const kind = path.startsWith("/v1/companies") ? "companies" : path.startsWith("/v1/emails") ? "emails" : path.startsWith("/v1/meetings") ? "meetings" : "persons";
  const [noun, rare] = kind === "companies" ? ["Company", "Company123"] : path.includes("opportunities") ? ["Opportunity", "Opportunity123"] : ["Contact", "Contact1234"];
  const words: Array<[string, string]> = [["one word", noun], ["three words", `${noun} 12 Partner`], ["one rare word", rare]];
  return {
    uuids: [["100", targets.hundred[kind].join(",")], ["1", targets.hundred[kind][0]!]],
    modified_since: [["30 days", day(-30)]],
    updated_after: [["30 days", day(-30)]],
    updated_before: [["30 days ago", day(-30)]],
    since: [["30 days", day(-30)]],
    name: words,
    search: words,
    person_uuid: [["busiest", targets.heavyPerson], ["median", targets.typicalPerson]],
    company_uuid: [["busiest", targets.heavyCompany], ["median", targets.typicalCompany]],
    related_person_uuid: [["busiest", targets.heavyPerson]],
    related_company_uuid: [["busiest", targets.heavyCompany]],
    intro_person_uuid: [["busiest", targets.heavyPerson]],
    owner_user_uuid: [["first", targets.users[0]!]],
    assignee_user_uuid: [["first", targets.users[0]!]],
    opportunity_type_uuid: [["", targets.opportunityType]],
    opportunity_stage_uuid: [["", targets.opportunityStage]],
    city: [["", "Boston"]],
    country: [["", "US"]],
    domain: [["", "company12.example"]],
    sent_from: [["90 days", day(-90)]],
    sent_to: [["a year ago", day(-365)]],
    starts_from: [["90 days", day(-90)]],
    starts_to: [["a year ago", day(-365)]],
    occurred_after: [["90 days", day(-90)]],
    occurred_before: [["a year ago", day(-365)]],
    last_activity_after: [["90 days", day(-90)]],
    last_activity_before: [["a year ago", day(-365)]],
    after_sequence: [["0", "0"]],
    value_from: [["1M", "1000000"]],
    probability_from: [["50", "50"]],
    close_date_from: [["", "2026-01-01"]],
    last_activity_date_from: [["", day(-60).slice(0, 10)]],
    status: [["open", "OPEN,IN_PROGRESS"]],
    score_from: [["", "50"]],
    employee_count_from: [["", "100"]],
    service_industry_tags: [["", "fintech"]],
  };
}

/** The other bound a range filter is refused without. */
const PAIRED: Record<string, Record<string, string>> = {
  close_date_from: { close_date_to: "2027-12-31" },
  last_activity_date_from: { last_activity_date_to: "2027-12-31" },
  value_from: { value_to: "100000000" },
  probability_from: { probability_to: "100" },
  score_from: { score_to: "100" },
  employee_count_from: { employee_count_to: "100000" },
};

/** Operations the walk leaves out: file contents, an import's status and AI summaries need data it does not make. */
const SKIPPED = new Set(["downloadFile", "getFile", "getImport", "getPersonAiSummary", "getCompanyAiSummary"]);

/** The server's processor time so far in milliseconds (utime + stime of /proc/<pid>/stat, 100 ticks a second). */
function processorMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const median = (values: readonly number[]) => [...values].sort((left, right) => left - right)[Math.floor(values.length / 2)]!;

async function walk(options: { url: string; key: string; database: string; samples: number; only?: string; serverPid?: number; writes: boolean }): Promise<WalkRow[]> {
  const targets = walkTargets(options.database);
  const headers = { "x-api-key": options.key, "content-type": "application/json" };
  const send = async (method: string, path: string, body?: unknown) => {
    const started = performance.now();
    const response = await fetch(options.url + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    return { ms: performance.now() - started, status: response.status, text };
  };
  const rows: WalkRow[] = [];
  const record = (row: WalkRow) => {
    rows.push(row);
    const cpu = row.cpuMs === null ? "" : ` cpu ${row.cpuMs.toFixed(1)}`;
    process.stderr.write(`${row.medianMs.toFixed(2).padStart(9)} ms (max ${row.maxMs.toFixed(1)})${cpu} ${row.bytes} B ${row.status} ${row.label}\n`);
  };
  /** A request sent once untimed, then `samples` times (fewer when one takes long). */
  const time = async (label: string, path: string) => {
    if (options.only !== undefined && !label.includes(options.only)) return undefined;
    const first = await send("GET", path);
    const count = first.ms > 1_000 ? 3 : first.ms > 300 ? 7 : options.samples;
    const times: number[] = [];
    const before = processorMs(options.serverPid);
    for (let index = 0; index < count; index += 1) times.push((await send("GET", path)).ms);
    const after = processorMs(options.serverPid);
    const cpuMs = before === null || after === null ? null : (after - before) / count;
    record({ label, path, status: first.status, bytes: Buffer.byteLength(first.text), medianMs: median(times), maxMs: Math.max(...times), cpuMs, samples: count });
    return first;
  };
  const timeWrites = async (label: string, count: number, request: (index: number) => [string, string, unknown]) => {
    const times: number[] = [];
    let last = { ms: 0, status: 0, text: "" };
    const before = processorMs(options.serverPid);
    for (let index = 0; index < count && last.status < 400; index += 1) {
      last = await send(...request(index));
      times.push(last.ms);
    }
    const after = processorMs(options.serverPid);
    record({ label: `write: ${label}`, path: "", status: last.status, bytes: Buffer.byteLength(last.text), medianMs: median(times), maxMs: Math.max(...times), cpuMs: before === null || after === null ? null : (after - before) / times.length, samples: times.length });
    return last.text;
  };
  const stamp = Date.now();
  if (options.writes) {
    await timeWrites("PUT a median person", 20, (index) => ["PUT", `/v1/persons/${targets.typicalPerson}`, { job_title: `Title ${stamp}-${index}` }]);
    await timeWrites("POST an email batch of 100", 10, (index) => [
      "POST",
      "/v1/emails/batch",
      {
        messages: Array.from({ length: 100 }, (_, item) => ({
          message_id: `<walk-${stamp}-${index}-${item}@mail.example>`,
          sent_at: new Date(stamp - ISO_DAY).toISOString(),
          subject: `Walk ${index}`,
          from: "user0@bench-capital.example",
          to: [`contact${(index * 100 + item) % 2_000}@mail.example`],
          cc: [],
        })),
      },
    ]);
    await timeWrites("POST a note", 20, (index) => ["POST", "/v1/notes", { content: `Walk note ${index}`, associations: [{ entity_type: "PERSON", entity_uuid: targets.heavyPerson }] }]);
    await timeWrites("POST a task", 20, (index) => ["POST", "/v1/tasks", { title: `Walk task ${index}`, scope: "WORKSPACE", associations: [{ entity_type: "PERSON", entity_uuid: targets.heavyPerson }] }]);
    await timeWrites("POST a list", 1, () => ["POST", "/v1/lists", { name: `Walk list ${stamp}`, kind: "persons" }]);
  }
  const firstOf = async (path: string) => ((JSON.parse((await send("GET", `${path}?per_page=1`)).text) as { items?: Array<{ uuid?: string; id?: string }> }).items ?? [])[0];
  const [note, task, list] = await Promise.all(["/v1/notes", "/v1/tasks", "/v1/lists"].map(firstOf));
  const pathValues: Record<string, Array<[string, string | undefined]>> = {
    person_uuid: [["busiest", targets.heavyPerson], ["median", targets.typicalPerson]],
    company_uuid: [["busiest", targets.heavyCompany], ["median", targets.typicalCompany]],
    email_uuid: [["widest", targets.widestEmail]],
    meeting_uuid: [["widest", targets.widestMeeting]],
    user_uuid: [["first", targets.users[0]], ["last", targets.users.at(-1)]],
    type_uuid: [["", targets.opportunityType]],
    opportunity_uuid: [["", targets.opportunity]],
    list_uuid: [["", list?.uuid]],
    note_uuid: [["", note?.uuid]],
    task_id: [["", task?.id ?? task?.uuid]],
  };
  const document = JSON.parse((await send("GET", "/v1/openapi.json")).text) as { paths: Record<string, { get?: { operationId: string; parameters?: OpenApiParameter[] } }> };
  const now = Date.now();
  for (const [template, operations] of Object.entries(document.paths)) {
    const operation = operations.get;
    if (!operation || SKIPPED.has(operation.operationId)) continue;
    const parameters = operation.parameters ?? [];
    const pathName = parameters.find((parameter) => parameter.in === "path")?.name;
    const query = parameters.filter((parameter) => parameter.in === "query");
    const names = new Set(query.map((parameter) => parameter.name));
    const variants: Array<[string, string | undefined]> = pathName === undefined ? [["", template]] : (pathValues[pathName] ?? []).map(([label, value]) => [label, value && template.replace(`{${pathName}}`, value)]);
    for (const [variant, path] of variants) {
      if (path === undefined) continue;
      const label = `${operation.operationId}${variant ? ` [${variant}]` : ""}`;
      const perPage: Record<string, string> = names.has("per_page") ? { per_page: "50" } : {};
      // `entity` is required by GET /v1/pathpower/scores.
      const required: Record<string, string> = operation.operationId === "listPathPowerScores" ? { entity: "person" } : {};
      const url = (parameters: Record<string, string>) => `${path}?${new URLSearchParams({ ...required, ...parameters })}`;
      // Sent untimed when --only leaves the row out: its total and cursor lead to the deep page's rows.
      const first = (await time(label, url({}))) ?? (options.only === undefined ? undefined : await send("GET", url({})));
      if (names.has("per_page")) {
        await time(`${label} per_page=1`, url({ per_page: "1" }));
        await time(`${label} per_page=50`, url({ per_page: "50" }));
      }
      const values = filterValues(path, targets, now);
      for (const parameter of query) {
        const choices = parameter.schema?.enum;
        if (parameter.name === "order" || parameter.name === "entity_uuid") continue;
        if (parameter.name === "sort_by" && choices) {
          for (const sortBy of choices) for (const order of ["asc", "desc"]) await time(`${label} sort_by=${sortBy} ${order}`, url({ sort_by: sortBy, order, ...perPage }));
        } else if (parameter.name === "entity_type") {
          // With its entity where the operation takes one (notes, tasks); the deletions log's kind alone.
          const entity: Record<string, string> = names.has("entity_uuid") ? { entity_uuid: targets.heavyPerson } : {};
          await time(`${label} entity_type=PERSON${names.has("entity_uuid") ? ", the busiest" : ""}`, url({ entity_type: "PERSON", ...entity, ...perPage }));
        } else if (choices) {
          // Upper-case duplicates of lower-case values and boolean spellings add nothing.
          for (const value of choices.filter((value) => !["0", "1", "true"].includes(value) && (value === value.toLowerCase() || !choices.includes(value.toLowerCase())))) {
            await time(`${label} ${parameter.name}=${value}`, url({ [parameter.name]: value, ...perPage }));
          }
        } else {
          for (const [valueLabel, value] of values[parameter.name] ?? []) {
            await time(`${label} ${parameter.name}=${valueLabel || value}`, url({ [parameter.name]: value, ...perPage, ...PAIRED[parameter.name] }));
          }
        }
      }
      if (first?.status !== 200) continue;
      const answer = JSON.parse(first.text) as { total?: number; next_cursor?: string | null };
      if (names.has("page") && typeof answer.total === "number" && answer.total > 100) {
        const page = Math.floor(answer.total / 100);
        await time(`${label} page=${page} (halfway)`, url({ page: String(page), ...perPage }));
      }
      if (names.has("cursor") && answer.next_cursor) {
        // Sixty pages of 50 deep, or the last page there is.
        let cursor = answer.next_cursor;
        for (let pages = 0; pages < 60; pages += 1) {
          const next = JSON.parse((await send("GET", url({ per_page: "50", cursor }))).text) as { next_cursor?: string | null };
          if (!next.next_cursor) break;
          cursor = next.next_cursor;
        }
        await time(`${label} cursor (deep)`, url({ per_page: "50", cursor }));
      }
    }
  }
  return rows;
}

const program = new Command("walk-operations")
  .description("Time every GET operation of a running Rapport server with the parameters clients send")
  .requiredOption("--database <file>", "the server's database file, for the busiest and median targets")
  .option("--generate <scale>", "only write the benchmark's tenant of this scale (S, M or L) into --database, a new file, and print its uuid")
  .option("--url <url>", "the server's origin (serve it with RAPPORT_RESPONSE_CACHE_SECONDS=0 to time the reads themselves)")
  .option("--key <key>", "an API key of the tenant (rapport keys create --tenant T)")
  .option("--samples <n>", "requests timed per row", (value) => Number(value), 20)
  .option("--only <text>", "only the rows whose label holds this text")
  .option("--server-pid <pid>", "the server's process id, for its processor time a request (Linux)", (value) => Number(value))
  .option("--writes", "first time the writes a sync repeats (they change the tenant)", false)
  .option("--out <file>", "write the rows as JSON")
  .option("--compare <file>", "an earlier --out report, printed beside this walk")
  .action(async (options: { url?: string; key?: string; database: string; generate?: Scale["name"]; samples: number; only?: string; serverPid?: number; writes: boolean; out?: string; compare?: string }) => {
    if (options.generate) {
      const scale = SCALES[options.generate];
      if (!scale) throw new Error(`--generate: no scale ${options.generate} (S, M or L)`);
      process.stdout.write(`${(await generateTenant(options.database, scale)).tenantUuid}\n`);
      return;
    }
    if (!options.url || !options.key) throw new Error("--url and --key name the server to walk");
    const rows = await walk({ ...options, url: options.url, key: options.key });
    if (options.out) writeFileSync(options.out, `${JSON.stringify({ url: options.url, at: new Date().toISOString(), rows }, null, 1)}\n`);
    const before = options.compare ? new Map((JSON.parse(readFileSync(options.compare, "utf8")) as { rows: WalkRow[] }).rows.map((row) => [row.label, row])) : null;
    const cell = (row: WalkRow | undefined) => (row ? `${row.medianMs.toFixed(1)} | ${row.cpuMs?.toFixed(1) ?? ""}` : " | ");
    process.stdout.write(`| operation and parameters |${before ? " before median ms | before cpu ms |" : ""} median ms | server cpu ms | bytes |\n|---|${before ? "---|---|" : ""}---|---|---|\n`);
    for (const row of [...rows].sort((left, right) => (right.cpuMs ?? right.medianMs) - (left.cpuMs ?? left.medianMs))) {
      process.stdout.write(`| ${row.label} |${before ? ` ${cell(before.get(row.label))} |` : ""} ${cell(row)} | ${row.bytes} |\n`);
    }
  });

await program.parseAsync(process.argv);
