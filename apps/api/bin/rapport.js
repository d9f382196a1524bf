#!/usr/bin/env node
// The `rapport` command runs the built CLI (dist/cli.js). This launcher is in the repository, not built,
// so that installing the workspace on a fresh checkout can link the command before anything is built.
const cli = new URL("../dist/cli.js", import.meta.url);
try {
  await import(cli.href);
} catch (error) {
  if (error?.code !== "ERR_MODULE_NOT_FOUND" || !String(error.message).includes(cli.pathname)) throw error;
  process.stderr.write("rapport: the CLI is not built yet; run `npx --yes pnpm@10.34.9 -r build` first\n");
  process.exit(1);
}
