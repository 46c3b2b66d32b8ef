import type { FastifyReply, FastifyRequest } from "fastify";
import type { KeyContext } from "./api-keys/authenticate-api-key.ts";
import type { Config } from "./config.ts";
import type { Db, Engine } from "./platform/db/connect.ts";
import type { Services } from "./services.ts";

/** What a verb needs to act for one caller: the same shape from a route, a job or the CLI. */
export interface RequestContext {
  db: Db;
  engine: Engine;
  config: Config;
  services: Services;
  auth: KeyContext;
  requestId: string;
  billing: { charged: number; remaining: number | null };
}

declare module "fastify" {
  interface FastifyRequest {
    auth: KeyContext | null;
    ctx: RequestContext | null;
  }
}

/** What a route hands to contextOf: the same for every route of one app. */
export interface ContextDeps {
  config: Config;
  database: { db: Db; engine: Engine };
  services: Services;
}

export function contextOf(request: FastifyRequest, deps: ContextDeps): RequestContext {
  if (!request.auth) throw new Error("contextOf called on an unauthenticated request");
  request.ctx ??= {
    db: deps.database.db,
    engine: deps.database.engine,
    config: deps.config,
    services: deps.services,
    auth: request.auth,
    requestId: request.id,
    billing: { charged: 0, remaining: null },
  };
  return request.ctx;
}

/** `x-credits-charged` / `x-credits-remaining`, from what the verbs recorded on the context. */
export function creditHeaders(request: FastifyRequest, reply: FastifyReply): void {
  const billing = request.ctx?.billing;
  if (!billing || billing.remaining === null) return;
  reply.header("x-credits-charged", String(billing.charged));
  reply.header("x-credits-remaining", String(billing.remaining));
}
