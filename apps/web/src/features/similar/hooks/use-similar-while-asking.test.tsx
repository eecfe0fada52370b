import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SimilarQuestions } from '@fenestra/shared';
import { useSimilarWhileAsking } from './use-similar-while-asking';

const answer = (body: SimilarQuestions) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const twin = {
  id: '00000000-0000-4000-8000-000000000001',
  title: 'Casement crank spins',
  status: 'solved' as const,
  score: 0.6,
};

describe('similar questions while asking', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks 300 ms after the last keystroke and aborts a request that newer typing made stale', async () => {
    vi.useFakeTimers();
    const calls: { url: string; signal: AbortSignal }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit) => {
        calls.push({ url, signal: init.signal! });
        // The first request hangs until it is aborted; the second answers.
        return calls.length === 1 ? new Promise<Response>(() => {}) : Promise.resolve(answer({ questions: [twin] }));
      }),
    );
    const { result, rerender } = renderHook(({ title }) => useSimilarWhileAsking({ title, description: '' }), {
      initialProps: { title: 'Case' },
    });
    rerender({ title: 'Casement' });
    await act(async () => {
      vi.advanceTimersByTime(299);
    });
    expect(calls).toHaveLength(0);
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(calls).toHaveLength(1);
    expect(new URL(calls[0]!.url, 'http://x').searchParams.get('title')).toBe('Casement');

    rerender({ title: 'Casement crank' });
    expect(calls[0]!.signal.aborted).toBe(true);
    await act(async () => {
      vi.advanceTimersByTime(300);
    });
    expect(calls).toHaveLength(2);
    vi.useRealTimers();
    await waitFor(() => expect(result.current).toEqual([twin]));
  });

  it('sends at most 500 characters of the description', async () => {
    const fetchMock = vi.fn((_url: string) => Promise.resolve(answer({ questions: [] })));
    vi.stubGlobal('fetch', fetchMock);
    renderHook(() => useSimilarWhileAsking({ title: 'Sash lock will not latch', description: 'x'.repeat(900) }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(new URL(fetchMock.mock.calls[0]![0], 'http://x').searchParams.get('description')).toHaveLength(500);
  });
});
