import type { KeyMode } from "../api-keys/key-format.ts";
import { formatTime, type Html, html } from "./html.ts";
import { modeName } from "./keys-views.ts";
import type { AsyncRequestView, DeliveryView } from "./read-async-requests.ts";
import type { Workspace } from "./workspace.ts";

export const copy = {
  title: "Webhooks",
  intro:
    "Operations sent with webhook_url answer 202 at once and POST the result to that URL later. Every delivery is signed (Standard Webhooks) with the secret of the mode of the key that made the request.",
  secretTitle: "Signing secrets",
  modeHint: {
    live: "Signs deliveries of requests made with pdr_live_ keys. Only live keys can read or rotate it.",
    test: "Signs deliveries of requests made with pdr_test_ keys. Only sandbox keys can read or rotate it.",
  } as Record<KeyMode, string>,
  hidden: "whsec_••••••••••••••••••••••••",
  reveal: "Reveal",
  copy: "Copy",
  verifyHint:
    "Check the webhook-id, webhook-timestamp and webhook-signature headers with any Standard Webhooks library and the secret of the delivery's mode.",
  rotate: (mode: KeyMode) => `Rotate the ${modeName(mode).toLowerCase()} secret…`,
  rotateExplain:
    "A new secret signs every delivery from now on, retries included. Accept both secrets in your receiver while you switch.",
  rotateButton: (mode: KeyMode) => `Rotate the ${modeName(mode).toLowerCase()} secret now`,
  rotated: (mode: KeyMode) =>
    `The ${modeName(mode).toLowerCase()} secret was rotated: its deliveries are signed with this one from now on.`,
  requestsTitle: "Recent asynchronous requests",
  none: "No asynchronous requests yet. Send webhook_url with an operation to get one.",
  request: "Request",
  operation: "Operation",
  status: "Status",
  created: "Created",
  completed: "Completed",
  result: "Result",
  deliveryTo: "Delivery to",
  event: "Event id",
  deliveryStatus: { pending: "Pending", delivered: "Delivered", failed: "Failed" },
  attempts: "Attempts",
  noAttempts: "No attempt yet.",
  attemptLine: (code: number | null, error: string | null) =>
    code === null
      ? `no answer: ${error ?? "unknown error"}`
      : `HTTP ${code}${error && error !== `HTTP ${code}` ? `: ${error}` : ""}`,
  redeliver: "Redeliver",
  redeliverHint: "Sends the same event (same webhook-id) again with a fresh retry schedule.",
};

export const WEBHOOK_MODES: KeyMode[] = ["live", "test"];

interface SecretView {
  base: string;
  csrfToken: string;
  mode: KeyMode;
  /** Shown when revealed or just rotated; hidden behind a Reveal button otherwise. */
  secret?: string;
  rotated?: boolean;
}

export function secretBox(input: SecretView): Html {
  const { base, csrfToken, mode, secret } = input;
  const reveal = `${base}/secret/${mode}/reveal`;
  const shown = secret
    ? html`<p class="secret"><code id="webhook-secret-${mode}">${secret}</code> <button type="button" data-copy="webhook-secret-${mode}">${copy.copy}</button></p>`
    : html`<form method="post" action="${reveal}" hx-post="${reveal}" hx-target="#secret-${mode}" hx-swap="outerHTML" class="secret">
<input type="hidden" name="_csrf" value="${csrfToken}"><code>${copy.hidden}</code> <button type="submit">${copy.reveal}</button></form>`;
  return html`<div id="secret-${mode}">${input.rotated ? html`<p class="warning" role="status">${copy.rotated(mode)}</p>` : ""}${shown}</div>`;
}

function secretSection(input: SecretView): Html {
  const { base, csrfToken, mode } = input;
  return html`<h3>${modeName(mode)}</h3>
<p><small>${copy.modeHint[mode]}</small></p>
${secretBox(input)}
<details><summary>${copy.rotate(mode)}</summary>
<p>${copy.rotateExplain}</p>
<form method="post" action="${base}/secret/${mode}/rotate"><input type="hidden" name="_csrf" value="${csrfToken}"><button type="submit" class="danger">${copy.rotateButton(mode)}</button></form>
</details>`;
}

export function deliveryBlock(input: { base: string; csrfToken: string; delivery: DeliveryView }): Html {
  const { delivery: d, base } = input;
  const attempts = d.attempts.map(
    (a) =>
      html`<li>${formatTime(a.attempted_at)} · ${copy.attemptLine(a.status_code, a.error)} · ${a.latency_ms} ms</li>`,
  );
  return html`<div class="delivery" id="delivery-${d.id}">
<p>${copy.deliveryTo} <code>${d.url}</code> · <span class="status-${d.status}">${copy.deliveryStatus[d.status]}</span>${d.deliveredAt ? html` · ${formatTime(d.deliveredAt)}` : ""}</p>
<p><small>${copy.event} <code>${d.id}</code></small></p>
<details><summary>${copy.attempts}: ${d.attempts.length}</summary>
${attempts.length > 0 ? html`<ol class="attempts">${attempts}</ol>` : html`<p>${copy.noAttempts}</p>`}</details>
${
  d.status === "pending"
    ? ""
    : html`<form method="post" action="${base}/deliveries/${d.id}/redeliver" hx-post="${base}/deliveries/${d.id}/redeliver" hx-target="#delivery-${d.id}" hx-swap="outerHTML">
<input type="hidden" name="_csrf" value="${input.csrfToken}"><button type="submit" title="${copy.redeliverHint}">${copy.redeliver}</button></form>`
}
</div>`;
}

function requestBlock(base: string, csrfToken: string, r: AsyncRequestView): Html {
  return html`<article class="card async-request" id="request-${r.requestId}">
<h3><code>${r.requestId}</code></h3>
<p>${copy.operation}: ${r.operation} · ${copy.status}: ${r.status}${r.resultStatus === null ? "" : html` (${r.resultStatus})`} · ${copy.created} ${formatTime(r.createdAt)}${r.completedAt ? html` · ${copy.completed} ${formatTime(r.completedAt)}` : ""}</p>
${r.deliveries.map((delivery) => deliveryBlock({ base, csrfToken, delivery }))}
</article>`;
}

export function webhooksPage(input: {
  workspace: Workspace;
  csrfToken: string;
  requests: AsyncRequestView[];
  secrets?: Partial<Record<KeyMode, string>>;
  rotated?: KeyMode;
}): Html {
  const { workspace, csrfToken } = input;
  const base = `${workspace.basePath}/webhooks`;
  return html`<h1>${copy.title} <small>${workspace.name}</small></h1>
<p>${copy.intro}</p>
<section class="card">
<h2>${copy.secretTitle}</h2>
<p><small>${copy.verifyHint}</small></p>
${WEBHOOK_MODES.map((mode) =>
  secretSection({ base, csrfToken, mode, secret: input.secrets?.[mode], rotated: input.rotated === mode }),
)}
</section>
<h2>${copy.requestsTitle}</h2>
${input.requests.length > 0 ? input.requests.map((r) => requestBlock(base, csrfToken, r)) : html`<p class="card">${copy.none}</p>`}`;
}
