import type { RouteOptions } from "fastify";

type RouteHookName = "preParsing" | "onResponse";

/**
 * Adds a hook to one route as the route is added (from an `onRoute` hook). A hook made for its route
 * knows the route's URL and settings from the start instead of reading `request.routeOptions`, which
 * builds a new object on every read.
 */
export function appendRouteHook<Name extends RouteHookName>(
  route: RouteOptions,
  name: Name,
  hook: NonNullable<RouteOptions[Name]> extends infer H
    ? H extends readonly (infer One)[]
      ? One
      : H
    : never,
): void {
  const existing = route[name] ?? [];
  route[name] = [...(Array.isArray(existing) ? existing : [existing]), hook] as RouteOptions[Name];
}
