import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * Uploads go through XMLHttpRequest (for progress), which `renderApp`'s fetch mock does not see: this
 * stands in for it the same way, at the network boundary. Each sent request waits for the test to answer.
 */
export class FakeXhr extends EventTarget {
  static sent: FakeXhr[] = [];
  readonly upload = new EventTarget();
  method = '';
  url = '';
  status = 0;
  responseText = '';
  responseType = '';
  withCredentials = false;
  body: FormData | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.dispatchEvent(new Event('abort'));
  }

  /** Reports `loaded` of `total` bytes sent. */
  progress(loaded: number, total: number) {
    act(() => {
      this.upload.dispatchEvent(new ProgressEvent('progress', { lengthComputable: true, loaded, total }));
    });
  }
  /** Answers with a JSON body. */
  async respond(status: number, body: unknown) {
    await act(async () => {
      this.status = status;
      this.responseText = JSON.stringify(body);
      this.dispatchEvent(new Event('load'));
    });
  }
  /** The names of the files sent in `field`. */
  fileNames(field: string): string[] {
    return (this.body?.getAll(field) ?? []).map((value) => (value instanceof File ? value.name : String(value)));
  }
}

export function installFakeXhr() {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
}
