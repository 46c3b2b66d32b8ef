import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { WindowCounter } from "./window-counters.ts";

type RouteInfo = { routeInfo?: { method?: string | string[]; url?: string } };

/**
 * A `@fastify/rate-limit` store over one of our window counters, so the dashboard's login limit falls
 * back to this process's counts while Redis cannot be asked, as the API's does (the plugin's own Redis
 * store could only fail or skip the limit). Each route counts apart, as the plugin's stores do.
 */
export function counterStore(counter: WindowCounter): FastifyRateLimitStoreCtor {
  const storeFor = (prefix: string): FastifyRateLimitStore => ({
    incr(key, callback, timeWindow) {
      const taken = counter.take(prefix + key, timeWindow);
      if (!(taken instanceof Promise)) return callback(null, { current: taken.count, ttl: taken.msLeft });
      taken.then((t) => callback(null, { current: t.count, ttl: t.msLeft }), callback);
    },
    child(routeOptions) {
      const route = (routeOptions as RouteInfo).routeInfo ?? {};
      return storeFor(`${prefix}${route.method ?? ""}${route.url ?? ""}-`);
    },
  });
  // The plugin constructs its store with `new`: a constructor that returns the object made above.
  return function CounterStore() {
    return storeFor("");
  } as unknown as FastifyRateLimitStoreCtor;
}
