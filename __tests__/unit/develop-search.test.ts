import { createRequire } from 'node:module';
import type { Server } from 'node:http';
import { addDevelopRoute, mountDevelopRoutes, type DevelopHandler, type DevelopRequest, type DevelopResponse } from '../../gatsby/framework/develop-server';

interface ExpressApp {
  use(handler: (req: DevelopRequest, res: DevelopResponse & { send(body: string): void }, next: () => void) => void): void;
  listen(port: number, host: string): Server;
  locals: Record<string, unknown>;
}
import { DevelopSearchFiles } from '../../gatsby/search/develop';
import { followSearchFiles } from '../../src/components/search/live';
import type { SiteSearch } from '../../src/lib/search/site-search';
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

describe('develop: search files built on first request, then following the content', () => {
  it('builds nothing at start or for changes before a tab asks; the first request builds the files and waits for them', async () => {
    const update = jest.fn(async () => ({ build: 'b1' }));
    const files = new DevelopSearchFiles(update, { warn: jest.fn() }, 5, 5);
    files.changed(); // Gatsby creating nodes at start
    await tick(30);
    expect(update).not.toHaveBeenCalled();
    const next = jest.fn();
    await files.routes()(request(SEARCH_INDEX_PATH), response(), next);
    expect(update).toHaveBeenCalledTimes(1);
    expect(next).toHaveBeenCalledTimes(1); // Gatsby's static files answer with the file just written
    await files.routes()(request(SEARCH_INDEX_PATH), response(), next);
    expect(update).toHaveBeenCalledTimes(1); // current: not built again
  });

  it('rebuilds delayMs after a change, once for the node events of one save, and once more for a change during a rebuild', async () => {
    let release = () => {};
    const update = jest.fn(() => new Promise<{ build: string }>((resolve) => (release = () => resolve({ build: `b${update.mock.calls.length}` }))));
    const files = new DevelopSearchFiles(update, { warn: jest.fn() }, 5, 50);
    const first = files.current();
    release();
    await first;
    files.changed();
    files.changed(); // File node, then Mdx node
    await tick(25);
    expect(update).toHaveBeenCalledTimes(1); // the edited page's query and its push to the tab go first
    await tick(50);
    expect(update).toHaveBeenCalledTimes(2);
    files.changed(); // while the second is running
    release();
    await tick(100);
    expect(update).toHaveBeenCalledTimes(3);
    release();
    await files.current();
    expect(update).toHaveBeenCalledTimes(3);
    expect(files.buildId).toBe('b3');
  });

  it('a request after a change waits for the scheduled rebuild, and never gets the files from before the change', async () => {
    let runs = 0;
    const update = jest.fn(async () => ({ build: `b${(runs += 1)}` }));
    const files = new DevelopSearchFiles(update, { warn: jest.fn() }, 5, 60);
    await files.current();
    files.changed();
    let answered = false;
    const asked = files.routes()(request(SEARCH_INDEX_PATH), response(), () => (answered = true));
    await tick(30);
    expect(answered).toBe(false);
    expect(update).toHaveBeenCalledTimes(1); // the edited page goes first
    await asked;
    expect(answered).toBe(true);
    expect(update).toHaveBeenCalledTimes(2);
    expect(files.buildId).toBe('b2');
  });

  it('rebuilds as soon as Gatsby has sent the page data an edit causes (the editor’s page first), or after delayMs at the latest', async () => {
    let runs = 0;
    const update = jest.fn(async () => ({ build: `b${(runs += 1)}` }));
    const files = new DevelopSearchFiles(update, { warn: jest.fn() }, 5, 200);
    await files.current();
    files.pageDataSent(); // page data unrelated to an edit: nothing to rebuild
    await tick(20);
    expect(update).toHaveBeenCalledTimes(1);

    files.changed();
    await tick(60);
    expect(update).toHaveBeenCalledTimes(1); // the edited page's query and its push to the tab go first
    files.pageDataSent();
    await tick(30);
    expect(update).toHaveBeenCalledTimes(2);

    files.changed(); // no tab shows a page the edit touched: no page data comes
    await tick(100);
    expect(update).toHaveBeenCalledTimes(2);
    await tick(200);
    expect(update).toHaveBeenCalledTimes(3);
  });

  it('tells every open tab each new build id once, over Server-Sent Events', async () => {
    const builds = ['b1', 'b1', 'b2'];
    const files = new DevelopSearchFiles(async () => ({ build: builds.shift() as string }), { warn: jest.fn() }, 1, 1);
    await files.current();
    const res = response();
    const req = request(SEARCH_EVENTS_PATH);
    await files.routes()(req, res, jest.fn());
    expect(res.written).toEqual(['data: b1\n\n']);
    files.changed();
    await tick(10);
    await files.current();
    files.changed();
    await tick(10);
    await files.current();
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
    const files = new DevelopSearchFiles(async () => (results.shift() as () => { build: string })(), { warn }, 1, 1);
    await files.current();
    files.changed();
    await tick(10);
    await files.current();
    expect(files.buildId).toBe('b1');
    expect(warn.mock.calls[0]?.[0]).toContain('content/docs/a.mdx:3');
    files.changed();
    await tick(10);
    await files.current();
    expect(files.buildId).toBe('b2');
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
  it('tries the features’ handlers in the order added, then Gatsby (a real Express app, Gatsby’s)', async () => {
    const express = createRequire(require.resolve('gatsby/package.json'))('express') as () => ExpressApp;
    const app = express();
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
    addDevelopRoute(app, handler('markdown', '/docs/a.md'));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    try {
      expect(await (await fetch(`${base}/docs/a.md`)).text()).toBe('markdown');
      expect(seen).toEqual(['search', 'markdown']);
      expect(await (await fetch(`${base}/docs/a`)).text()).toBe('gatsby');
    } finally {
      server.close();
    }
  });
});
