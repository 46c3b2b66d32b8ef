import type { Balance } from "../credits/read-balance.ts";
import { cell, errorBox, formatTime, type Html, html, table } from "./html.ts";
import type { Standing } from "./read-standing.ts";
import type { Usage } from "./read-usage.ts";
import { columnChart } from "./usage-chart.ts";
import type { Workspace } from "./workspace.ts";

export const copy = {
  title: "Credits",
  balance: "Balance",
  creditsUnit: "credits",
  usd: (credits: number) => `USD ${(credits / 100).toFixed(2)}`,
  plan: "Plan",
  plans: { payg: "Pay as you go", pro: "Monthly plan" },
  paygHint: "Every call is paid from the balance.",
  monthly: (credits: number) => `${credits} credits a month, spent before the balance`,
  allowance: "left this month",
  expires: "Expires",
  inactive: "inactive",
  fundTitle: "Add credits from your balance",
  fundIntro: (credits: number, org: string) =>
    `Your personal balance has ${credits} credits. Credits moved to ${org} are its own: they cannot be moved back.`,
  fundAmount: "Credits to move",
  fundButton: "Move credits",
  fundTooMany: (credits: number) => `Your balance has ${credits} credits: move at most that many.`,
  fundInvalid: "Give a whole number of credits, 1 or more.",
  usageTitle: "Usage, last 30 days",
  perDay: "Credits spent per day (UTC)",
  requestsPerDay: "API requests per day (UTC)",
  perOperation: "Per operation",
  requestsColumn: "Requests",
  noUsage: "No usage in the last 30 days.",
  ledgerTitle: "Ledger",
  ledgerIntro: "Every change to the balance, newest first. Sandbox keys are never charged.",
  time: "Time",
  kind: "Entry",
  operation: "Operation",
  credits: "Credits",
  allowanceColumn: "Allowance",
  request: "Request id",
  note: "Note",
  kinds: {
    grant: "Grant",
    charge: "Charge",
    refund: "Refund",
    topup: "Top-up",
    allowance: "Allowance",
    transfer: "Transfer",
  },
};

const signed = (n: number): string => (n > 0 ? `+${n}` : String(n));
const day = (ms: number) => new Date(ms).toISOString().slice(5, 10);

function usageSection(usage: Usage): Html {
  if (usage.operations.length === 0)
    return html`<section class="card"><h2>${copy.usageTitle}</h2><p>${copy.noUsage}</p></section>`;
  const first = day(usage.days[0].day);
  const last = day(usage.days[usage.days.length - 1].day);
  const daily = (pick: "credits" | "requests", caption: string) =>
    columnChart({
      caption,
      first,
      last,
      bars: usage.days.map((d) => ({ value: d[pick], title: `${day(d.day)}: ${d[pick]}` })),
    });
  const maxCredits = Math.max(1, ...usage.operations.map((o) => o.credits));
  const operations = usage.operations.map(
    (o) => html`<tr><td>${o.operation}</td><td class="num">${o.requests}</td><td class="num">${o.credits}</td>
<td class="meter"><svg viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true"><rect class="bar" x="0" y="1" height="8" width="${Math.round((100 * o.credits) / maxCredits)}"></rect></svg></td></tr>`,
  );
  return html`<section class="card"><h2>${copy.usageTitle}</h2>
<div class="charts">${daily("credits", copy.perDay)}${daily("requests", copy.requestsPerDay)}</div>
<h3>${copy.perOperation}</h3>
${table({ id: "usage-by-operation", headers: [copy.operation, copy.requestsColumn, copy.credits, ""], rows: operations })}
</section>`;
}

function planBox({ plan, balance }: Standing): Html {
  const details =
    plan.name === "payg"
      ? copy.paygHint
      : plan.active
        ? html`${copy.monthly(plan.monthlyCredits)} · <span id="allowance-left">${balance.allowance}</span> ${copy.allowance}`
        : copy.inactive;
  const expiry = plan.expiresAt ? html` · ${copy.expires} ${formatTime(plan.expiresAt)}` : "";
  return html`<div><h2>${copy.plan}</h2><p class="big" id="plan">${copy.plans[plan.name]}</p><p>${details}${expiry}</p></div>`;
}

/** For an organization's owner: their own balance, which the form moves credits from. */
type Fund = { personal: Balance; csrfToken: string; error?: string };

/** An organization's owner moves credits from their own balance to the organization. */
function fundForm(input: Fund & { workspace: Workspace }): Html {
  const { workspace, personal } = input;
  return html`<section class="card" id="fund">
<h2>${copy.fundTitle}</h2>
<p>${copy.fundIntro(personal.credits, workspace.name)}</p>
${errorBox(input.error)}
<form method="post" action="${workspace.basePath}/credits/transfer" class="inline">
  <input type="hidden" name="_csrf" value="${input.csrfToken}">
  <label>${copy.fundAmount} <input type="number" name="credits" min="1" step="1" required></label>
  <button type="submit">${copy.fundButton}</button>
</form>
</section>`;
}

export function creditsPage(input: {
  workspace: Workspace;
  standing: Standing;
  usage: Usage;
  fund?: Fund;
}): Html {
  const { standing, workspace } = input;
  const { balance } = standing;
  const entries = standing.entries.map(
    (e) => html`<tr>${cell(copy.time, formatTime(e.createdAt))}${cell(copy.kind, copy.kinds[e.kind])}
${cell(copy.operation, e.operation ?? "")}${cell(copy.credits, signed(e.credits), "num credits")}
${cell(copy.allowanceColumn, e.allowance === 0 ? "" : signed(e.allowance), "num")}
${cell(copy.request, e.requestId ? html`<code>${e.requestId}</code>` : "")}${cell(copy.note, e.note ?? "")}</tr>`,
  );
  return html`<h1>${copy.title} <small>${workspace.name}</small></h1>
<section class="card stats">
  <div><h2>${copy.balance}</h2><p class="big"><span id="balance">${balance.credits}</span> ${copy.creditsUnit}</p><p>${copy.usd(balance.credits)}</p></div>
  ${planBox(standing)}
</section>
${input.fund ? fundForm({ workspace, ...input.fund }) : ""}
${usageSection(input.usage)}
<section class="card">
<h2>${copy.ledgerTitle}</h2>
<p>${copy.ledgerIntro}</p>
${table({ id: "ledger", stack: true, headers: [copy.time, copy.kind, copy.operation, copy.credits, copy.allowanceColumn, copy.request, copy.note], rows: entries })}
</section>`;
}
