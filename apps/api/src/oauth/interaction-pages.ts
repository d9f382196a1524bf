/**
 * @module
 * The sign-in and consent pages of the OAuth flow: plain server-rendered HTML, no script, every
 * value escaped.
 */

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Rapport</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; background: #f4f5f7; margin: 0; }
main { max-width: 26rem; margin: 4rem auto; background: #fff; padding: 2rem; border-radius: 8px; box-shadow: 0 1px 3px #0002; }
h1 { font-size: 1.3rem; margin-top: 0; }
label { display: block; margin: 1rem 0 .25rem; font-weight: 600; }
input, select { width: 100%; box-sizing: border-box; padding: .5rem; font: inherit; }
button { margin-top: 1.25rem; padding: .55rem 1.2rem; font: inherit; cursor: pointer; }
.error { color: #a40000; background: #fde8e8; padding: .5rem .75rem; border-radius: 4px; }
.actions { display: flex; gap: .75rem; }
ul { padding-left: 1.2rem; }
</style>
</head>
<body><main>
${body}
</main></body>
</html>
`;
}

export interface LoginPageInput {
  uid: string;
  clientName: string;
  email?: string;
  error?: string;
  /** Shown when the email and password match users of several tenants. */
  tenants?: Array<{ uuid: string; name: string }>;
}

export function loginPage({ uid, clientName, email = "", error, tenants }: LoginPageInput): string {
  const base = `/oauth/interaction/${encodeURIComponent(uid)}`;
  const tenantField = tenants
    ? `<label for="tenant">Workspace</label>
<select id="tenant" name="tenant" required>${tenants.map((tenant) => `<option value="${escapeHtml(tenant.uuid)}">${escapeHtml(tenant.name)}</option>`).join("")}</select>
<p>Your email belongs to several workspaces: choose one and enter your password again.</p>`
    : "";
  return page(
    "Sign in",
    `<h1>Sign in to Rapport</h1>
<p><strong>${escapeHtml(clientName)}</strong> asks to use Rapport as you.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ""}
<form method="post" action="${base}/login" autocomplete="on">
<label for="email">Email</label>
<input id="email" name="email" type="email" required autofocus value="${escapeHtml(email)}">
<label for="password">Password</label>
<input id="password" name="password" type="password" required autocomplete="current-password">
${tenantField}
<button type="submit">Sign in</button>
</form>
<form method="post" action="${base}/abort"><button type="submit">Cancel</button></form>`,
  );
}

export interface ConsentPageInput {
  uid: string;
  clientName: string;
  userName: string;
  tenantName: string;
  resource: string;
  /** The client asks for `mcp:read` only: it may read, not write. */
  readOnly: boolean;
}

export function consentPage({ uid, clientName, userName, tenantName, resource, readOnly }: ConsentPageInput): string {
  const base = `/oauth/interaction/${encodeURIComponent(uid)}`;
  const client = `<strong>${escapeHtml(clientName)}</strong>`;
  const reading = `<li>read the persons, companies and other records you can see in ${escapeHtml(tenantName)},</li>`;
  const access = readOnly
    ? `<p>${client} asks for <strong>read-only access</strong>. It will be able to:</p>
<ul>
${reading}
</ul>
<p>It will not be able to create, change or delete anything`
    : `<p>${client} asks to <strong>read and write</strong>. It will be able to:</p>
<ul>
${reading}
<li>create, change and delete records as you, with your permissions,</li>
</ul>
<p>It will act`;
  return page(
    "Allow access",
    `<h1>Allow ${escapeHtml(clientName)}?</h1>
<p>Signed in as <strong>${escapeHtml(userName)}</strong> in <strong>${escapeHtml(tenantName)}</strong>.</p>
${access} through the Rapport MCP server at <code>${escapeHtml(resource)}</code>. Its calls count against your workspace's rate limits.</p>
<div class="actions">
<form method="post" action="${base}/consent"><button type="submit" name="decision" value="allow">Allow</button></form>
<form method="post" action="${base}/abort"><button type="submit">Deny</button></form>
</div>`,
  );
}

export function errorPage(title: string, message: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`);
}
