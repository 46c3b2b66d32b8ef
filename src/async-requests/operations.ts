import type { RequestContext } from "../request-context.ts";

/** What an operation answers, called synchronously or run as a job: the same status, body and refund. */
export interface OperationResult<B = unknown> {
  /** HTTP-like status the synchronous call would have answered with. */
  status: number;
  /** Exactly the body the synchronous call would have returned. */
  body: B;
  /** Credits to give back (unknown answers, records not sent upstream); applied once, with the result. */
  refund?: number;
}

export interface OperationTools {
  /** Records progress (e.g. batch records answered) shown by GET /v1/requests/{id}. */
  progress(done: number, total: number): Promise<void>;
  signal: AbortSignal;
}

/**
 * An operation that can run asynchronously. `run` is the same verb as the synchronous route minus the
 * money: the charge was taken at acceptance and refunds are RETURNED (`refund`), never made by `run`,
 * because `run` may run again after a crash and the result is stored exactly once.
 */
export interface AsyncOperation {
  name: string;
  /** Webhook event type, e.g. `rfc.validate.completed`. */
  eventType: string;
  /** commerce-registry: only https webhook URLs. */
  requireHttps?: boolean;
  run(ctx: RequestContext, input: never, tools: OperationTools): Promise<OperationResult>;
}

/** The operations one process can run asynchronously: acceptance and the workers look them up here. */
export type OperationRegistry = ReturnType<typeof createOperationRegistry>;

/** Built by the app or worker that registers into it: two apps in one process never share one. */
export function createOperationRegistry() {
  const byName = new Map<string, AsyncOperation>();
  return {
    register: (operation: AsyncOperation) => void byName.set(operation.name, operation),
    find: (name: string) => byName.get(name),
    names: () => [...byName.keys()],
  };
}
