/**
 * Routes the develop server answers before Gatsby's own: search files, Markdown versions and share
 * cards rendered on request. Gatsby serves public/ (developStatic) before onCreateDevServer's
 * routes, and public/ may still hold an earlier production build's .md files, cards and search
 * files; routes mounted from gatsby-config's `developMiddleware` run first. That hook runs in
 * gatsby-config's bundle, the features' state lives in gatsby-node's: the mount keeps its list
 * of handlers in `app.locals` (Express's per-app storage), where onCreateDevServer adds to it.
 */

export interface DevelopRequest {
  method: string;
  path: string;
  protocol: string;
  get(header: string): string | undefined;
  on(event: 'close', listener: () => void): unknown;
}

export interface DevelopResponse {
  status(code: number): DevelopResponse;
  set(headers: Record<string, string>): DevelopResponse;
  send(body: string | Buffer): unknown;
  write(chunk: string): boolean;
  flushHeaders(): void;
}

export type DevelopHandler = (req: DevelopRequest, res: DevelopResponse, next: () => void) => void | Promise<void>;

interface AppLike {
  use(handler: (req: DevelopRequest, res: DevelopResponse, next: (error?: unknown) => void) => void): unknown;
  locals: Record<string, unknown>;
}

const ROUTES = 'iofomoDevelopRoutes';

/** gatsby-config's developMiddleware: one middleware that tries each added handler in turn. */
export function mountDevelopRoutes(app: AppLike): void {
  const handlers: DevelopHandler[] = [];
  app.locals[ROUTES] = handlers;
  app.use((req, res, next) => {
    const run = (i: number): void => {
      const handler = handlers[i];
      if (!handler) return next();
      Promise.resolve(handler(req, res, () => run(i + 1))).catch(next);
    };
    run(0);
  });
}

/** onCreateDevServer: answers requests before Gatsby does (call next() to pass). */
export function addDevelopRoute(app: { locals: Record<string, unknown> }, handler: DevelopHandler): void {
  const handlers = app.locals[ROUTES] as DevelopHandler[] | undefined;
  if (!handlers) throw new Error('开发服务器：gatsby-config 的 developMiddleware 没有挂载 mountDevelopRoutes');
  handlers.push(handler);
}

/** The origin the editor's browser used (Markdown versions point their images there in develop). */
export const requestOrigin = (req: DevelopRequest) => `${req.protocol}://${req.get('host') ?? '127.0.0.1'}`;
