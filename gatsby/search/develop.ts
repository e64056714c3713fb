/**
 * Site search in `gatsby develop`: the same two files as the build (writeSiteSearchFiles), kept
 * current while the editor works.
 *
 * - Not at start, and not in the way of the first page: the files are first built once the
 *   development bundle is compiled and the server has then been quiet for a moment
 *   (FirstBuildWhenQuiet), because building them renders every page the cache does not hold
 *   (all of them on a fresh clone) on the one Node thread that also answers the editor's first
 *   page and runs its page query. A request for them before that starts the build and waits for it.
 * - An edit before that first build (the editor already has a page) starts it as an edit starts a
 *   rebuild, once the edit's page data is sent, without waiting for the quiet pause.
 * - After each content change (an Mdx node created or deleted): only the pages whose source
 *   changed are rendered again (each page's sections are cached, gatsby/search/cache.ts), then
 *   the index is rebuilt and public/search/*.json rewritten. Not before the editor's open page has
 *   its new data: rebuilding the index takes ~0.4 s of the one Node thread that also runs the
 *   edited page's query and sends it to the tab, so the rebuild waits until Gatsby has sent page
 *   data (pageDataSent()), or `yieldMs` at the latest (no tab shows a page the edit touched).
 *   A build already rendering when the edit comes (the first one, after a clean start) stops
 *   between two pages for as long (betweenPages()).
 * - Open tabs hear of each new pair of files (its build id) over Server-Sent Events
 *   (SEARCH_EVENTS_PATH); the search box loads them again (src/components/search/live.ts).
 * - A content error never stops the server: the files stay as they were, the error is logged
 *   (the page itself shows it in the overlay), and the next change tries again.
 */
import type { Reporter } from 'gatsby';
import { SEARCH_EVENTS_PATH, SEARCH_INDEX_PATH, SEARCH_STORE_PATH } from '../../src/lib/search/files';
import type { DevelopHandler, DevelopResponse, DevelopWatcher } from '../framework/develop-server';
import { nextTurn } from './cache';

export interface SearchUpdate {
  build: string;
}

/** Runs `update` once at a time; a change during a run queues one more run after it. */
export class SearchFilesFollower {
  private running: Promise<void> | null = null;
  private again = false;
  private started = false;
  private armed = false;
  private build: string | null = null;
  private readonly clients = new Set<DevelopResponse>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  /**
   * A change waiting for the page data it causes to be sent (pageDataSent()); the pages a build
   * renders meanwhile wait for `done` too (betweenPages()), resolved when the wait ends.
   */
  private editInFlight: { done: Promise<void>; end: () => void } | null = null;

  constructor(
    private readonly update: () => Promise<SearchUpdate | null>,
    private readonly reporter: Pick<Reporter, 'warn'>,
    /** Edits arrive as several node events (File, then Mdx): one run for all of them. */
    private readonly settleMs = 20,
    /** How long a change waits for its page data to reach the tabs before the rebuild starts anyway. */
    private readonly yieldMs = 1000,
  ) {}

  /** The first build (after the development bundle): from then on, changes rebuild. Once only: later calls wait for the files to be current. */
  start(): Promise<void> {
    if (this.started) return this.current();
    this.started = true;
    return this.run();
  }

  /**
   * The development bundle is compiled: from now on a change is an editor's edit, and one that
   * comes before the first build starts that build the way it starts a rebuild (its page data
   * first), instead of leaving it to FirstBuildWhenQuiet's pause: the editor already has a page.
   */
  arm(): void {
    this.armed = true;
  }

  /**
   * A content file changed: rebuild once Gatsby has sent the page data the change causes, or after
   * `yieldMs`. Before arm() (Gatsby creating the nodes at start) nothing: the first build reads
   * the files as they are when it starts.
   */
  changed(): void {
    if (!this.started && !this.armed) return;
    this.started = true;
    if (!this.editInFlight) {
      let end = () => {};
      const done = new Promise<void>((resolve) => (end = resolve));
      this.editInFlight = { done, end };
    }
    this.schedule(this.yieldMs);
  }

  /**
   * What a build waits for after each page it renders (writeCachedSearchFiles): the next turn of
   * the event loop, and, while an edit waits for its page data, the end of that wait. A build in
   * progress (the first one, after a clean start about 4 s of rendering every page) then leaves
   * the one Node thread to the edited page's query and its push to the tab, as a rebuild does.
   */
  async betweenPages(): Promise<void> {
    await nextTurn();
    while (this.editInFlight) await this.editInFlight.done;
  }

  /** Gatsby wrote a page's data and sent it to the open tabs: a change waiting for that rebuilds now. */
  pageDataSent(): void {
    if (this.editInFlight) this.schedule(this.settleMs);
  }

  private schedule(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      const edit = this.editInFlight;
      this.editInFlight = null;
      edit?.end();
      void this.run();
    }, ms);
  }

  /** Resolves once the files on disk are the latest (starting the first build if a tab asks first). */
  async current(): Promise<void> {
    if (!this.started) await this.start();
    while (this.running || this.timer) await (this.running ?? new Promise((r) => setTimeout(r, this.settleMs)));
  }

  get buildId(): string | null {
    return this.build;
  }

  private run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        try {
          const result = await this.update();
          if (result && result.build !== this.build) {
            this.build = result.build;
            for (const client of this.clients) send(client, result.build);
          }
        } catch (error) {
          this.reporter.warn(`搜索文件没有更新（保留上一版）：${error instanceof Error ? error.message : String(error)}`);
        }
      } while (this.again);
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** The develop server's routes: the two files once current, and the event stream. */
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
      else void this.current().then(() => this.build && send(res, this.build));
    };
  }
}

function send(client: DevelopResponse, build: string): void {
  client.write(`data: ${build}\n\n`);
}

/**
 * When the first build of the search files starts (started as soon as the bundle was
 * compiled, it held the first page's answer back by the seconds it takes). `compiled()` arms it;
 * from then on it waits until no request has been in flight for `quietMs`, and starts at the
 * latest `latestMs` after compilation, however busy the server. A request that waits counts: after
 * a clean start the first page's data waits a second or two for its query, and a build started
 * then (no request starting or ending) took the one Node thread while the tab loaded. Event
 * streams stay open: they count only as they start. `start` runs once.
 */
export class FirstBuildWhenQuiet {
  private armed = false;
  private done = false;
  private quiet: ReturnType<typeof setTimeout> | null = null;
  private inFlight = 0;
  private latest: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly start: () => void,
    private readonly quietMs = 1500,
    private readonly latestMs = 20_000,
  ) {}

  /** The development bundle is compiled: the build may start once the server is quiet. */
  compiled(): void {
    if (this.armed || this.done) return;
    this.armed = true;
    this.latest = setTimeout(() => this.fire(), this.latestMs);
    this.activity();
  }

  /**
   * A request started; the function returned ends it (calling it again does nothing). An event
   * stream (`longLived`) counts only as it starts.
   */
  request(longLived = false): () => void {
    if (longLived) {
      this.activity();
      return () => {};
    }
    this.inFlight++;
    this.activity();
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.inFlight--;
      this.activity();
    };
  }

  /** Something happened: the quiet pause starts again, once no request is in flight. */
  activity(): void {
    if (!this.armed || this.done) return;
    if (this.quiet) clearTimeout(this.quiet);
    this.quiet = this.inFlight > 0 ? null : setTimeout(() => this.fire(), this.quietMs);
  }

  /** Started some other way (a tab asked for the files): nothing left to do. */
  cancel(): void {
    this.done = true;
    if (this.quiet) clearTimeout(this.quiet);
    if (this.latest) clearTimeout(this.latest);
  }

  private fire(): void {
    if (this.done) return;
    this.cancel();
    this.start();
  }
}

/**
 * A watcher of the develop server's requests (watchDevelopRequests: it sees them before Gatsby
 * answers bundles and page data) that tells `quiet` of each, from its start until its answer has
 * been sent or the client went away. An EventSource asks for text/event-stream: it stays open and
 * counts only as it starts.
 */
export function requestActivity(quiet: Pick<FirstBuildWhenQuiet, 'request'>): DevelopWatcher {
  return (req, res) => {
    const end = quiet.request(/text\/event-stream/.test(req.get('accept') ?? ''));
    res.on?.('finish', end);
    res.on?.('close', end);
  };
}
