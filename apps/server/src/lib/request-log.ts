import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';

/** What one request's log line says. */
export interface RequestLine {
  reqId: string;
  method: string | undefined;
  url: string | undefined;
  ip: string | undefined;
  statusCode: number;
  /** Milliseconds from taking the request to its answer's end. */
  responseTime: number;
  /** Answered by the replay in front of Fastify (decision 021). */
  replayed?: boolean;
}

/** Whether a logger writes at info: request lines are written only then (and never with LOG_LEVEL silent). */
export function logsRequests(log: FastifyBaseLogger): boolean {
  const withLevels = log as FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };
  return typeof withLevels.isLevelEnabled === 'function' && withLevels.isLevelEnabled('info');
}

/** The one line a request writes at info, once its answer has ended: method, address, status and time, never headers. */
export function logRequest(log: FastifyBaseLogger, line: RequestLine, err?: Error): void {
  const { reqId, method, url, ip, statusCode, responseTime, replayed } = line;
  const fields = {
    reqId,
    req: { method, url, ip },
    res: { statusCode },
    responseTime,
    ...(replayed ? { replayed } : {}),
  };
  if (err) log.error({ ...fields, err }, 'request errored');
  else log.info(fields, 'request');
}

/**
 * Fastify's request logging with one line per request instead of two ('incoming request' then 'request
 * completed'): the line is written when the answer has ended, and says what both said.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    // The app's logger, not the request's child: the line names its request id itself.
    logRequest(
      request.server.log,
      {
        reqId: request.id,
        method: request.method,
        url: request.url,
        ip: request.ip,
        statusCode: reply.statusCode,
        responseTime: reply.elapsedTime,
      },
      error ?? undefined,
    );
  }
}
