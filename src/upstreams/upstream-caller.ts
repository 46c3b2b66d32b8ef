import { Agent } from "undici";
import { buildPolicy, type PolicySettings } from "./build-policy.ts";
import { createOwnerLanes } from "./owner-lanes.ts";
import { type NotFound, type Ok, type Unavailable, unavailable } from "./result.ts";
import { type HttpAnswer, type SendOptions, sendRequest } from "./send-request.ts";
import { CallerAborted, UpstreamFailure } from "./upstream-failure.ts";

export type CallerSettings = PolicySettings & {
  idempotent: boolean;
  maxBodyBytes: number;
  /** Slots of `concurrency` one owner may hold at once (calls that name their owner); absent: no cap. */
  perOwner?: number;
  /** TLS options of this upstream's own pool only (SAT's CSF page needs weak DH accepted). */
  tls?: { ciphers?: string };
};

type Send = (
  request: Omit<SendOptions, "agent" | "signal" | "callerSignal" | "maxBodyBytes">,
) => Promise<HttpAnswer>;

/** One upstream in one mode: a pooled connection agent and its policies. */
export type UpstreamCaller = ReturnType<typeof createUpstreamCaller>;

// Calls made without a caller's signal share one that never aborts.
const NEVER = new AbortController().signal;

export function createUpstreamCaller(settings: CallerSettings) {
  const agent = new Agent({
    connections: settings.concurrency,
    headersTimeout: settings.timeoutMs,
    bodyTimeout: settings.timeoutMs,
    connectTimeout: Math.min(settings.timeoutMs, 10_000),
    ...(settings.tls ? { connect: settings.tls } : {}),
  });
  const policy = buildPolicy(settings, settings.idempotent);
  const lanes = settings.perOwner
    ? createOwnerLanes({ perOwner: settings.perOwner, queueLimit: settings.queueLimit })
    : null;
  return {
    /**
     * Runs `attempt` under the policies, behind the owner's cap when given; never throws, answers
     * "unavailable" for any trouble.
     */
    async call<R extends Ok<unknown> | NotFound>(
      signal: AbortSignal | undefined,
      attempt: (send: Send) => Promise<R>,
      owner?: string,
    ): Promise<R | Unavailable> {
      const callerSignal = signal ?? NEVER;
      if (callerSignal.aborted) return unavailable("aborted");
      const execute = () =>
        policy.execute(
          (attemptSignal) =>
            attempt((request) =>
              sendRequest({
                ...request,
                agent,
                signal: attemptSignal,
                callerSignal,
                maxBodyBytes: settings.maxBodyBytes,
              }),
            ),
          callerSignal,
        );
      try {
        return await (lanes && owner !== undefined ? lanes.run(owner, callerSignal, execute) : execute());
      } catch (error) {
        return toUnavailable(error);
      }
    },
    close: () => agent.close(),
  };
}

function toUnavailable(error: unknown): Unavailable {
  if (error instanceof UpstreamFailure) return unavailable(error.reason, error.message);
  if (error instanceof CallerAborted) return unavailable("aborted");
  // A bug in a mapping must not become a 500 for an upstream answer; it is reported as malformed.
  return unavailable("malformed", error instanceof Error ? error.message : String(error));
}
