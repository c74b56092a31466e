/**
 * Each request's queries run under a budget of time and take turns with other organisations'
 * (db/turns.ts, docs/database.md): no request may hold the database long enough to stall
 * everyone else, and one that would is answered 503 with a clear message instead.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type QueryBudget, withQueryBudget } from '../db/turns.ts';

export interface QueryLimits {
  /** How long a request's queries may run, ms (REQUEST_QUERY_LIMIT_MS). */
  requestMs: number;
  /** The same for a report or workbook export (EXPORT_QUERY_LIMIT_MS). */
  exportMs: number;
}

export const REQUEST_TOO_LARGE =
  'This request is too large to answer now. Please select fewer files or a shorter period, or try again later.';
export const REPORT_TOO_LARGE =
  'This report is too large to build now. Please select fewer files or a shorter period, or try again later.';

/** The exports: PowerPoint, PDF, capture and Excel downloads of the dashboards and lists. */
export function isExportRoute(url: string | undefined): boolean {
  if (!url) return false;
  return (
    url.startsWith('/api/excel/') ||
    url.startsWith('/api/download') ||
    /^\/api\/report\/[^/]+\/(pptx|pdf)$/.test(url)
  );
}

class RequestBudget implements QueryBudget {
  usedMs = 0;
  limitMs: number;
  message: string;
  private caller: string | undefined;

  constructor(
    private readonly app: FastifyInstance,
    private readonly request: FastifyRequest,
    limits: QueryLimits,
  ) {
    const exporting = isExportRoute(request.routeOptions.url);
    // An upload saves all of its rows or none in one transaction (one turn), bounded by the
    // upload limits: a limit reached after its save would refuse a request whose rows are saved.
    const upload = request.headers['content-type']?.startsWith('multipart/') === true;
    this.limitMs = upload ? 0 : exporting ? limits.exportMs : limits.requestMs;
    this.message = exporting ? REPORT_TOO_LARGE : REQUEST_TOO_LARGE;
  }

  /**
   * The organisation once the guard knows it. Before that — the guard's own account lookup —
   * the user a validly signed token names, and without one (sign-in, recovery) the address:
   * another organisation's requests from the same address do not queue behind this one's.
   */
  get key(): string {
    const principal = this.request.principal;
    if (principal) return `org:${principal.clientRef}`;
    this.caller ??= this.signedUser() ?? `ip:${this.request.ip}`;
    return this.caller;
  }

  private signedUser(): string | undefined {
    const match = this.request.headers.authorization?.match(/^Bearer\s+(.+)$/i);
    const claims =
      match?.[1] && this.app.hasDecorator('tokens') ? this.app.tokens.verify(match[1]) : null;
    return claims ? `user:${claims.sub}` : undefined;
  }
}

const budgetOf = new WeakMap<FastifyRequest, QueryBudget>();

/** The reply to a request whose statement was cancelled for its time. */
export function tooLargeMessage(request: FastifyRequest): string {
  return budgetOf.get(request)?.message ?? REQUEST_TOO_LARGE;
}

export const queryLimitsPlugin = fp(
  async (app: FastifyInstance, limits: QueryLimits) => {
    // The budget is entered when the request starts (the guards' queries) and again before the
    // handler: a body read from the socket's events does not carry the async context along.
    app.addHook('onRequest', (request, _reply, done) => {
      const budget = new RequestBudget(app, request, limits);
      budgetOf.set(request, budget);
      withQueryBudget(budget, done);
    });
    app.addHook('preHandler', (request, _reply, done) => {
      const budget = budgetOf.get(request);
      if (budget) withQueryBudget(budget, done);
      else done();
    });
  },
  { name: 'query-limits' },
);
