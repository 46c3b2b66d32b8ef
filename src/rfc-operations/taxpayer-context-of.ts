import type { FastifyRequest } from "fastify";
import type { Config } from "../config.ts";
import type { DatabaseHandle } from "../platform/db/connect.ts";
import type { PostalCodeCatalog } from "../postal-codes/postal-code-catalog.ts";
import { contextOf } from "../request-context.ts";
import type { Services } from "../services.ts";
import type { UpstreamRegistry } from "../upstreams/create-upstreams.ts";
import type { TaxpayerContext } from "./taxpayer-context.ts";

export type TaxpayerDeps = {
  config: Config;
  database: DatabaseHandle;
  services: Services;
  upstreams: UpstreamRegistry;
  postalCodes: PostalCodeCatalog;
};

/** The request context plus the upstreams of the key's mode (sandbox keys: the sandbox). */
export function taxpayerContextOf(request: FastifyRequest, deps: TaxpayerDeps): TaxpayerContext {
  const ctx = contextOf(request, deps);
  return {
    ...ctx,
    upstreams: deps.upstreams.forMode(ctx.auth.mode),
    postalCodes: deps.postalCodes,
  };
}
