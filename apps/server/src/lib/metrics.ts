import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

// What the process counts wherever it happens (a request, a mail, a detection), for /metrics (issue 30). One
// registry per process: the adapters, jobs and hooks that count import these. What belongs to one app (its pool,
// its streams, its queue) is gathered from that app when /metrics is scraped (plugins/metrics.ts).

export const processMetrics = new Registry();

// Process memory, CPU, event-loop delay (a histogram sampled every 20 ms), handles and GC, as prom-client names them.
collectDefaultMetrics({ register: processMetrics, eventLoopMonitoringPrecision: 20 });

export const httpRequests = new Counter({
  name: 'fenestra_http_requests_total',
  help: 'HTTP requests answered, by route pattern, method and status',
  labelNames: ['route', 'method', 'status'] as const,
  registers: [processMetrics],
});

export const httpDuration = new Histogram({
  name: 'fenestra_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by route pattern, method and status',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [processMetrics],
});

export const emailsSent = new Counter({
  name: 'fenestra_emails_total',
  help: 'Emails handed to the relay (or the outbox), by result: sent or failed',
  labelNames: ['result'] as const,
  registers: [processMetrics],
});

export const detectionDuration = new Histogram({
  name: 'fenestra_detection_seconds',
  help: 'Time one photo detection job took, by result: done or failed',
  labelNames: ['result'] as const,
  buckets: [0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300],
  registers: [processMetrics],
});

/** Times an async piece of work into a histogram with result 'done' or 'failed'. */
export async function timed<T>(histogram: Histogram<'result'>, work: () => Promise<T>): Promise<T> {
  const end = histogram.startTimer();
  try {
    const result = await work();
    end({ result: 'done' });
    return result;
  } catch (err) {
    end({ result: 'failed' });
    throw err;
  }
}
