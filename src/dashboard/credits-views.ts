import { formatTime, type Html, html } from "./html.ts";
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
  plans: { payg: "Pay as you go", pro: "Pro" },
  allowance: "Plan allowance left this month",
  expires: "Expires",
  inactive: "inactive",
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
  kinds: { grant: "Grant", charge: "Charge", refund: "Refund", topup: "Top-up", allowance: "Allowance" },
};

const signed = (n: number): string => (n > 0 ? `+${n}` : String(n));
const day = (ms: number) => new Date(ms).toISOString().slice(5, 10);

function usageSection(usage: Usage): Html {
  const hasUsage = usage.operations.length > 0;
  if (!hasUsage)
    return html`<section class="card"><h2>${copy.usageTitle}</h2><p>${copy.noUsage}</p></section>`;
  const first = day(usage.days[0].day);
  const last = day(usage.days[usage.days.length - 1].day);
  const daily = (pick: "credits" | "requests", caption: string) =>
    columnChart({
      caption,
      first,
      last,
      bars: usage.days.map((d) => ({
        label: day(d.day),
        value: d[pick],
        title: `${day(d.day)}: ${d[pick]}`,
      })),
    });
  const maxCredits = Math.max(1, ...usage.operations.map((o) => o.credits));
  const operations = usage.operations.map(
    (o) => html`<tr><td>${o.operation}</td><td class="num">${o.requests}</td><td class="num">${o.credits}</td>
<td class="meter"><svg viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true"><rect class="bar" x="0" y="1" height="8" width="${Math.round((100 * o.credits) / maxCredits)}"></rect></svg></td></tr>`,
  );
  return html`<section class="card"><h2>${copy.usageTitle}</h2>
<div class="charts">${daily("credits", copy.perDay)}${daily("requests", copy.requestsPerDay)}</div>
<h3>${copy.perOperation}</h3>
<div class="table"><table id="usage-by-operation">
<thead><tr><th>${copy.operation}</th><th>${copy.requestsColumn}</th><th>${copy.credits}</th><th></th></tr></thead>
<tbody>${operations}</tbody>
</table></div>
</section>`;
}

export function creditsPage(input: { workspace: Workspace; standing: Standing; usage: Usage }): Html {
  const { standing, workspace } = input;
  const { plan, balance } = standing;
  const entries = standing.entries.map(
    (
      e,
    ) => html`<tr><td>${formatTime(e.createdAt)}</td><td>${copy.kinds[e.kind]}</td><td>${e.operation ?? ""}</td>
<td class="num">${signed(e.credits)}</td><td class="num">${e.allowance === 0 ? "" : signed(e.allowance)}</td>
<td><code>${e.requestId ?? ""}</code></td><td>${e.note ?? ""}</td></tr>`,
  );
  return html`<h1>${copy.title} <small>${workspace.name}</small></h1>
<section class="card stats">
  <div><h2>${copy.balance}</h2><p class="big"><span id="balance">${balance.credits}</span> ${copy.creditsUnit}</p><p>${copy.usd(balance.credits)}</p></div>
  <div><h2>${copy.plan}</h2><p class="big">${copy.plans[plan.name]}</p>
  ${plan.name === "pro" ? html`<p>${plan.active ? html`${copy.allowance}: ${balance.allowance}` : copy.inactive}${plan.expiresAt ? html` · ${copy.expires} ${formatTime(plan.expiresAt)}` : ""}</p>` : ""}</div>
</section>
${usageSection(input.usage)}
<section class="card">
<h2>${copy.ledgerTitle}</h2>
<p>${copy.ledgerIntro}</p>
<div class="table"><table id="ledger">
<thead><tr><th>${copy.time}</th><th>${copy.kind}</th><th>${copy.operation}</th><th>${copy.credits}</th><th>${copy.allowanceColumn}</th><th>${copy.request}</th><th>${copy.note}</th></tr></thead>
<tbody>${entries}</tbody>
</table></div>
</section>`;
}
