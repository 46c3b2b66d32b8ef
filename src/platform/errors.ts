// The closed list of error codes (DESIGN §3.2). Verbs throw ServiceError; one mapper renders it.

export const ERRORS = {
  malformed_json: { status: 400, title: "Malformed JSON" },
  unauthorized: { status: 401, title: "Unauthorized" },
  insufficient_balance: { status: 402, title: "Insufficient balance" },
  not_found: { status: 404, title: "Not found" },
  method_not_allowed: { status: 405, title: "Method not allowed" },
  request_timeout: { status: 408, title: "Request timeout" },
  idempotency_conflict: { status: 409, title: "Idempotency key reused with a different body" },
  idempotency_in_progress: { status: 409, title: "Request with this idempotency key still running" },
  payload_too_large: { status: 413, title: "Payload too large" },
  unsupported_media_type: { status: 415, title: "Unsupported media type" },
  invalid_request: { status: 422, title: "Invalid request" },
  invalid_rfc: { status: 422, title: "Invalid RFC" },
  name_zip_pair_required: { status: 422, title: "name and zip must be sent together" },
  company_rfc_required: { status: 422, title: "A company RFC is required" },
  batch_too_large: { status: 422, title: "Batch too large" },
  invalid_webhook_url: { status: 422, title: "Invalid webhook URL" },
  rate_limited: { status: 429, title: "Rate limited" },
  headers_too_large: { status: 431, title: "Request header fields too large" },
  internal_error: { status: 500, title: "Internal error" },
  unavailable: { status: 503, title: "Unavailable" },
} as const;

export type ErrorCode = keyof typeof ERRORS;

export interface FieldError {
  path: string;
  message: string;
}

export class ServiceError extends Error {
  readonly code: ErrorCode;
  readonly errors?: FieldError[];
  readonly headers?: Record<string, string>;

  constructor(
    code: ErrorCode,
    detail: string,
    extra: { errors?: FieldError[]; headers?: Record<string, string> } = {},
  ) {
    super(detail);
    this.name = "ServiceError";
    this.code = code;
    this.errors = extra.errors;
    this.headers = extra.headers;
  }
}

export const isServiceError = (error: unknown): error is ServiceError => error instanceof ServiceError;
