/**
 * Site search in `gatsby develop`: the same files as the build (writeSiteSearchFiles), built when a
 * tab first asks for them and kept current while the editor works.
 *
 * - Nothing at start: the first request for the manifests (a reader focusing the search box) builds
 *   them and waits for it. So the build, which renders every page the cache does not hold (all of
 *   them on a fresh clone), never competes with the editor's first page.
 * - After each content change (an Mdx node created or deleted): only the pages whose source
 *   changed are rendered again (each page's sections are cached, gatsby/search/cache.ts), then the
 *   index is rebuilt and public/search/ rewritten. Not before the editor's open page has its new
 *   data: rebuilding the index holds the one Node thread that also runs the edited page's query
 *   and sends it to the tab, long enough to delay the page (figures:
 *   docs/decisions/develop-settings.md), so the rebuild waits until Gatsby has sent page data
 *   (pageDataSent()), or `delayMs` at the latest (no tab shows a page the edit touched). A request
 *   meanwhile waits for that rebuild, so it never gets the files from before the edit.
 * - Open tabs hear of each new build id over Server-Sent Events (SEARCH_EVENTS_PATH); the search box
 *   loads the files again (src/components/search/live.ts).
 * - A content error never stops the server: the files stay as they were, the error is logged
 *   (the page itself shows it in the overlay), and the next change tries again.
 */
import type { Reporter } from 'gatsby';
import { SEARCH_EVENTS_PATH, SEARCH_INDEX_PATH, SEARCH_STORE_PATH } from '../../src/lib/search/files';
import type { DevelopHandler, DevelopResponse } from '../framework/develop-server';

export interface SearchUpdate {
  build: string;
}

/** Builds the files on first request, and again after changes; one build at a time. */
export class DevelopSearchFiles {
  private stale = true;
  private running: Promise<void> | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** A change waits for the page data it causes to be sent (pageDataSent()). */
  private editInFlight = false;
  /** Requests waiting for a scheduled rebuild to start. */
  private readonly waiting: Array<() => void> = [];
  private build: string | null = null;
  private readonly clients = new Set<DevelopResponse>();

  constructor(
    private readonly update: () => Promise<SearchUpdate | null>,
    private readonly reporter: Pick<Reporter, 'warn'>,
    /** Edits arrive as several node events (File, then Mdx) and page data for each page: one run for all of them. */
    private readonly settleMs = 20,
    /** How long a change waits for its page data to reach the tabs before the rebuild starts anyway. */
    private readonly delayMs = 1000,
  ) {}

  /** A content file changed: once the files exist, rebuild after its page data is sent or `delayMs` (until then the first request builds them). */
  changed(): void {
    this.stale = true;
    if (this.build === null) return;
    this.editInFlight = true;
    this.schedule(this.delayMs);
  }

  /** Gatsby wrote a page's data and sent it to the open tabs: a change waiting for that rebuilds now. */
  pageDataSent(): void {
    if (this.editInFlight) this.schedule(this.settleMs);
  }

  private schedule(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.editInFlight = false;
      for (const start of this.waiting.splice(0)) start();
      void this.current();
    }, ms);
  }

  /** Resolves once the files on disk are the latest: after a scheduled rebuild, or building them now. */
  async current(): Promise<void> {
    while (this.stale || this.running || this.timer) {
      if (this.timer) await new Promise<void>((resolve) => this.waiting.push(resolve));
      else await (this.running ??= this.run());
    }
  }

  get buildId(): string | null {
    return this.build;
  }

  private async run(): Promise<void> {
    this.stale = false;
    try {
      const result = await this.update();
      if (result && result.build !== this.build) {
        this.build = result.build;
        for (const client of this.clients) send(client, result.build);
      }
    } catch (error) {
      this.reporter.warn(`搜索文件没有更新（保留上一版）：${error instanceof Error ? error.message : String(error)}`);
    } finally {
      this.running = null;
    }
  }

  /** The develop server's routes: the manifests once current, and the event stream. */
  routes(): DevelopHandler {
    return async (req, res, next) => {
      if (req.method !== 'GET') return next();
      if (req.path === SEARCH_INDEX_PATH || req.path === SEARCH_STORE_PATH) {
        await this.current();
        return next(); // public/search/ now holds them: Gatsby's static files answer
      }
      if (req.path !== SEARCH_EVENTS_PATH) return next();
      // no-transform: Gatsby's compression middleware would otherwise hold the events back in its gzip buffer.
      res.status(200).set({ 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache, no-transform', Connection: 'keep-alive' });
      res.flushHeaders();
      this.clients.add(res);
      req.on('close', () => this.clients.delete(res));
      if (this.build) send(res, this.build);
    };
  }
}

function send(client: DevelopResponse, build: string): void {
  client.write(`data: ${build}\n\n`);
}
