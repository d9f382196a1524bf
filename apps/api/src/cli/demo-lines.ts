import { DEMO_TENANT_UUID } from "../demo/demo-ids.js";
import type { DemoKeys } from "../demo/seed-demo-tenant.js";

/** What `rapport serve --demo` prints after its start: the fresh demo keys, each in one column, and calls to try. */
export function demoLines(url: string, keys: DemoKeys): string[] {
  const [avery, morgan] = keys.user_keys;
  const rows: Array<[string, string]> = [
    ["tenant-wide key:", keys.tenant_key],
    ...(avery ? [[`${avery.user_name} (administrator):`, avery.key] as [string, string]] : []),
    ...(morgan ? [[`${morgan.user_name} (member):`, morgan.key] as [string, string]] : []),
    ["read-only (an assistant's):", keys.read_only_key],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  return [
    "",
    `Demo tenant "Demo Capital" (${DEMO_TENANT_UUID}). Fresh demo keys, valid until the next start with --demo:`,
    ...rows.map(([label, key]) => `  ${label.padEnd(width)} ${key}`),
    "",
    "Try:",
    `  export RAPPORT_KEY=${keys.tenant_key}`,
    `  curl -s -H "x-api-key: $RAPPORT_KEY" ${url}/v1/persons`,
    `  curl -s -H "x-api-key: $RAPPORT_KEY" "${url}/v1/companies?name=robotics"`,
    `  curl -s -H "x-api-key: $RAPPORT_KEY" ${url}/v1/users`,
  ];
}
