import type { Operation } from "../credits/prices.ts";
import { cell, type Html, html, table } from "./html.ts";

export const copy = {
  title: "Prices",
  intro: (signup: number) =>
    `Prepaid credits: 1 credit = USD 0.01. Every new account gets ${signup} credits (USD ${(signup / 100).toFixed(2)}).`,
  operation: "Operation",
  credits: "Credits",
  usd: "USD",
  per: { "verify-batch": "per record" } as Partial<Record<Operation, string>>,
  perCall: "per call",
  satListsWithPlan: "free with a monthly plan",
  rules: [
    "Sandbox keys (pdr_test_…) are never charged.",
    "An answer a government source could not give (valid or found null) is refunded.",
    "A validate or profile that could not answer every step (listed in unavailable) costs half, rounded down.",
    "A monthly plan's allowance is spent before the balance.",
    "commerce-registry is in beta: its price may change, announced before it takes effect.",
  ],
};

export function pricesPage(input: {
  prices: { operation: Operation; credits: number }[];
  signupCredits: number;
}): Html {
  const rows = input.prices.map(
    (p) => html`<tr>${cell(copy.operation, html`<code>${p.operation}</code>`)}
${cell(copy.credits, html`${p.credits} <small>${copy.per[p.operation] ?? copy.perCall}</small>`, "num")}
${cell(copy.usd, (p.credits / 100).toFixed(2), "num")}
${cell("", p.operation === "sat-lists" ? copy.satListsWithPlan : "")}</tr>`,
  );
  return html`<h1>${copy.title}</h1>
<p>${copy.intro(input.signupCredits)}</p>
<section class="card">${table({ id: "prices", stack: true, headers: [copy.operation, copy.credits, copy.usd, ""], rows })}</section>
<section class="card"><ul>${copy.rules.map((rule) => html`<li>${rule}</li>`)}</ul></section>`;
}
