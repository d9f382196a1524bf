// Whether a CommonJS program can require() a published package of this workspace: Node 20.19 and 22.12 load an ES
// module by require() when the export has a condition require() matches (`default`). A second, CommonJS build would
// make two copies of the package in one process, and the graph refuses a RelationshipGraph another copy made, so
// require() must load the very module import() loads. Plain JavaScript for the packages' tests; types beside it.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { readPackageJson } from "./package-contents.mjs";

/** What the consumer's script prints per entry: the error require() threw, or whether it gave import()'s module. */
const CONSUMER_SCRIPT = `
const entries = JSON.parse(process.argv[2]);
(async () => {
  const outcomes = {};
  for (const entry of entries) {
    try {
      const required = require(entry);
      outcomes[entry] = { sameModule: required === (await import(entry)), names: Object.keys(required).length };
    } catch (error) {
      outcomes[entry] = { error: \`\${error.code ?? error.name}: \${String(error.message).split("\\n")[0]}\` };
    }
  }
  console.log(JSON.stringify(outcomes));
})();
`;

/**
 * Every reason a CommonJS program could not `require()` an entry of the package in `packageFolder` (a file URL ending
 * in `/`, its dist/ built), one sentence each; empty when none. Each export's `default` condition must name the file
 * its `import` names, and requiring each entry by name from a CommonJS project (the package linked into its
 * node_modules) must give the module namespace `import()` gives, with its exports.
 */
export function commonJsConsumerProblems(packageFolder) {
  const packageJson = readPackageJson(packageFolder);
  const problems = [];
  if (process.features.require_module !== true) {
    return [`Node ${process.version} cannot require() an ES module: run this check on Node 20.19, 22.12 or later`];
  }
  for (const [entry, conditions] of Object.entries(packageJson.exports ?? {})) {
    if (conditions.default !== conditions.import) {
      problems.push(`export ${entry}: its default condition (${conditions.default}) is not the file its import condition names (${conditions.import})`);
    }
  }
  const project = mkdtempSync(join(tmpdir(), "rapport-common-js-consumer-"));
  try {
    writeFileSync(join(project, "package.json"), JSON.stringify({ name: "customer", private: true, type: "commonjs" }));
    const scope = join(project, "node_modules", packageJson.name.split("/")[0]);
    mkdirSync(scope, { recursive: true });
    symlinkSync(fileURLToPath(packageFolder), join(project, "node_modules", packageJson.name), "dir");
    writeFileSync(join(project, "consumer.cjs"), CONSUMER_SCRIPT);
    const entries = Object.keys(packageJson.exports ?? {}).map((entry) => `${packageJson.name}${entry.slice(1)}`);
    const printed = execFileSync(process.execPath, ["consumer.cjs", JSON.stringify(entries)], { cwd: project, encoding: "utf8" });
    for (const [entry, outcome] of Object.entries(JSON.parse(printed))) {
      if (outcome.error !== undefined) problems.push(`require("${entry}") fails: ${outcome.error}`);
      else if (!outcome.sameModule) problems.push(`require("${entry}") gives another module than import() does`);
      else if (outcome.names === 0) problems.push(`require("${entry}") gives a module with no exports`);
    }
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
  return problems;
}
