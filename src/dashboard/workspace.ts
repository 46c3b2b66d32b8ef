import type { Role } from "../accounts/add-member.ts";
import type { ActiveSession } from "../accounts/find-session.ts";
import type { Membership } from "../accounts/list-memberships.ts";

/** Whose keys, credits and requests a page shows: the user's own, or one organization's. */
export interface Workspace {
  ownerId: string;
  kind: "user" | "org";
  name: string;
  role: Role;
  /** "" for personal pages, "/org/<slug>" for an organization's. */
  basePath: string;
}

export const personalWorkspace = (session: ActiveSession): Workspace => ({
  ownerId: session.userId,
  kind: "user",
  name: session.email,
  role: "owner",
  basePath: "",
});

export const organizationWorkspace = (membership: Membership): Workspace => ({
  ownerId: membership.orgId,
  kind: "org",
  name: membership.name,
  role: membership.role,
  basePath: `/org/${membership.slug}`,
});

/** Keys, billing and webhook secrets: owners and admins only; members see members and requests. */
export const canManage = (workspace: Workspace): boolean =>
  workspace.role === "owner" || workspace.role === "admin";
