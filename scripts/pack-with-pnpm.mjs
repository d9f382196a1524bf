// The prepack step of a package that depends on another of the workspace's: only pnpm's pack and publish write the
// version in place of `workspace:*`, and a tarball that keeps it installs nowhere (npm: EUNSUPPORTEDPROTOCOL). Run
// by every packer before it packs (npm pack, npm publish, pnpm pack, pnpm publish); refuses every packer but pnpm.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

/**
 * Why a packer whose user agent is `userAgent` cannot pack the package whose package.json is `packageJson`, or null
 * when it can: one that is not pnpm, for a package with a `workspace:` dependency.
 */
export function packerProblem(packageJson, userAgent) {
  const sections = ["dependencies", "peerDependencies", "optionalDependencies"];
  const kept = sections.flatMap((section) =>
    Object.entries(packageJson[section] ?? {}).filter(([, spec]) => String(spec).startsWith("workspace:")).map(([name, spec]) => `${name}@${spec}`),
  );
  if (kept.length === 0 || (userAgent ?? "").startsWith("pnpm/")) return null;
  return (
    `${packageJson.name}: pack and publish it with pnpm (npx pnpm@10.34.9 pack), not ${(userAgent ?? "an unknown packer").split(" ")[0]}: ` +
    `only pnpm writes the version in place of ${kept.join(", ")}, and a tarball that keeps it cannot be installed.`
  );
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const problem = packerProblem(JSON.parse(readFileSync("package.json", "utf8")), process.env.npm_config_user_agent);
  if (problem !== null) {
    console.error(problem);
    process.exit(1);
  }
}
