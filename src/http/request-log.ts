import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import { pino } from 'pino';
import { round } from '../domain/numbers.js';
import { accessLineFields, redactedUrl } from './edge-rules.js';
import type { RouteConfig } from './request-context.js';

/** A finished request, as the metrics observe it. */
interface Completion {
  /** The matched route's config (null on a 404). */
  route: RouteConfig | null;
  method: string;
  status: number;
  ms: number;
}

type Completed = (completion: Completion) => void;

/** A request answered before Fastify saw it (the hit path, `cache-hits.ts`): what its log line says. */
interface AnsweredOutside extends Completion {
  id: string;
  url: string;
  keyPrefix: string;
}

/** Writes one finished JSON line to a pino logger's destination; null when the logger is not pino (logging off). */
type LineWriter = ((fields: string) => void) | null;

const writers = new WeakMap<object, LineWriter>();

/**
 * The line pino would write at info with the request id bound, made here: the access line is the
 * one line every request writes, and building it through pino (a child logger for the request
 * id, then pino's serialisation key by key) cost several microseconds and most of a cached
 * answer's allocations. Same fields, same order, same destination.
 */
function lineWriter(logger: FastifyBaseLogger): LineWriter {
  let writer = writers.get(logger);
  if (writer === undefined) {
    const symbols = pino.symbols as unknown as Record<'streamSym' | 'chindingsSym' | 'timeSym', symbol>;
    const fields = logger as unknown as Record<symbol, unknown>;
    const stream = fields[symbols.streamSym] as { write(line: string): unknown } | undefined;
    const time = fields[symbols.timeSym] as (() => string) | undefined;
    const chindings = fields[symbols.chindingsSym];
    writer =
      stream && time && typeof chindings === 'string'
        ? (rest: string) => {
            stream.write(`{"level":30${time()}${chindings}${rest},"msg":"request completed"}\n`);
          }
        : null;
    writers.set(logger, writer);
  }
  return writer;
}

/**
 * One log line per request, written when the response has gone (Fastify's default writes two:
 * "incoming request" and "request completed"). It carries what an operator needs: the request id
 * (`reqId`, as pino binds it), method, URL with secrets redacted, status, milliseconds, client
 * address and the key's display prefix. Fastify's other lines (errors, 404s) are kept. Observers
 * (the metrics) are told of each finished request here too, which spares an onResponse hook.
 */
export class OneLinePerRequest extends LogController {
  private readonly observers: Completed[] = [];

  onCompleted(observer: Completed): void {
    this.observers.push(observer);
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const completion = {
      route: request.route,
      method: request.method,
      status: reply.statusCode,
      ms: reply.elapsedTime,
    };
    for (const observer of this.observers) observer(completion);
    const ms = round(reply.elapsedTime, 1);
    const logger = request.server.log as FastifyBaseLogger & { isLevelEnabled?(level: string): boolean };
    const write = error ? null : lineWriter(logger);
    if (!write) {
      const line = {
        method: request.method,
        url: redactedUrl(request.url),
        status: reply.statusCode,
        ms,
        ip: request.ip,
        key: request.apiKey?.prefix,
      };
      if (error) reply.log.error({ ...line, err: error }, 'request errored');
      else reply.log.info(line, 'request completed');
      return;
    }
    if (logger.isLevelEnabled?.('info') === false) return;
    write(
      accessLineFields(
        request.id,
        request.method,
        request.url,
        reply.statusCode,
        ms,
        request.ip,
        request.apiKey?.prefix,
      ),
    );
  }

  /** The same observation and line for a request answered before routing; `ip` is read only when the line is written. */
  answeredOutside(logger: FastifyBaseLogger, answered: AnsweredOutside, ip: () => string | undefined): void {
    for (const observer of this.observers) observer(answered);
    const ms = round(answered.ms, 1);
    const write = lineWriter(logger);
    if (!write) {
      // Not pino's own destination: the line goes through the logger, as requestCompleted sends it.
      const { id: reqId, method, url, status, keyPrefix: key } = answered;
      logger.info({ reqId, method, url: redactedUrl(url), status, ms, ip: ip(), key }, 'request completed');
      return;
    }
    if ((logger as { isLevelEnabled?(level: string): boolean }).isLevelEnabled?.('info') === false) return;
    write(accessLineFields(answered.id, answered.method, answered.url, answered.status, ms, ip(), answered.keyPrefix));
  }
}

type LogMethod = (...args: unknown[]) => void;
type PinoLike = FastifyBaseLogger &
  Record<'info' | 'error' | 'warn' | 'debug' | 'trace' | 'fatal' | 'silent', LogMethod>;

/**
 * A request's logger (bound to its id), made on first use. Fastify makes one for every request;
 * most requests never use it, since their one line is written by OneLinePerRequest.
 */
class LazyRequestLogger {
  private made: PinoLike | null = null;

  constructor(
    private readonly parent: PinoLike,
    private readonly bindings: Record<string, unknown>,
    private readonly options: object,
  ) {}

  private get logger(): PinoLike {
    return (this.made ??= this.parent.child(this.bindings, this.options) as PinoLike);
  }

  get level(): string {
    return this.made?.level ?? this.parent.level;
  }
  set level(level: string) {
    this.logger.level = level;
  }
  isLevelEnabled(level: string): boolean {
    return (this.logger as unknown as { isLevelEnabled(level: string): boolean }).isLevelEnabled(level);
  }
  child(bindings: Record<string, unknown>, options?: object): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
  fatal(...args: unknown[]): void {
    this.logger.fatal(...args);
  }
  error(...args: unknown[]): void {
    this.logger.error(...args);
  }
  warn(...args: unknown[]): void {
    this.logger.warn(...args);
  }
  info(...args: unknown[]): void {
    this.logger.info(...args);
  }
  debug(...args: unknown[]): void {
    this.logger.debug(...args);
  }
  trace(...args: unknown[]): void {
    this.logger.trace(...args);
  }
  silent(...args: unknown[]): void {
    this.logger.silent(...args);
  }
}

/** Fastify's `childLoggerFactory`: each request's logger made only if something logs through it. */
export function lazyRequestLogger(
  logger: FastifyBaseLogger,
  bindings: Record<string, unknown>,
  options: object,
): FastifyBaseLogger {
  return new LazyRequestLogger(logger, bindings, options);
}
