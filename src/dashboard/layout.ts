import type { ActiveSession } from "../accounts/find-session.ts";
import type { Membership } from "../accounts/list-memberships.ts";
import { type Html, html } from "./html.ts";
import { canManage, organizationWorkspace, personalWorkspace, type Workspace } from "./workspace.ts";

export const copy = {
  product: "padron",
  personal: "Personal",
  context: "Account",
  logOut: "Log out",
  logIn: "Log in",
  signUp: "Sign up",
  organizations: "Organizations",
  sections: {
    "api-keys": "API keys",
    credits: "Credits",
    requests: "Requests",
    webhooks: "Webhooks",
    members: "Members",
    "data-sources": "Data sources",
  },
  docs: "API docs",
  prices: "Prices",
};

type Section = keyof typeof copy.sections;
const MANAGED: Section[] = ["api-keys", "credits", "webhooks"];

export interface Frame {
  title: string;
  session?: ActiveSession | null;
  memberships?: Membership[];
  workspace?: Workspace;
  section?: Section | "orgs" | "prices";
}

/** The same section in another workspace, or the first one the viewer may open there. */
function sectionIn(target: Workspace, section: Frame["section"]): string {
  let chosen: Section = section && section !== "orgs" && section !== "prices" ? section : "api-keys";
  if (chosen === "members" && target.kind === "user") chosen = "api-keys";
  if (MANAGED.includes(chosen) && !canManage(target)) chosen = "requests";
  return `${target.basePath}/${chosen}`;
}

function header(frame: Frame): Html {
  const { session, workspace } = frame;
  if (!session)
    return html`<header><a class="brand" href="/">${copy.product}</a><nav class="account"><a href="/prices">${copy.prices}</a> <a href="/login">${copy.logIn}</a> <a href="/signup">${copy.signUp}</a></nav></header>`;
  const personal = { ...personalWorkspace(session), name: copy.personal };
  const targets = [personal, ...(frame.memberships ?? []).map(organizationWorkspace)];
  const contexts = targets.map(
    (t) =>
      html`<a href="${sectionIn(t, frame.section)}" ${t.ownerId === workspace?.ownerId ? html`aria-current="true"` : ""}>${t.name}</a>`,
  );
  const sections = workspace
    ? (Object.keys(copy.sections) as Section[])
        .filter((s) => (s === "members" ? workspace.kind === "org" : true))
        .filter((s) => !MANAGED.includes(s) || canManage(workspace))
        .map(
          (s) =>
            html`<a href="${workspace.basePath}/${s}" ${s === frame.section ? html`aria-current="page"` : ""}>${copy.sections[s]}</a>`,
        )
    : [];
  return html`<header>
  <a class="brand" href="/">${copy.product}</a>
  <nav class="contexts" aria-label="${copy.context}">${contexts} <a href="/orgs" ${frame.section === "orgs" ? html`aria-current="page"` : ""}>${copy.organizations}</a></nav>
  <form class="account" method="post" action="/logout"><span class="email">${session.email}</span> <input type="hidden" name="_csrf" value="${session.csrfToken}"><button type="submit" class="link">${copy.logOut}</button></form>
</header>
${sections.length > 0 ? html`<nav class="sections" aria-label="${workspace?.name}">${sections} <a href="/prices" ${frame.section === "prices" ? html`aria-current="page"` : ""}>${copy.prices}</a> <a href="/docs">${copy.docs}</a></nav>` : ""}`;
}

export function renderPage(frame: Frame, body: Html): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${frame.title} · ${copy.product}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/assets/dashboard.css">
<script src="/assets/htmx.min.js" defer></script>
<script src="/assets/dashboard.js" defer></script>
</head>
<body>
${header(frame)}
<main>
${body}
</main>
</body>
</html>
`.text;
}
