import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openEventStream } from './event-stream';

// The browser's EventSource stands in for the server's stream: the test sends its messages by hand.
class ScriptedSource {
  static last: ScriptedSource | null = null;
  static readonly CLOSED = 2;
  readyState = 1;
  private readonly listeners = new Map<string, ((message: { data: string }) => void)[]>();
  constructor(readonly url: string) {
    ScriptedSource.last = this;
  }
  addEventListener(type: string, listener: (message: { data: string }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {}
  say(type: string, data: object) {
    for (const listener of this.listeners.get(type) ?? []) listener({ data: JSON.stringify(data) });
  }
}

describe('the event stream of a page drawn by the server', () => {
  const bodies: { postIds: string[]; since?: string }[] = [];
  // Each PUT's answer: awaited after the client's own handler of it, which was attached first.
  const answers: Promise<Response>[] = [];
  beforeEach(() => {
    bodies.length = 0;
    answers.length = 0;
    vi.stubGlobal('EventSource', ScriptedSource);
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: { body: string }) => {
        bodies.push(JSON.parse(init.body) as { postIds: string[]; since?: string });
        const answer = Promise.resolve(new Response(null, { status: 204 }));
        answers.push(answer);
        return answer;
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the refetch’s stamp with the posts it says later, so what passed in between is judged', async () => {
    const onResync = vi.fn();
    const live = openEventStream({ onEvent: () => {}, onResync }, { since: '100.drawn' });
    expect(ScriptedSource.last!.url).toContain('since=100.drawn');
    // The server judged the page too old: refetch everything, from its stamp.
    ScriptedSource.last!.say('stream.refetch', { since: '200.judged' });
    ScriptedSource.last!.say('stream.ready', { streamId: 's1' });
    expect(onResync).toHaveBeenCalledTimes(1);
    live.watch(['p1']);
    expect(bodies).toEqual([{ postIds: ['p1'], since: '200.judged' }]);
    await answers[0];
    // Once that set is held, later sets go without a stamp.
    live.watch(['p2']);
    expect(bodies[1]).toEqual({ postIds: ['p2'] });
    live.stop();
  });

  it('keeps no stamp from a refetch that comes once its posts are watched', async () => {
    const live = openEventStream({ onEvent: () => {}, onResync: () => {} }, { since: '100.drawn' });
    ScriptedSource.last!.say('stream.ready', { streamId: 's1' });
    live.watch(['p1']);
    expect(bodies).toEqual([{ postIds: ['p1'], since: '100.drawn' }]);
    await answers[0];
    ScriptedSource.last!.say('stream.refetch', { scope: 'content', since: '300.judged' });
    live.watch(['p2']);
    expect(bodies[1]).toEqual({ postIds: ['p2'] });
    live.stop();
  });

  it('has one set on its way at a time, then sends the latest the tab said meanwhile', async () => {
    // The server answers each PUT when the test says.
    const put: { body: { postIds: string[] }; answer: () => void }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: { body: string }) =>
          new Promise<Response>((resolve) =>
            put.push({
              body: JSON.parse(init.body) as { postIds: string[] },
              answer: () => resolve(new Response(null, { status: 204 })),
            }),
          ),
      ),
    );
    const live = openEventStream({ onEvent: () => {}, onResync: () => {} });
    ScriptedSource.last!.say('stream.ready', { streamId: 's1' });
    live.watch(['p1']);
    // Ten tabs changing pages at once: sent side by side, the server could hold an older set than the last.
    live.watch(['p2']);
    live.watch(['p3']);
    expect(put.map(({ body }) => body.postIds)).toEqual([['p1']]);
    put[0]!.answer();
    await vi.waitFor(() => expect(put).toHaveLength(2));
    expect(put[1]!.body.postIds).toEqual(['p3']);
    put[1]!.answer();
    live.watch(['p3']);
    expect(put).toHaveLength(2);
    live.stop();
  });
});
