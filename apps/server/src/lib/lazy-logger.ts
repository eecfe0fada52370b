import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, Level, Logger } from 'pino';

type Args = [unknown?, ...unknown[]];

/**
 * A request's logger that makes pino's child, with the request id bound, only when it writes something: at the
 * usual levels most requests log nothing, and making a child for each of them is a cost of its own on every
 * request. What it writes is what the child would have written. One object with its methods on the prototype:
 * made for every request, it must cost less than the child it stands for.
 */
class LazyChildLogger {
  private made: Logger | null = null;

  constructor(
    private readonly parent: Logger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get logger(): Logger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }

  /** Whether the child would write at `level`: at its own level when the route sets one, else its parent's. */
  private enabled(level: Level): boolean {
    if (this.made) return this.made.isLevelEnabled(level);
    const own = this.options.level;
    return own
      ? this.parent.levels.values[level]! >= this.parent.levels.values[own]!
      : this.parent.isLevelEnabled(level);
  }

  private write(level: Level, args: Args) {
    if (this.enabled(level)) (this.logger[level] as (...a: Args) => void)(...args);
  }

  get level(): string {
    return this.made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  fatal(...args: Args) {
    this.write('fatal', args);
  }
  error(...args: Args) {
    this.write('error', args);
  }
  warn(...args: Args) {
    this.write('warn', args);
  }
  info(...args: Args) {
    this.write('info', args);
  }
  debug(...args: Args) {
    this.write('debug', args);
  }
  trace(...args: Args) {
    this.write('trace', args);
  }
  silent() {}

  child(bindings: Bindings, options?: ChildLoggerOptions) {
    return this.logger.child(bindings, options);
  }
}

/** Fastify's childLoggerFactory: the request's logger, made lazily (above). */
export function lazyChildLogger(
  this: unknown,
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new LazyChildLogger(parent as Logger, bindings, options) as unknown as FastifyBaseLogger;
}
