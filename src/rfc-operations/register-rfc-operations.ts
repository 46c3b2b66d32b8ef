import type { AsyncOperation } from "../async-requests/operations.ts";
import { findZipOperation } from "./find-zip.ts";
import { profileOperation } from "./profile-taxpayer.ts";
import { type RfcDeps, type RfcOperation, rfcContext } from "./rfc-context.ts";
import { commerceRegistryOperation } from "./search-commerce-registry.ts";
import { validateOperation } from "./validate-rfc.ts";
import { verifyBatchOperation } from "./verify-batch-operation.ts";
import { verifyOperation } from "./verify-rfc.ts";

/**
 * Every /v1/rfc operation answered by webhook, bound to this process's sources. The API process
 * (acceptance) and every worker process (running) call it once, each into its own `services.operations`.
 */
export function registerRfcOperations(deps: RfcDeps): void {
  const { operations } = deps.services;
  operations.register(asJob(deps, validateOperation, "rfc.validate.completed"));
  operations.register(asJob(deps, verifyOperation, "rfc.verify.completed"));
  operations.register(asJob(deps, findZipOperation, "rfc.find_zip.completed"));
  operations.register(asJob(deps, profileOperation, "rfc.profile.completed"));
  operations.register({
    ...asJob(deps, commerceRegistryOperation, "rfc.commerce_registry.completed"),
    requireHttps: true,
  });
  operations.register(verifyBatchOperation(deps.upstreams));
}

/** The job runs `run` on the input checked at acceptance; the charge was taken then, refunds are returned. */
function asJob<I, C, B>(deps: RfcDeps, operation: RfcOperation<I, C, B>, eventType: string): AsyncOperation {
  return {
    name: operation.name,
    eventType,
    run: (ctx, input: C, tools) => operation.run(rfcContext(ctx, deps), input, tools.signal),
  };
}
