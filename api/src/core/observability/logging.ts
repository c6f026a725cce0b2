import type { LoggerService } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { Params } from 'nestjs-pino';
import type { AppConfig } from '../config/config.js';

/** Request ids we accept from a client or a proxy: short, no spaces or control characters. */
const SANE_REQUEST_ID = /^[\w.:-]{8,64}$/;

/**
 * Gives every request an id (the caller's `X-Request-Id` when it looks sane, else a new UUID) and
 * sends it back in `X-Request-Id`, on every answer: API, uploads, dashboard and public site. The
 * request log line carries the same id (pino-http reads `req.id`).
 */
export function requestIdMiddleware(req: Request, res: Response, next: NextFunction): void {
  const given = req.headers['x-request-id'];
  const id = typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
  (req as Request & { id: string }).id = id;
  res.setHeader('X-Request-Id', id);
  next();
}

/** Probes and scrapes come every few seconds: logged at debug unless they fail. */
const QUIET_PATHS = /^\/api\/(health(\/(live|ready))?|metrics)\/?(\?|$)/;

/** The few request headers worth a log line; never cookies, tokens or the whole set. */
const LOGGED_REQUEST_HEADERS = ['user-agent', 'referer', 'content-type', 'content-length', 'x-forwarded-for'];
const LOGGED_RESPONSE_HEADERS = ['content-type', 'content-length', 'location'];

function pick(headers: Record<string, unknown> | undefined, names: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of names) if (headers?.[name] !== undefined) out[name] = headers[name];
  return out;
}

/** pino-pretty is a development dependency: absent from a production install, JSON is used then. */
function prettyAvailable(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

type LoggedRequest = IncomingMessage & { id?: string; ip?: string; originalUrl?: string; principal?: { userId: number } };

/**
 * The logger of the whole process (nestjs-pino): coloured one-line records on a terminal
 * (LOG_FORMAT=pretty, the default when stdout is a TTY and pino-pretty is installed), JSON lines
 * otherwise; one line per request with method, path, status, duration, request id, user id, client
 * IP (req.ip, so the real client behind a proxy when TRUST_PROXY is set) and a short list of headers.
 */
export function loggerParams(config: AppConfig): Params {
  const pretty = config.logFormat === 'pretty' && prettyAvailable();
  return {
    pinoHttp: {
      level: config.logLevel,
      ...(pretty
        ? {
            transport: {
              target: 'pino-pretty',
              options: {
                colorize: true,
                singleLine: true,
                translateTime: 'SYS:HH:MM:ss.l',
                ignore: 'pid,hostname,service,req,res,context',
                messageFormat: '{if context}[{context}] {end}{msg}',
              },
            },
          }
        : {}),
      // The id set by requestIdMiddleware; a request that skipped it (tests mounting routes alone) gets one here.
      genReqId: (req: IncomingMessage, res: ServerResponse) => {
        const known = (req as LoggedRequest).id;
        if (known) return known;
        const id = randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      serializers: {
        req: (req: { id?: string; method?: string; url?: string; headers?: Record<string, unknown>; raw?: LoggedRequest }) => ({
          id: req.id,
          method: req.method,
          path: (req.raw?.originalUrl ?? req.url ?? '').split('?')[0],
          headers: pick(req.headers, LOGGED_REQUEST_HEADERS),
        }),
        res: (res: { statusCode?: number; headers?: Record<string, unknown> }) => ({
          statusCode: res.statusCode,
          headers: pick(res.headers, LOGGED_RESPONSE_HEADERS),
        }),
      },
      customLogLevel: (req: IncomingMessage, res: ServerResponse, error?: Error) => {
        if (error || res.statusCode >= 500) return 'error';
        if (QUIET_PATHS.test((req as LoggedRequest).originalUrl ?? req.url ?? '')) return 'debug';
        return 'info';
      },
      customSuccessMessage: (req: IncomingMessage, res: ServerResponse, ms: number) =>
        `${req.method} ${((req as LoggedRequest).originalUrl ?? req.url ?? '').split('?')[0]} ${res.statusCode} ${ms} ms`,
      customErrorMessage: (req: IncomingMessage, res: ServerResponse) =>
        `${req.method} ${((req as LoggedRequest).originalUrl ?? req.url ?? '').split('?')[0]} ${res.statusCode} failed`,
      // Evaluated when the answer is finished: the session guard has identified the user by then.
      customProps: (req: IncomingMessage) => {
        const r = req as LoggedRequest;
        return { service: 'comptoir-api', ip: r.ip, ...(r.principal ? { userId: r.principal.userId } : {}) };
      },
      redact: ['req.headers.cookie', 'req.headers.authorization'],
      autoLogging: { ignore: (req: IncomingMessage) => !req.url?.startsWith('/api') },
    },
  };
}

/** Nest's own start-up chatter (one line per module and per route): useful when debugging only. */
const DEBUG_CONTEXTS = new Set(['RouterExplorer', 'RoutesResolver', 'InstanceLoader', 'NestFactory']);

/** Wraps the pino logger so that Nest's route-mapping lines go to debug instead of info. */
export class QuietBootLogger implements LoggerService {
  constructor(private readonly inner: LoggerService) {}

  log(message: unknown, ...params: unknown[]): void {
    const context = params[params.length - 1];
    if (typeof context === 'string' && DEBUG_CONTEXTS.has(context)) this.inner.debug?.(message, ...params);
    else this.inner.log(message, ...params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.inner.error(message, ...params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.inner.warn(message, ...params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.inner.debug?.(message, ...params);
  }
  verbose(message: unknown, ...params: unknown[]): void {
    this.inner.verbose?.(message, ...params);
  }
  fatal(message: unknown, ...params: unknown[]): void {
    this.inner.fatal?.(message, ...params);
  }
}
