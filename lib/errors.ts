/**
 * AppError and the one map from error codes to HTTP statuses. Services throw AppError with a
 * code and a user-facing message (the spec's wording where it has one); the route wrapper
 * turns it into a JSON response. Anything else becomes a generic 500 without internals.
 */
export const errorStatus = {
  bad_request: 400,
  validation: 422,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/** An expected failure with a code (mapped to an HTTP status) and a message safe to show. */
export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    message: string,
    /** Per-field messages, e.g. { password: "Password too short" }. */
    public readonly fields?: Record<string, string>,
    /** Seconds to wait before retrying (rate limiting). */
    public readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "AppError";
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;
