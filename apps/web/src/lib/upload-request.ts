import type { ApiErrorBody } from '@fenestra/shared';
import { ApiError } from './api-client';

export interface UploadOptions {
  /** Bytes of the request body sent so far, and its total size. */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

/**
 * POSTs a multipart form with XMLHttpRequest, which (unlike fetch) reports upload progress. Resolves
 * with the JSON answer; rejects with an ApiError carrying the server's message, like `api()` does.
 */
export function postMultipart<T>(path: string, form: FormData, { onProgress, signal }: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.withCredentials = true;
    request.setRequestHeader('accept', 'application/json');
    request.responseType = 'text';
    if (onProgress) {
      request.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable) onProgress(event.loaded, event.total);
      });
    }
    request.addEventListener('load', () => {
      let body: unknown;
      try {
        body = request.responseText ? JSON.parse(request.responseText) : null;
      } catch {
        body = null;
      }
      if (request.status >= 200 && request.status < 300) resolve(body as T);
      else reject(new ApiError(request.status, (body ?? {}) as Partial<ApiErrorBody>));
    });
    request.addEventListener('error', () => reject(new Error('The upload could not reach the server')));
    request.addEventListener('abort', () => reject(new DOMException('The upload was cancelled', 'AbortError')));
    if (signal) {
      if (signal.aborted) {
        reject(new DOMException('The upload was cancelled', 'AbortError'));
        return;
      }
      signal.addEventListener('abort', () => request.abort(), { once: true });
    }
    request.send(form);
  });
}

export const isAbortError = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';
