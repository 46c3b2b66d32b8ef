import type { Role } from "../accounts/add-member.ts";
import type { Member } from "../accounts/list-members.ts";
import type { Membership } from "../accounts/list-memberships.ts";
import { errorBox, formatTime, type Html, html, table } from "./html.ts";
import { canManage, type Workspace } from "./workspace.ts";

export const copy = {
  title: "Organizations",
  intro: "An organization has its own balance, keys and request log. Its keys are billed to it.",
  name: "Name",
  slug: "Address",
  role: "Your role",
  none: "You are not in any organization yet.",
  create: "Create an organization",
  createButton: "Create organization",
  nameMissing: "Give the organization a name (1 to 120 characters).",
  membersTitle: "Members",
  email: "Email",
  memberRole: "Role",
  since: "Since",
  add: "Add a member",
  addHint: "They need a padron account first. Adding someone who is already a member changes their role.",
  addButton: "Add member",
  roles: {
    owner: "Owner: everything, including roles of other owners",
    admin: "Admin: keys, credits, webhooks and members",
    member: "Member: sees members and the request log; cannot manage keys or billing",
  } satisfies Record<Role, string>,
  noSuchUser: "No padron account has that email. Ask them to sign up first.",
  ownersOnly: "Only owners can make someone an owner or change an owner's role.",
};

const roleName = (role: Role): string => role.charAt(0).toUpperCase() + role.slice(1);

export function organizationsPage(input: {
  memberships: Membership[];
  csrfToken: string;
  error?: string;
}): Html {
  const rows = input.memberships.map(
    (m) =>
      html`<tr><td><a href="/org/${m.slug}/members">${m.name}</a></td><td><code>/org/${m.slug}</code></td><td>${roleName(m.role)}</td></tr>`,
  );
  return html`<h1>${copy.title}</h1>
<p>${copy.intro}</p>
<section class="card">${table({ headers: [copy.name, copy.slug, copy.role], rows, empty: copy.none })}</section>
<section class="card">
<h2>${copy.create}</h2>
${errorBox(input.error)}
<form method="post" action="/orgs" class="inline">
  <input type="hidden" name="_csrf" value="${input.csrfToken}">
  <label>${copy.name} <input name="name" maxlength="120" required></label>
  <button type="submit">${copy.createButton}</button>
</form>
</section>`;
}

export function membersPage(input: {
  workspace: Workspace;
  members: Member[];
  csrfToken: string;
  error?: string;
}): Html {
  const { workspace } = input;
  const rows = input.members.map(
    (m) => html`<tr><td>${m.email}</td><td>${roleName(m.role)}</td><td>${formatTime(m.since)}</td></tr>`,
  );
  const grantable: Role[] = workspace.role === "owner" ? ["member", "admin", "owner"] : ["member", "admin"];
  const form = html`<section class="card">
<h2>${copy.add}</h2>
<p>${copy.addHint}</p>
${errorBox(input.error)}
<form method="post" action="${workspace.basePath}/members" class="inline">
  <input type="hidden" name="_csrf" value="${input.csrfToken}">
  <label>${copy.email} <input type="email" name="email" required></label>
  <label>${copy.memberRole} <select name="role">${grantable.map((r) => html`<option value="${r}">${roleName(r)}</option>`)}</select></label>
  <button type="submit">${copy.addButton}</button>
</form>
<ul class="roles">${grantable.map((r) => html`<li>${copy.roles[r]}</li>`)}</ul>
</section>`;
  return html`<h1>${copy.membersTitle} <small>${workspace.name}</small></h1>
<section class="card">${table({ headers: [copy.email, copy.memberRole, copy.since], rows })}</section>
${canManage(workspace) ? form : ""}`;
}
