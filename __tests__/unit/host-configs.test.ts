/**
 * The Netlify / Cloudflare Pages files (_headers, _redirects) and the nginx config are generated
 * from one source, deploy/http-rules.mjs. These tests read the generated texts the way each server
 * does — nginx's map and regex locations, the hosts' splat matching with headers joined by commas —
 * and check that every URL of a Gatsby build gets the same headers and the same redirects from both.
 *
 * The generators are ES modules (.mjs, shared with nginx.mjs and the post-build scripts); jest runs
 * CommonJS, so they are evaluated in a child node process that prints JSON.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pagePathOfHtmlFile } from '../../build/gatsby/internals';
import { SEARCH_INDEX_PATH, SEARCH_STORE_PATH } from '../../src/lib/search/files';

const ROOT = path.resolve(__dirname, '../..');

function evalEsm<T>(source: string, input: unknown = null): T {
  const program = `import { readFileSync } from 'node:fs'; const input = JSON.parse(readFileSync(0, 'utf8'));\n${source}`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', program], { cwd: ROOT, encoding: 'utf8', input: JSON.stringify(input), maxBuffer: 64 << 20 });
  return JSON.parse(out) as T;
}

/** A Gatsby build's files, the shapes that matter: pages, page data, hashed bundles, static files. */
const FIXTURE_FILES = [
  '/index.html',
  '/404.html',
  '/404/index.html',
  '/blog/index.html',
  '/blog/page/2/index.html',
  '/blog/binder/index.html',
  '/blog/tags/空壳/index.html',
  '/docs/desktop/wing/Introduce/index.html',
  '/docs/desktop/wing/Get start/index.html',
  '/blog/binder.md',
  '/docs/desktop/wing/Get start.md',
  '/llms.txt',
  '/llms-full.txt',
  '/static/og/0123456789abcdef0123.png',
  '/page-data/app-data.json',
  '/page-data/index/page-data.json',
  '/page-data/blog/binder/page-data.json',
  '/page-data/sq/d/1234567.json',
  '/search/index.json',
  '/search/store.json',
  '/static/7a4067f50932ee41acab2077187b4dba/cover.png',
  '/static/7a4067f50932ee41acab2077187b4dba/cover.webp',
  '/app-3bbfa8113c683f66f888.js',
  '/app-3bbfa8113c683f66f888.js.map',
  '/app-3bbfa8113c683f66f888.js.LICENSE.txt',
  '/framework-559ace87ed62f8144f0a.js',
  '/component---src-templates-post-tsx-0123456789abcdef0123.js',
  '/styles-0123456789abcdef0123.css',
  '/~partytown/partytown.js',
  '/_gatsby/slices/_gatsby-scripts-1.html',
  '/chunk-map.json',
  '/webpack.stats.json',
  '/sitemap-index.xml',
  '/rss.xml',
  '/robots.txt',
  '/favicon.svg',
];

interface Generated {
  security: Record<string, string>;
  headerCsp: string;
  metaCsp: string;
  immutable: string;
  revalidate: string;
  redirectRules: Array<{ name: string; hosts: boolean; example: [string, string] }>;
  variants: Record<'root' | 'prefixed', { prefix: string; nginx: string; headers: string; redirects: string }>;
  rendered: string;
  limits: { headerRules: number; headerLineChars: number; staticRedirects: number };
}

function generate(files: string[]): Generated {
  return evalEsm<Generated>(
    `
    import * as rules from './deploy/http-rules.mjs';
    import { renderHeaders, renderRedirects, LIMITS } from './build/postbuild/host-configs.mjs';
    import { renderSiteConf } from './scripts/nginx.mjs';
    const variant = (prefix) => ({
      prefix,
      nginx: renderSiteConf({ siteRoot: '/srv/site', port: 9600, prefix }),
      headers: renderHeaders(input, prefix),
      redirects: renderRedirects(input, prefix),
    });
    console.log(JSON.stringify({
      security: rules.SECURITY_HEADERS,
      headerCsp: rules.headerCsp(),
      metaCsp: rules.metaCsp(['AAAA', 'BBBB']),
      immutable: rules.CACHE_IMMUTABLE,
      revalidate: rules.CACHE_REVALIDATE,
      redirectRules: rules.REDIRECTS.map(({ name, hosts, example }) => ({ name, hosts, example })),
      variants: { root: variant(''), prefixed: variant('/fomosite') },
      rendered: renderSiteConf({ siteRoot: '/var/www/iofomo/public', listen: '80', prefix: '' }),
      limits: LIMITS,
    }));`,
    files,
  );
}

// ---- how nginx reads its config -------------------------------------------------------------

/** PCRE named groups (?<name>…) and the patterns used here are valid JS regex syntax. */
function nginxModel(conf: string) {
  const headers: Record<string, string> = {};
  for (const m of conf.matchAll(/^\s*add_header (\S+) (?:"([^"]*)"|(\$\w+)) always;$/gm)) headers[m[1] as string] = (m[2] ?? m[3]) as string;

  const mapBody = /map \$uri (\$\w+) \{([\s\S]*?)\n\}/.exec(conf);
  if (!mapBody) throw new Error('no cache map');
  const cacheVariable = mapBody[1] as string;
  const fallback = /default "([^"]*)";/.exec(mapBody[2] as string)?.[1] as string;
  const cacheRegexes = [...(mapBody[2] as string).matchAll(/^\s*"~([^"]*)" "([^"]*)";$/gm)].map((m) => ({ re: new RegExp(m[1] as string), value: m[2] as string }));
  const cacheControl = (uri: string) => cacheRegexes.find(({ re }) => re.test(uri))?.value ?? fallback;

  // Content-type locations: an empty types{} and a default_type with its charset.
  const typed = [...conf.matchAll(/location ~ "([^"]*)" \{\n\s*types \{ \}\n\s*default_type (\S+);\n\s*charset (\S+);\n\s*charset_types (\S+);\n\s*try_files \$uri =404;/g)].map((m) => {
    expect(m[4]).toBe(m[2]); // the charset is added to exactly that type
    return { re: new RegExp(m[1] as string), type: `${m[2]}; charset=${m[3]}` };
  });
  /** The Content-Type a rule of ours sets for a decoded URI (null: nginx's mime.types decides). */
  const contentType = (uri: string) => typed.find(({ re }) => re.test(uri))?.type ?? null;

  const exact = new Set([...conf.matchAll(/^\s*location = (\S+) \{/gm)].map((m) => m[1] as string));
  const rawMap = /map \$request_uri (\$\w+) \{\n\s*default "";\n\s*"~([^"]*)" \$path;/.exec(conf);
  if (!rawMap) throw new Error('no raw path map');
  const rawPathRe = new RegExp(rawMap[2] as string); // PCRE and JS read \x5C alike
  const redirectLocations = [
    ...conf.matchAll(
      /location ~ "([^"]*)" \{\n\s*if \((\$\w+) !~ "([^"]*)"\) \{ return 404; \}\n\s*if \(\$canon = "([^"]*)"\) \{ return (\d+) ([^$]*)\$is_args\$args; \}\n\s*return (\d+) \$canon\$is_args\$args;/g,
    ),
  ].map((m) => {
    expect(m[2]).toBe(rawMap[1]);
    return { location: new RegExp(m[1] as string), raw: new RegExp(m[3] as string), home: m[4] as string, homeTarget: m[6] as string, status: Number(m[7]) };
  });
  /**
   * What nginx answers for a request path as sent (percent-encoded, no query): a redirect, a 404
   * from a redirect location, or null when it serves the path. Locations match the decoded $uri.
   */
  const redirect = (requestPath: string): { status: number; location: string } | null => {
    const uri = decodeURIComponent(requestPath).replace(/\/{2,}/g, '/');
    if (exact.has(uri)) {
      const block = new RegExp(`location = ${uri.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\{ return (\\d+) (\\S+)\\$is_args\\$args; \\}`).exec(conf);
      return block ? { status: Number(block[1]), location: block[2] as string } : null;
    }
    for (const loc of redirectLocations) {
      if (!loc.location.test(uri)) continue;
      const raw = rawPathRe.exec(requestPath)?.groups?.path ?? '';
      const m = loc.raw.exec(raw);
      if (!m) return { status: 404, location: '' };
      const canon = m.groups?.canon as string;
      return { status: loc.status, location: canon === loc.home ? loc.homeTarget : canon };
    }
    return null;
  };
  return { headers, cacheVariable, cacheControl, contentType, redirect, redirectCount: redirectLocations.length };
}

// ---- how Netlify / Cloudflare Pages read _headers and _redirects ------------------------------

const splat = (pattern: string) => new RegExp(`^${pattern.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);

function hostHeaders(text: string) {
  const blocks: Array<[RegExp, string, Record<string, string>]> = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) blocks.push([splat(line.trim()), line.trim(), {}]);
    else {
      const at = line.indexOf(':');
      (blocks[blocks.length - 1] as [RegExp, string, Record<string, string>])[2][line.slice(0, at).trim()] = line.slice(at + 1).trim();
    }
  }
  /** Every matching block applies; a header set twice is joined with ", " (both hosts do this). */
  const forUrl = (url: string) => {
    const result: Record<string, string> = {};
    for (const [re, , headers] of blocks) {
      if (!re.test(url)) continue;
      for (const [name, value] of Object.entries(headers)) result[name] = name in result ? `${result[name]}, ${value}` : value;
    }
    return result;
  };
  return { blocks, forUrl };
}

function hostRedirects(text: string) {
  return text
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => {
      const [from, to, status, ...rest] = line.trim().split(/\s+/);
      return { from: from as string, to: to as string, status: status as string, rest };
    });
}

// ---- the URLs of a build ----------------------------------------------------------------------

const encode = (p: string) => p.split('/').map(encodeURIComponent).join('/');

/** Pages served at their route: every page but Gatsby's .html copies of status pages (/404.html), which are files. */
function pageRoutes(files: string[]): string[] {
  return files.flatMap((f) => pagePathOfHtmlFile(f) ?? []).filter((route) => !route.endsWith('.html'));
}

/** [URL a browser requests, the $uri nginx maps after try_files] for every file and page. */
function requests(files: string[], prefix: string): Array<[string, string]> {
  const out: Array<[string, string]> = files.filter((f) => !f.endsWith('/index.html')).map((f) => [prefix + encode(f), prefix + f]);
  for (const route of pageRoutes(files)) out.push([route === '/' ? `${prefix}/` : prefix + encode(route), `${prefix}${route === '/' ? '' : route}/index.html`]);
  return out;
}

function checkAgreement(files: string[]) {
  const generated = generate(files);
  for (const variant of Object.values(generated.variants)) {
    const nginx = nginxModel(variant.nginx);
    const host = hostHeaders(variant.headers);
    const p = variant.prefix;

    // Same security headers and CSP header, with the same values, on every URL.
    const { 'Cache-Control': cacheVar, ...nginxSecurity } = nginx.headers;
    expect(cacheVar).toBe(nginx.cacheVariable);
    expect(nginxSecurity).toEqual({ ...generated.security, 'Content-Security-Policy': generated.headerCsp });

    for (const [url, uri] of requests(files, p)) {
      const fromHost = host.forUrl(url);
      const { 'Cache-Control': hostCache, 'Content-Type': hostType, ...hostSecurity } = fromHost;
      expect({ url, headers: hostSecurity }).toEqual({ url, headers: nginxSecurity });
      // The same explicit Content-Type (Markdown twins, text files), never two joined.
      expect({ url, type: hostType ?? null }).toEqual({ url, type: nginx.contentType(decodeURIComponent(url)) });
      // One Cache-Control value (never two joined), the one nginx's map gives.
      expect({ url, cache: hostCache }).toEqual({ url, cache: nginx.cacheControl(uri) });
      expect([generated.immutable, generated.revalidate]).toContain(hostCache);
    }

    // Redirects: every _redirects line is a redirect nginx makes, to the same place, with 301.
    const lines = hostRedirects(variant.redirects);
    for (const line of lines) {
      expect(line.status).toMatch(/^301!?$/);
      expect(line.rest).toEqual([]);
      const fromNginx = nginx.redirect(line.from);
      expect({ from: line.from, to: fromNginx?.location, status: fromNginx?.status }).toEqual({ from: line.from, to: line.to, status: 301 });
      // A file exists at /x/index.html: Netlify only redirects it with the force flag.
      expect(line.status.endsWith('!')).toBe(files.includes(decodeURIComponent(line.from).slice(p.length)));
    }
    // …and every page has its .html and /index.html spellings covered.
    const sources = new Set(lines.map((l) => l.from));
    for (const route of pageRoutes(files)) {
      if (route === '/') expect(sources).toContain(`${p}/index.html`);
      else {
        expect(sources).toContain(`${p}${encode(route)}/index.html`);
        if (`${route}.html` !== '/404.html') expect(sources).toContain(`${p}${encode(route)}.html`);
      }
    }
    expect(sources).not.toContain(`${p}/404.html`);
    // The 404 page itself is served, not redirected, by nginx.
    expect(nginx.redirect(`${p}/404.html`)).toBeNull();

    // The trailing-slash rule is nginx-only (it loops on Netlify); the file says so.
    expect(nginx.redirect(`${p}/blog/binder/`)).toEqual({ status: 301, location: `${p}/blog/binder` });
    // Targets are cut from the path as sent: still percent-encoded, never "//host" or "/\\host".
    expect(nginx.redirect(`${p}/blog/tags/%E7%A9%BA%E5%A3%B3/`)).toEqual({ status: 301, location: `${p}/blog/tags/%E7%A9%BA%E5%A3%B3` });
    for (const hostile of ['/%5Cevil.com/', '/%5C%5Cevil.com/index.html', '/%2F%2Fevil.com/', '//evil.com/', '/\\evil.com/']) {
      const answer = nginx.redirect(`${p}${hostile}`);
      if (answer && answer.status === 301) expect(answer.location).toMatch(/^\/(?![/\\])/);
    }
    for (const rule of generated.redirectRules.filter((r) => !r.hosts)) {
      expect(variant.redirects).toContain(`# Not here — ${rule.name}`);
      expect(lines.some((l) => l.from.endsWith('/') && l.from !== `${p}/`)).toBe(false);
    }
    expect(nginx.redirectCount).toBe(generated.redirectRules.length);

    // Under a prefix every rule lives under the prefix.
    if (p) {
      for (const [, pattern] of host.blocks) expect(pattern.startsWith(`${p}/`)).toBe(true);
      for (const line of lines) expect(line.from.startsWith(`${p}/`) && line.to.startsWith(`${p}/`)).toBe(true);
    }

    // Within Cloudflare Pages' limits.
    expect(host.blocks.length).toBeLessThanOrEqual(generated.limits.headerRules);
    expect(Math.max(...variant.headers.split('\n').map((l) => l.length))).toBeLessThanOrEqual(generated.limits.headerLineChars);
    expect(lines.length).toBeLessThanOrEqual(generated.limits.staticRedirects);
  }
  return generated;
}

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
    // Markdown twins: text/markdown in UTF-8, cached like the HTML page they mirror.
    for (const twin of ['/blog/binder.md', '/docs/desktop/wing/Get%20start.md']) {
      expect(host.forUrl(twin)).toMatchObject({ 'Content-Type': 'text/markdown; charset=utf-8', 'Cache-Control': 'public, max-age=0, must-revalidate' });
    }
    expect(host.forUrl('/llms.txt')).toMatchObject({ 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=0, must-revalidate' });
    expect(host.forUrl('/static/og/0123456789abcdef0123.png')['Cache-Control']).toBe('public, max-age=31536000, immutable');
    // The search files keep their names from deploy to deploy: revalidated, never immutable.
    for (const file of [SEARCH_INDEX_PATH, SEARCH_STORE_PATH]) expect(host.forUrl(file)['Cache-Control']).toBe('public, max-age=0, must-revalidate');
    expect(hostHeaders(generated.variants.prefixed.headers).forUrl(`/fomosite${SEARCH_STORE_PATH}`)['Cache-Control']).toBe('public, max-age=0, must-revalidate');
    expect(host.forUrl('/blog/binder')['Content-Type']).toBeUndefined();
    const nginx = nginxModel(generated.variants.prefixed.nginx);
    expect(nginx.contentType('/fomosite/docs/desktop/wing/Get start.md')).toBe('text/markdown; charset=utf-8');
    expect(nginx.contentType('/docs/desktop/wing/Get start.md')).toBeNull(); // outside the prefix
  });

  const publicDir = path.join(ROOT, 'public');
  (existsSync(path.join(publicDir, 'index.html')) ? it : it.skip)('for the files of the build in public/', () => {
    const files = evalEsm<string[]>(`import { listFiles } from './build/postbuild/host-configs.mjs'; console.log(JSON.stringify(listFiles(${JSON.stringify(publicDir)})));`);
    checkAgreement(files);
  });
});

describe('the Content-Security-Policy', () => {
  const generated = generate(FIXTURE_FILES);
  const directives = (policy: string) => new Map(policy.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...sources]) => [name as string, sources]));

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
      `import { withCspMeta } from './build/postbuild/csp-meta.mjs';
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
      `import { writeHostConfigs, checkLimits } from './build/postbuild/host-configs.mjs';
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
