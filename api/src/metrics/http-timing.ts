import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { MetricsService } from './metrics.service.js';

/**
 * Express middleware: times every answer, labelled by the route template (never the raw path). The
 * request and the response stay here, at the edge; MetricsService only records the figures.
 */
export function httpTiming(metrics: MetricsService): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const end = metrics.startHttpTimer();
    res.once('finish', () => {
      // Front ends and catch-all handlers (wildcard templates) are grouped: one series each, whatever the path.
      const template = (req.route as { path?: unknown } | undefined)?.path;
      const api = req.originalUrl === '/api' || req.originalUrl.startsWith('/api/');
      const route = !api ? '(static)' : typeof template === 'string' && !template.includes('*') ? template : '(unmatched)';
      end({ method: req.method, route, status: String(res.statusCode) });
    });
    next();
  };
}
