import type { ApiErrorBody } from '@fenestra/shared';

/** A non-2xx answer from the API, with the fields of its error body. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly field: string | undefined;
  readonly requestId: string | undefined;
  /** The server's own message, when its body carried one. */
  readonly serverMessage: string | undefined;

  constructor(status: number, body: Partial<ApiErrorBody>) {
    super(body.message ?? `Request failed (${status})`);
    this.serverMessage = body.message;
    this.name = 'ApiError';
    this.status = status;
    this.code = body.error;
    this.field = body.field;
    this.requestId = body.requestId;
  }
}

type UnauthorizedListener = () => void;
let onUnauthorized: UnauthorizedListener = () => {};

/** Called on every 401, whoever made the request (the query client drops to the visitor view). */
export function setUnauthorizedListener(listener: UnauthorizedListener): void {
  onUnauthorized = listener;
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

export async function api<T>(path: string, { method = 'GET', body, signal }: RequestOptions = {}): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers:
      body === undefined
        ? { accept: 'application/json' }
        : { accept: 'application/json', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  const isJson = response.headers.get('content-type')?.includes('application/json') ?? false;
  const payload: unknown = isJson ? await response.json().catch(() => null) : null;
  if (!response.ok) {
    if (response.status === 401) onUnauthorized();
    throw new ApiError(response.status, payload ?? {});
  }
  return payload as T;
}

/** The message to show for a failed call: the server's own, or the error's. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
