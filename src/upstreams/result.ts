/** What every upstream port answers; upstream trouble is a value, never an exception. */
export type Ok<T> = { status: "ok"; value: T };
export type NotFound = { status: "not_found" };
export type Unavailable = { status: "unavailable"; reason: UnavailableReason; detail?: string };

export type UnavailableReason =
  | "not_configured"
  | "timeout"
  | "network_error"
  | "http_error"
  | "malformed"
  | "circuit_open"
  | "overloaded"
  | "aborted";

/** Sources without a "not found" notion. */
export type UpstreamResult<T> = Ok<T> | Unavailable;
/** Sources that can say the thing asked for does not exist. */
export type LookupResult<T> = Ok<T> | NotFound | Unavailable;

export const ok = <T>(value: T): Ok<T> => ({ status: "ok", value });
export const notFound = (): NotFound => ({ status: "not_found" });
export const unavailable = (reason: UnavailableReason, detail?: string): Unavailable =>
  detail === undefined ? { status: "unavailable", reason } : { status: "unavailable", reason, detail };
