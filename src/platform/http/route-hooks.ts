import type {
  onResponseHookHandler,
  preParsingHookHandler,
  preSerializationHookHandler,
  RouteOptions,
} from "fastify";

type RouteHooks = {
  preParsing: preParsingHookHandler;
  preSerialization: preSerializationHookHandler<unknown>;
  onResponse: onResponseHookHandler;
};

/**
 * Adds a hook to one route as the route is added (from an `onRoute` hook). A hook made for its route
 * knows the route's URL and settings from the start instead of reading `request.routeOptions`, which
 * builds a new object on every read.
 */
export function appendRouteHook<Name extends keyof RouteHooks>(
  route: RouteOptions,
  name: Name,
  hook: RouteHooks[Name],
): void {
  const existing = route[name] ?? [];
  route[name] = [...(Array.isArray(existing) ? existing : [existing]), hook] as RouteOptions[Name];
}
