import type { IssuedKey } from "../api-keys/issue-api-key.ts";
import type { KeySummary } from "../api-keys/list-api-keys.ts";
import { errorBox, formatTime, type Html, html, table } from "./html.ts";
import type { Workspace } from "./workspace.ts";

export const copy = {
  title: "API keys",
  personalIntro: "Keys created here are billed to your own balance.",
  orgIntro: (name: string) => `Keys created here are billed to ${name}, not to the person who creates them.`,
  newKey: "Your new key",
  copy: "Copy",
  shownOnce:
    "Copy it now: it is shown only once and cannot be recovered. If you lose it, delete it and create another.",
  create: "Create a key",
  label: "Label",
  labelHint: "Where the key is used, e.g. “billing server”.",
  mode: "Mode",
  sandbox: "Sandbox",
  sandboxHint: "pdr_test_ · simulated government services, never charged",
  live: "Live",
  liveHint: "pdr_live_ · real government services, charged per call",
  createButton: "Create key",
  key: "Key",
  created: "Created",
  lastUsed: "Last used",
  never: "never",
  remove: "Delete…",
  none: "No keys yet.",
  rotationTitle: "Rotating a key",
  rotation: [
    "Create a new key with a label that tells it apart.",
    "Deploy the new key to your application.",
    "Switch traffic to it, and check that the old key's “Last used” stops moving.",
    "Delete the old key: it stops working at once.",
  ],
  labelMissing: "Give the key a label (1 to 100 characters).",
  confirmTitle: "Delete this key?",
  confirmBody: "Applications using it get 401 Unauthorized at once. This cannot be undone.",
  confirmButton: "Delete key",
  cancel: "Cancel",
};

export const modeName = (mode: "live" | "test"): string => (mode === "test" ? copy.sandbox : copy.live);

function createdKeyBox(issued: IssuedKey): Html {
  return html`<section class="card reveal" role="status">
<h2>${copy.newKey}: ${issued.label}</h2>
<p class="secret"><code id="new-key">${issued.key}</code> <button type="button" data-copy="new-key">${copy.copy}</button></p>
<p class="warning">${copy.shownOnce}</p>
</section>`;
}

export function keysPage(input: {
  workspace: Workspace;
  csrfToken: string;
  keys: KeySummary[];
  issued?: IssuedKey;
  error?: string;
}): Html {
  const { workspace, csrfToken } = input;
  const base = `${workspace.basePath}/api-keys`;
  const rows = input.keys.map(
    (k) => html`<tr>
<td>${k.label}</td><td><code>${k.displayPrefix}…</code></td><td>${modeName(k.mode)}</td>
<td>${formatTime(k.createdAt)}</td><td>${k.lastUsedAt === null ? copy.never : formatTime(k.lastUsedAt)}</td>
<td><a class="danger" href="${base}/${k.id}/delete">${copy.remove}</a></td></tr>`,
  );
  return html`<h1>${copy.title} <small>${workspace.name}</small></h1>
<p>${workspace.kind === "org" ? copy.orgIntro(workspace.name) : copy.personalIntro}</p>
${input.issued ? createdKeyBox(input.issued) : ""}
<section class="card">
<h2>${copy.create}</h2>
${errorBox(input.error)}
<form method="post" action="${base}" class="inline">
  <input type="hidden" name="_csrf" value="${csrfToken}">
  <label>${copy.label} <input name="label" maxlength="100" required placeholder="${copy.labelHint}"></label>
  <fieldset><legend>${copy.mode}</legend>
    <label class="choice"><input type="radio" name="mode" value="test" checked> ${copy.sandbox} <small>${copy.sandboxHint}</small></label>
    <label class="choice"><input type="radio" name="mode" value="live"> ${copy.live} <small>${copy.liveHint}</small></label>
  </fieldset>
  <button type="submit">${copy.createButton}</button>
</form>
</section>
<section class="card">
${table({ headers: [copy.label, copy.key, copy.mode, copy.created, copy.lastUsed, ""], rows, empty: copy.none })}
</section>
<section class="card">
<h2>${copy.rotationTitle}</h2>
<ol>${copy.rotation.map((step) => html`<li>${step}</li>`)}</ol>
</section>`;
}

export function confirmDeletePage(input: { workspace: Workspace; csrfToken: string; key: KeySummary }): Html {
  const base = `${input.workspace.basePath}/api-keys`;
  return html`<section class="card narrow">
<h1>${copy.confirmTitle}</h1>
<p><strong>${input.key.label}</strong> · <code>${input.key.displayPrefix}…</code> · ${modeName(input.key.mode)} · ${input.workspace.name}</p>
<p class="warning">${copy.confirmBody}</p>
<form method="post" action="${base}/${input.key.id}/delete">
  <input type="hidden" name="_csrf" value="${input.csrfToken}">
  <button type="submit" class="danger">${copy.confirmButton}</button> <a class="cancel" href="${base}">${copy.cancel}</a>
</form>
</section>`;
}
