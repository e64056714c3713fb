/**
 * How each server reads the host configs, and the check that they agree (host-configs.test.ts on a
 * fixture file list, e2e/host-configs.test.ts on the files of the build in public/).
 *
 * The generators are ES modules (.mjs, shared with nginx.mjs and the post-build scripts); jest runs
 * CommonJS, so they are evaluated in a child node process that prints JSON.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pagePathOfHtmlFile } from '../../../gatsby/framework/internals';

export const ROOT = path.resolve(__dirname, '../../..');

export function evalEsm<T>(source: string, input: unknown = null): T {
  const program = `import { readFileSync } from 'node:fs'; const input = JSON.parse(readFileSync(0, 'utf8'));\n${source}`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', program], { cwd: ROOT, encoding: 'utf8', input: JSON.stringify(input), maxBuffer: 64 << 20 });
  return JSON.parse(out) as T;
}

/** A Gatsby build's files, the shapes that matter: pages, page data, hashed bundles, static files. */
export const FIXTURE_FILES = [
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
  '/rss.xml',
  '/atom.xml',
  '/blog/tags/空壳/rss.xml',
  '/blog/series/binder/atom.xml',
  '/static/og/0123456789abcdef0123.png',
  '/page-data/app-data.json',
  '/page-data/index/page-data.json',
  '/page-data/blog/binder/page-data.json',
  '/page-data/sq/d/1234567.json',
  '/search/index.json',
  '/search/store.json',
  '/search/0123456789abcdef0123/p0.txt',
  '/search/0123456789abcdef0123/d0.json',
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

export interface Generated {
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

export function generate(files: string[]): Generated {
  return evalEsm<Generated>(
    `
    import * as rules from './deploy/http-rules.mjs';
    import { renderHeaders, renderRedirects, LIMITS } from './gatsby/postbuild/host-configs.mjs';
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
export function nginxModel(conf: string) {
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
    ...conf.matchAll(/location ~ "([^"]*)" \{\n\s*if \((\$\w+) !~ "([^"]*)"\) \{ return 404; \}\n\s*if \(\$canon = "([^"]*)"\) \{ return (\d+) ([^$]*)\$is_args\$args; \}\n\s*return (\d+) \$canon\$is_args\$args;/g),
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

const splat = (pattern: string) =>
  new RegExp(
    `^${pattern
      .split('*')
      .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );

export function hostHeaders(text: string) {
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

export function hostRedirects(text: string) {
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

export function checkAgreement(files: string[]) {
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
      // The same explicit Content-Type (Markdown versions, text files), never two joined.
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
