import type { NextFunction, Request, Response } from 'express';
import { routeTemplate, statusClass } from './metric-labels';
import { httpRequestDuration } from './metrics';

/** Times every HTTP request; the route is known only once it has been matched, so it is read at the end. */
export function httpMetricsMiddleware(req: Request, res: Response, next: NextFunction): void {
  const stopTimer = httpRequestDuration.startTimer();
  res.once('finish', () => stopTimer({ method: req.method, route: routeTemplate(req), status: statusClass(res.statusCode) }));
  next();
}
