import type { UnavailableReason } from "./result.ts";

/** Thrown inside an attempt when the upstream misbehaves; the policies decide whether to retry it. */
export class UpstreamFailure extends Error {
  override name = "UpstreamFailure";
  readonly reason: UnavailableReason;
  readonly retryable: boolean;
  constructor(reason: UnavailableReason, message: string, retryable: boolean) {
    super(message);
    this.reason = reason;
    this.retryable = retryable;
  }
}

/** The caller cancelled: neither a retry reason nor a breaker failure. */
export class CallerAborted extends Error {
  override name = "CallerAborted";
}

/** A body that cannot be read as the source's format; worth one more try (proxies garble answers). */
export const malformed = (message: string) => new UpstreamFailure("malformed", message, true);
