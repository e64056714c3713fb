import { createRequire } from 'node:module';
import type { Server } from 'node:http';
import { addDevelopRoute, mountDevelopRoutes, watchDevelopRequests, type DevelopHandler, type DevelopRequest, type DevelopResponse } from '../../gatsby/framework/develop-server';

interface ExpressApp {
  get(path: string, handler: (req: unknown, res: { send(body: string): void }) => void): void;
  use(handler: (req: DevelopRequest, res: DevelopResponse & { send(body: string): void }, next: () => void) => void): void;
  listen(port: number, host: string): Server;
  locals: Record<string, unknown>;
}
import { FirstBuildWhenQuiet, requestActivity, SearchFilesFollower } from '../../gatsby/search/develop';
import { followSearchFiles } from '../../src/components/search/live';
import type { SiteSearch } from '../../src/lib/search/engine';
import { SEARCH_EVENTS_PATH, SEARCH_INDEX_PATH } from '../../src/lib/search/files';

const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms));

function request(path: string): DevelopRequest & { close(): void } {
  let onClose = () => {};
  return { method: 'GET', path, protocol: 'http', get: () => '127.0.0.1:8000', on: (_e, listener) => (onClose = listener), close: () => onClose() };
}

function response(): DevelopResponse & { written: string[] } {
  const res = { written: [] as string[], status: () => res, set: () => res, send: () => undefined, write: (chunk: string) => res.written.push(chunk) > 0, flushHeaders: () => undefined };
  return res;
}

/** With fake timers: `start` is not called for `ms` − 1 ms, then exactly once. */
function startsAfter(start: jest.Mock, ms: number): void {
  jest.advanceTimersByTime(ms - 1);
  expect(start).not.toHaveBeenCalled();
  jest.advanceTimersByTime(1);
  expect(start).toHaveBeenCalledTimes(1);
}

describe('develop: the first search build waits for the first page (FirstBuildWhenQuiet)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('starts nothing before the bundle is compiled, then once the server has been quiet for the pause', () => {
    const start = jest.fn();
    const first = new FirstBuildWhenQuiet(start, 1000, 20_000);
    first.activity();
    jest.advanceTimersByTime(5000);
    expect(start).not.toHaveBeenCalled();
    first.compiled();
    startsAfter(start, 1000);
    first.activity();
    first.compiled();
    jest.advanceTimersByTime(30_000);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('waits while the first page’s requests start and end (one handler sees both), but no longer than the latest moment', () => {
    const start = jest.fn();
    const first = new FirstBuildWhenQuiet(start, 1000, 5000);
    const handler = requestActivity(first);
    first.compiled();
    const answered: Array<() => void> = [];
    for (let t = 0; t < 4; t++) {
      jest.advanceTimersByTime(600);
      const finish: Array<() => void> = [];
      const res = { ...response(), on: (_event: 'finish' | 'close', listener: () => void) => finish.push(listener) };
      handler(request('/docs/intro/'), res);
      answered.push(() => finish.forEach((end) => end()));
    }
    jest.advanceTimersByTime(900);
    expect(start).not.toHaveBeenCalled(); // 900 ms after the last request started, its answer still on the way
    answered.forEach((answer) => answer()); // 'finish' and 'close' both come: each request ends once
    startsAfter(start, 1000);

    // A server that never goes quiet: the build starts at the latest moment anyway.
    const busy = jest.fn();
    const always = new FirstBuildWhenQuiet(busy, 1000, 5000);
    always.compiled();
    for (let t = 0; t < 10; t++) {
      jest.advanceTimersByTime(500);
      always.activity();
    }
    expect(busy).toHaveBeenCalledTimes(1);
  });

  it('a request that waits long for its answer (page data waiting for its query) holds the build back; an event stream does not', () => {
    const start = jest.fn();
    const first = new FirstBuildWhenQuiet(start, 1000, 20_000);
    first.compiled();
    const pageData = first.request();
    jest.advanceTimersByTime(2500);
    expect(start).not.toHaveBeenCalled();
    pageData();
    startsAfter(start, 1000);

    const start2 = jest.fn();
    const second = new FirstBuildWhenQuiet(start2, 1000, 20_000);
    second.compiled();
    const handler = requestActivity(second);
    const eventStream = { ...request(SEARCH_EVENTS_PATH), get: (header: string) => (header.toLowerCase() === 'accept' ? 'text/event-stream' : undefined) };
    handler(eventStream, { ...response(), on: () => undefined });
    jest.advanceTimersByTime(1000);
    expect(start2).toHaveBeenCalledTimes(1);
  });

  it('a tab asking for the files first starts the build; the quiet start then builds nothing more', async () => {
    jest.useRealTimers();
    const update = jest.fn(async () => ({ build: 'b1' }));
    const follower = new SearchFilesFollower(update, { warn: jest.fn() }, 5);
    await follower.routes()(request(SEARCH_INDEX_PATH), response(), jest.fn());
    await follower.start();
    expect(update).toHaveBeenCalledTimes(1);
  });
});

describe('develop: search files follow the content', () => {
  it('builds nothing before start; the first tab asking for the files starts the build and waits for it', async () => {
    const update = jest.fn(async () => ({ build: 'b1' }));
    const follower = new SearchFilesFollower(update, { warn: jest.fn() }, 5);
    follower.changed();
    await tick(20);
    expect(update).not.toHaveBeenCalled();
    const next = jest.fn();
    await follower.routes()(request(SEARCH_INDEX_PATH), response(), next);
    expect(update).toHaveBeenCalledTimes(1);
    expect(next).toHaveBeenCalledTimes(1); // Gatsby's static files answer with the file just written
  });

  it('an edit once the bundle is compiled starts the first build after the edit’s page data, without the quiet pause', async () => {
    const update = jest.fn(async () => ({ build: 'b1' }));
    const follower = new SearchFilesFollower(update, { warn: jest.fn() }, 5, 200);
    follower.changed(); // Gatsby creating nodes at start
    await tick(20);
    expect(update).not.toHaveBeenCalled();
    follower.arm();
    follower.changed(); // the editor saves
    await tick(60);
    expect(update).not.toHaveBeenCalled(); // the edited page's query and its push to the tab go first
    follower.pageDataSent();
    await tick(30);
    expect(update).toHaveBeenCalledTimes(1);
    await follower.start(); // FirstBuildWhenQuiet's pause ends: the files are already current
    expect(update).toHaveBeenCalledTimes(1);
  });

  it('one rebuild for the node events of one save, and one more for a change during a rebuild', async () => {
    let release = () => {};
    const update = jest.fn(() => new Promise<{ build: string }>((resolve) => (release = () => resolve({ build: `b${update.mock.calls.length}` }))));
    const follower = new SearchFilesFollower(update, { warn: jest.fn() }, 5, 5);
    const first = follower.start();
    release();
    await first;
    follower.changed();
    follower.changed(); // File node, then Mdx node
    await tick(20);
    expect(update).toHaveBeenCalledTimes(2);
    follower.changed(); // while the second is running
    await tick(20);
    release();
    await tick(5);
    release();
    await follower.current();
    expect(update).toHaveBeenCalledTimes(3);
    expect(follower.buildId).toBe('b3');
  });

  it('rebuilds after an edit once Gatsby has sent the page data it causes (the editor’s page first), or after yieldMs at the latest', async () => {
    let runs = 0;
    const update = jest.fn(async () => ({ build: `b${(runs += 1)}` }));
    const follower = new SearchFilesFollower(update, { warn: jest.fn() }, 5, 200);
    await follower.start();
    follower.pageDataSent(); // page data unrelated to an edit: nothing to rebuild
    await tick(20);
    expect(update).toHaveBeenCalledTimes(1);

    follower.changed();
    await tick(60);
    expect(update).toHaveBeenCalledTimes(1); // the edited page's query and its push to the tab go first
    follower.pageDataSent();
    await tick(30);
    expect(update).toHaveBeenCalledTimes(2);

    follower.changed(); // no tab shows a page the edit touched: no page data comes
    await tick(100);
    expect(update).toHaveBeenCalledTimes(2);
    await tick(200);
    expect(update).toHaveBeenCalledTimes(3);
    await follower.current();
  });

  it('a build already rendering when an edit comes stops between two pages until the edit’s page data is sent, or yieldMs at the latest', async () => {
    /** A follower whose builds render pages a, b, c, waiting between them as writeCachedSearchFiles does; the first build meets an edit after page a. */
    function following() {
      const rendered: string[] = [];
      let runs = 0;
      const follower: SearchFilesFollower = new SearchFilesFollower(
        async () => {
          runs += 1;
          for (const page of ['a', 'b', 'c']) {
            rendered.push(`${runs}${page}`);
            if (runs === 1 && page === 'a') follower.changed(); // an editor saves while the first build renders
            await follower.betweenPages();
          }
          return { build: `b${runs}` };
        },
        { warn: jest.fn() },
        5,
        200,
      );
      return { follower, rendered };
    }

    const sent = following();
    void sent.follower.start();
    await tick(60);
    expect(sent.rendered).toEqual(['1a']); // the edited page's query and its push to the tab go first
    sent.follower.pageDataSent();
    await sent.follower.current();
    expect(sent.rendered).toEqual(['1a', '1b', '1c', '2a', '2b', '2c']); // the build goes on, then the rebuild for the edit

    const unseen = following(); // no tab shows a page the edit touched: no page data comes
    void unseen.follower.start();
    await tick(150);
    expect(unseen.rendered).toEqual(['1a']);
    await tick(100);
    expect(unseen.rendered.slice(0, 3)).toEqual(['1a', '1b', '1c']);
    await unseen.follower.current();
    expect(unseen.rendered).toHaveLength(6);

    const quiet = following(); // with no edit in flight, a page per turn of the event loop
    quiet.rendered.push('x');
    await expect(Promise.race([quiet.follower.betweenPages().then(() => 'next turn'), tick(50).then(() => 'stuck')])).resolves.toBe('next turn');
  });

  it('tells every open tab each new build id once, over Server-Sent Events', async () => {
    const builds = ['b1', 'b1', 'b2'];
    const follower = new SearchFilesFollower(async () => ({ build: builds.shift() as string }), { warn: jest.fn() }, 1, 1);
    await follower.start();
    const res = response();
    const req = request(SEARCH_EVENTS_PATH);
    await follower.routes()(req, res, jest.fn());
    expect(res.written).toEqual(['data: b1\n\n']);
    follower.changed();
    await tick(10);
    await follower.current();
    follower.changed();
    await tick(10);
    await follower.current();
    expect(res.written).toEqual(['data: b1\n\n', 'data: b2\n\n']);
    req.close();
  });

  it('a content error keeps the last files and the server: it is logged, and the next change tries again', async () => {
    const warn = jest.fn();
    const results: Array<() => { build: string }> = [
      () => ({ build: 'b1' }),
      () => {
        throw new Error('内容无法渲染：content/docs/a.mdx:3：未知的 MDX 组件 <Foo>');
      },
      () => ({ build: 'b2' }),
    ];
    const follower = new SearchFilesFollower(async () => (results.shift() as () => { build: string })(), { warn }, 1, 1);
    await follower.start();
    follower.changed();
    await tick(10);
    await follower.current();
    expect(follower.buildId).toBe('b1');
    expect(warn.mock.calls[0]?.[0]).toContain('content/docs/a.mdx:3');
    follower.changed();
    await tick(10);
    await follower.current();
    expect(follower.buildId).toBe('b2');
  });
});

describe('develop: the search box follows the files', () => {
  const engine = (name: string): SiteSearch => ({
    size: 1,
    search: () => [{ url: name } as never],
    searchAll: () => ({ pages: [{ url: name } as never], terms: [name] }),
    top: (pages) => [...pages],
    facets: () => undefined,
  });

  it('loads the files again when the server names a different build, and searches the new ones', async () => {
    const sources: Array<{ url: string; listener: (event: { data: string }) => void }> = [];
    (globalThis as { EventSource?: unknown }).EventSource = class {
      constructor(readonly url: string) {}
      addEventListener(_type: string, listener: (event: { data: string }) => void) {
        sources.push({ url: this.url, listener });
      }
    };
    const reload = jest.fn(async () => ({ search: engine('new'), build: 'b2' }));
    const live = followSearchFiles({ search: engine('old'), build: 'b1' }, reload, SEARCH_EVENTS_PATH);
    expect(sources[0]?.url).toBe(SEARCH_EVENTS_PATH);
    sources[0]?.listener({ data: 'b1' });
    await tick();
    expect(reload).not.toHaveBeenCalled();
    expect(live.search('x')[0]).toEqual({ url: 'old' });
    sources[0]?.listener({ data: 'b2' });
    await tick();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(live.search('x')[0]).toEqual({ url: 'new' });
    expect(live.searchAll('x').pages[0]).toEqual({ url: 'new' });
  });
});

describe('develop: routes answered before Gatsby’s', () => {
  it('tries the features’ handlers in the order added, then Gatsby; watchers see every request, also those Gatsby answers before developMiddleware (a real Express app, Gatsby’s)', async () => {
    const express = createRequire(require.resolve('gatsby/package.json'))('express') as () => ExpressApp;
    const app = express();
    // As in gatsby/dist/utils/start-server.js: bundles and page data answered before developMiddleware.
    app.get('/page-data/x/page-data.json', (_req, res) => res.send('{}'));
    mountDevelopRoutes(app);
    app.use((_req, res) => res.send('gatsby'));
    const seen: string[] = [];
    const handler =
      (name: string, answers: string): DevelopHandler =>
      (req, res, next) => {
        seen.push(name);
        if (req.path === answers) res.send(name);
        else next();
      };
    addDevelopRoute(app, handler('search', '/search/index.json'));
    addDevelopRoute(app, handler('twins', '/docs/a.md'));
    const watched: string[] = [];
    watchDevelopRequests(app, (req, res) => {
      watched.push(`${req.path} ${req.get('accept') ?? ''}`);
      res.on?.('finish', () => watched.push(`${req.path} finished`));
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    try {
      expect(await (await fetch(`${base}/docs/a.md`)).text()).toBe('twins');
      expect(seen).toEqual(['search', 'twins']);
      expect(await (await fetch(`${base}/docs/a`)).text()).toBe('gatsby');
      expect(await (await fetch(`${base}/page-data/x/page-data.json`, { headers: { accept: 'application/json' } })).text()).toBe('{}');
      await tick(20);
      expect(watched).toEqual(['/docs/a.md */*', '/docs/a.md finished', '/docs/a */*', '/docs/a finished', '/page-data/x/page-data.json application/json', '/page-data/x/page-data.json finished']);
    } finally {
      server.close();
    }
  });
});
