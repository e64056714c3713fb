/**
 * The Netlify / Cloudflare Pages files (_headers, _redirects) and the nginx config are generated
 * from one source, deploy/http-rules.mjs. These tests read the generated texts the way each server
 * does — nginx's map and regex locations, the hosts' splat matching with headers joined by commas —
 * and check that every URL of a Gatsby build gets the same headers and the same redirects from both.
 *
 * The generators are ES modules (.mjs, shared with nginx.mjs and the post-build scripts); jest runs
 * CommonJS, so they are evaluated in a child node process that prints JSON.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SEARCH_INDEX_PATH, SEARCH_STORE_PATH } from '../../src/lib/search/files';
import { checkAgreement, evalEsm, FIXTURE_FILES, generate, hostHeaders, nginxModel, ROOT } from './support/host-agreement';

describe('host configs agree with the nginx config (one source: deploy/http-rules.mjs)', () => {
  it('for the files of a typical Gatsby build, at the root and under /fomosite', () => {
    const generated = checkAgreement(FIXTURE_FILES);
    const host = hostHeaders(generated.variants.root.headers);
    // Spot checks of Gatsby's caching rules.
    expect(host.forUrl('/app-3bbfa8113c683f66f888.js')['Cache-Control']).toBe('public, max-age=31536000, immutable');
    expect(host.forUrl('/static/7a4067f50932ee41acab2077187b4dba/cover.png')['Cache-Control']).toBe('public, max-age=31536000, immutable');
    expect(host.forUrl('/blog/binder')['Cache-Control']).toBe('public, max-age=0, must-revalidate');
    expect(host.forUrl('/page-data/app-data.json')['Cache-Control']).toBe('public, max-age=0, must-revalidate');
    expect(host.forUrl('/')['Cache-Control']).toBe('public, max-age=0, must-revalidate');
    // Markdown versions: text/markdown in UTF-8, cached like the HTML page they mirror.
    for (const markdownUrl of ['/blog/binder.md', '/docs/desktop/wing/Get%20start.md']) {
      expect(host.forUrl(markdownUrl)).toMatchObject({ 'Content-Type': 'text/markdown; charset=utf-8', 'Cache-Control': 'public, max-age=0, must-revalidate' });
    }
    expect(host.forUrl('/llms.txt')).toMatchObject({ 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=0, must-revalidate' });
    expect(host.forUrl('/static/og/0123456789abcdef0123.png')['Cache-Control']).toBe('public, max-age=31536000, immutable');
    // The search files keep their names from deploy to deploy: revalidated, never immutable.
    for (const file of [SEARCH_INDEX_PATH, SEARCH_STORE_PATH]) expect(host.forUrl(file)['Cache-Control']).toBe('public, max-age=0, must-revalidate');
    expect(hostHeaders(generated.variants.prefixed.headers).forUrl(`/fomosite${SEARCH_STORE_PATH}`)['Cache-Control']).toBe('public, max-age=0, must-revalidate');
    // The pieces a query fetches live in a folder named by their build: immutable.
    for (const piece of ['/search/0123456789abcdef0123/p0.txt', '/search/0123456789abcdef0123/d3.json']) expect(host.forUrl(piece)['Cache-Control']).toBe('public, max-age=31536000, immutable');
    expect(host.forUrl('/blog/binder')['Content-Type']).toBeUndefined();
    // Feeds, the blog's and each tag's and series': their own types in UTF-8, revalidated (fixed names).
    for (const [feed, type] of [
      ['/rss.xml', 'application/rss+xml'],
      ['/blog/tags/%E7%A9%BA%E5%A3%B3/rss.xml', 'application/rss+xml'],
      ['/atom.xml', 'application/atom+xml'],
      ['/blog/series/binder/atom.xml', 'application/atom+xml'],
    ]) {
      expect(host.forUrl(feed as string)).toMatchObject({ 'Content-Type': `${type}; charset=utf-8`, 'Cache-Control': 'public, max-age=0, must-revalidate' });
    }
    expect(nginxModel(generated.variants.root.nginx).contentType('/blog/tags/空壳/atom.xml')).toBe('application/atom+xml; charset=utf-8');
    expect(nginxModel(generated.variants.root.nginx).contentType('/blog/rss.xml.html')).toBeNull();
    const nginx = nginxModel(generated.variants.prefixed.nginx);
    expect(nginx.contentType('/fomosite/docs/desktop/wing/Get start.md')).toBe('text/markdown; charset=utf-8');
    expect(nginx.contentType('/docs/desktop/wing/Get start.md')).toBeNull(); // outside the prefix
  });
  // For the files of the build in public/: __tests__/e2e/host-configs.test.ts (the e2e project runs after the build).
});

describe('the Content-Security-Policy', () => {
  const generated = generate(FIXTURE_FILES);
  const directives = (policy: string) =>
    new Map(
      policy
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...sources]) => [name as string, sources]),
    );

  it('header: frame-ancestors none and no script-src/default-src (the meta policy restricts scripts)', () => {
    const header = directives(generated.headerCsp);
    expect(header.get('frame-ancestors')).toEqual(["'none'"]);
    expect(header.has('script-src')).toBe(false);
    expect(header.has('default-src')).toBe(false);
    expect(header.get('object-src')).toEqual(["'none'"]);
    expect(header.get('base-uri')).toEqual(["'self'"]);
  });

  it('meta: default-src self, hashed scripts only, and the same sources as the header elsewhere', () => {
    const meta = directives(generated.metaCsp);
    const header = directives(generated.headerCsp);
    expect(meta.get('default-src')).toEqual(["'self'"]);
    expect(meta.get('script-src')).toEqual(["'self'", "'sha256-AAAA'", "'sha256-BBBB'"]);
    expect(meta.get('img-src')).toEqual(["'self'", 'data:']);
    expect(meta.get('connect-src')).toEqual(["'self'"]);
    expect(meta.get('object-src')).toEqual(["'none'"]);
    expect(meta.get('base-uri')).toEqual(["'self'"]);
    expect(meta.has('frame-ancestors')).toBe(false); // ignored in a meta policy
    for (const [name, sources] of header) if (name !== 'frame-ancestors') expect({ name, sources: meta.get(name) }).toEqual({ name, sources });
  });

  it('the post-build step hashes exactly the inline executable scripts and puts the meta before them', () => {
    const scripts = ['(function(){document.documentElement.dataset.x="1"})();', '\n  window.___chunkMapping="{}";\n', 'const e=1;'];
    const html =
      '<!DOCTYPE html><html><head><meta charSet="utf-8"/><title>t</title>' +
      `<script>${scripts[0]}</script><script id="gatsby-chunk-mapping">${scripts[1]}</script>` +
      `<script type="module">${scripts[2]}</script><script src="/app-0123456789abcdef0123.js" async></script>` +
      '<script type="application/ld+json">{"a":1}</script></head><body></body></html>';
    const result = evalEsm<{ once: string; twice: string; fragment: string | null }>(
      `import { withCspMeta } from './gatsby/postbuild/csp-meta.mjs';
       const once = withCspMeta(input.html);
       console.log(JSON.stringify({ once, twice: withCspMeta(once), fragment: withCspMeta('<script>x</script>') }));`,
      { html },
    );
    const expected = scripts.map((s) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`);
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"\/>/.exec(result.once);
    expect(meta).not.toBeNull();
    expect(directives(meta?.[1] as string).get('script-src')).toEqual(["'self'", ...expected]);
    expect(result.once.indexOf('<meta charSet="utf-8"/><meta http-equiv="Content-Security-Policy"')).toBeGreaterThan(0);
    expect(result.twice).toBe(result.once); // idempotent
    expect(result.fragment).toBeNull(); // slice fragments without <head> are left alone
  });
});

describe('deploy/site.conf', () => {
  it('is the rendered config (node scripts/nginx.mjs render > deploy/site.conf)', () => {
    const committed = readFileSync(path.join(ROOT, 'deploy/site.conf'), 'utf8');
    expect(committed).toBe(generate([]).rendered);
  });
});

describe('a site past Cloudflare Pages’ 2,000 redirects', () => {
  it('gets every rule in _redirects and a warning that names the count and what it affects, not a failed build', () => {
    const publicDir = mkdtempSync(path.join(os.tmpdir(), 'host-configs-'));
    const write = (file: string) => {
      mkdirSync(path.dirname(path.join(publicDir, file)), { recursive: true });
      writeFileSync(path.join(publicDir, file), '<!DOCTYPE html><html><head></head><body></body></html>');
    };
    for (const file of ['/index.html', '/404.html']) write(file);
    for (let i = 0; i < 1_100; i += 1) write(`/docs/bench/${i}/index.html`);
    const result = evalEsm<{ redirects: number; warnings: string[]; lines: number; small: string[] }>(
      `import { writeHostConfigs, checkLimits } from './gatsby/postbuild/host-configs.mjs';
       const result = writeHostConfigs(input.publicDir, '');
       const lines = readFileSync(input.publicDir + '/_redirects', 'utf8').split('\\n').filter((l) => l && !l.startsWith('#')).length;
       console.log(JSON.stringify({ ...result, lines, small: checkLimits('', '/a.html /a 301\\n').warnings }));`,
      { publicDir },
    );
    expect(result.redirects).toBe(2_201);
    expect(result.lines).toBe(2_201);
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings[0]).toMatch(/2201 条重定向.*Cloudflare Pages 只执行前 2000 条/);
    expect(result.small).toEqual([]);
  });
});
