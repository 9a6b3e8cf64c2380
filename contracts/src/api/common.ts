/** Every successful answer that carries a payload puts it under `data`. */
export interface ApiEnvelope<T> {
  data: T;
  message?: string;
}

/** Every failure answers in this one shape (spec section 8). */
export interface ApiErrorBody {
  /** A human sentence, always present. */
  message: string;
  /** Extra detail the client may show instead of `message`. */
  detail?: string;
  /** Field errors for validation failures, keyed by request field name. */
  errors?: Record<string, string[]>;
  /** On 429 answers: how many seconds until the call may be made again. */
  retry_after_seconds?: number;
}

export interface MessageResponse {
  message: string;
}
