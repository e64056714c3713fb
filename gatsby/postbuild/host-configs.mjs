#!/usr/bin/env node
// Post-build step (npm run build → postbuild): writes public/_headers and public/_redirects for
// Netlify and Cloudflare Pages (both read these files from the publish folder and do not serve
// them), generated from deploy/http-rules.mjs — the rules the nginx config uses.
//   node gatsby/postbuild/host-configs.mjs [--public public] [--prefix /fomosite]
// Without --prefix the path prefix is SITE_BASE_URL when the build used it (gatsby build --prefix-paths).
//
// Both hosts apply every rule whose pattern matches and join repeated headers with commas, so the
// rules are written never to set one header twice for a URL: the security headers and the CSP
// header go on /*, and Cache-Control goes on disjoint patterns computed from the files in public/.
// Netlify cannot express "/x.html → /x" with a wildcard (a splat must end the pattern), so the
// redirects are written per page, one line each (Cloudflare Pages applies the first 2,000 static
// redirects: more is a warning, see checkLimits).
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CACHE_RULES, CONTENT_TYPES, HOST_FILES, NOT_FOUND_PAGE, REDIRECTS, REDIRECT_STATUS, commonHeaders, globToRegExpSource } from '../../deploy/http-rules.mjs';
import { pagePathOfHtmlFile } from '../framework/output.cjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Host limits (Cloudflare Pages; Netlify's are higher). */
export const LIMITS = Object.freeze({ headerRules: 100, headerLineChars: 2000, staticRedirects: 2000 });

export function normalizePrefix(prefix = '') {
  const trimmed = prefix.trim().replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}` : '';
}

/** A path as it travels in a URL: each segment percent-encoded (spaces, Chinese tags). */
export const encodePath = (p) =>
  p
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');

/** All files of publicDir as URL paths ("/blog/binder/index.html"), sorted. */
export function listFiles(publicDir, dir = publicDir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(publicDir, full));
    else if (entry.isFile()) out.push(`/${path.relative(publicDir, full).split(path.sep).join('/')}`);
  }
  return out.filter((f) => !HOST_FILES.includes(f.slice(1))).sort();
}

/**
 * The page routes of a build: "/x" for x/index.html, "/" for index.html. Which files are pages is
 * Gatsby's rule (gatsby/framework/output.cjs); pages whose path ends in .html (Gatsby's /404.html copy
 * of the 404 page) are files, not routes.
 */
export function pageRoutes(files) {
  return files.map(pagePathOfHtmlFile).filter((route) => route !== null && !route.endsWith('.html'));
}

/** Every URL a reader or the runtime requests: the files, plus the page routes (canonical form). */
export function servedUrls(files) {
  return [...new Set([...files.filter((f) => !f.endsWith('/index.html')), ...pageRoutes(files)])].sort();
}

const matchers = CACHE_RULES.map((rule) => ({ ...rule, regexes: rule.patterns.map((glob) => new RegExp(globToRegExpSource(glob))) }));
const ruleIndexOf = (url) => matchers.findIndex((rule) => rule.regexes.some((re) => re.test(url)));

/**
 * Cache-Control rules as [pattern, value] pairs that never overlap on a served URL: the specific
 * rules keep their globs; the catch-all is split into the largest folders (and single files) of
 * public/ that none of the specific globs touches.
 */
export function cacheHeaderRules(files) {
  const catchAll = matchers.length - 1;
  const rules = [];
  for (const rule of matchers.slice(0, -1)) for (const glob of rule.patterns) rules.push([glob, rule.cacheControl]);

  const urls = servedUrls(files);
  const needsCatchAll = (url) => ruleIndexOf(url) === catchAll;
  const value = matchers[catchAll].cacheControl;
  // The URLs as a tree of folders, built once: each node knows whether its own URL is served and
  // whether every URL below it falls to the catch-all (a walk that filtered the whole list at each
  // folder grew with folders × URLs: docs/decisions/build-at-scale.md).
  const top = { children: new Map(), served: false, below: 0, belowAllCatchAll: true };
  for (const url of urls) {
    let node = top;
    for (const segment of url.split('/').slice(1)) {
      if (!segment) continue;
      let child = node.children.get(segment);
      if (!child) node.children.set(segment, (child = { children: new Map(), served: false, below: 0, belowAllCatchAll: true }));
      node = child;
    }
    node.served = true;
  }
  const summarise = (node, url) => {
    for (const [name, child] of node.children) {
      const childUrl = `${url}/${name}`;
      summarise(child, childUrl);
      node.below += child.below + (child.served ? 1 : 0);
      if (!child.belowAllCatchAll || (child.served && !needsCatchAll(childUrl))) node.belowAllCatchAll = false;
    }
  };
  summarise(top, '');
  // Walk the folders from the top: a folder whose URLs all fall to the catch-all and that no
  // specific glob reaches becomes "/folder" + "/folder/*"; otherwise look inside it.
  const walk = (node, folder) => {
    for (const child of [...node.children.keys()].sort()) {
      const url = `${folder}/${child}`;
      const inner = node.children.get(child);
      if (inner.below === 0) {
        if (needsCatchAll(url)) rules.push([url, value]);
        continue;
      }
      if (inner.belowAllCatchAll) {
        if (inner.served) rules.push([url, value]); // the folder's own page: /blog
        rules.push([`${url}/*`, value]);
      } else {
        if (inner.served && needsCatchAll(url)) rules.push([url, value]);
        walk(inner, url);
      }
    }
  };
  if (urls.includes('/')) rules.push(['/', value]);
  walk(top, '');
  return rules;
}

/** The _headers file: security headers and CSP on every path, then the Cache-Control rules. */
export function renderHeaders(files, prefix = '') {
  const p = normalizePrefix(prefix);
  const lines = [
    '# Generated by gatsby/postbuild/host-configs.mjs from deploy/http-rules.mjs after each build: do not edit.',
    '# Netlify / Cloudflare Pages headers. Every response: security headers and the CSP header',
    "# (no script-src: each page's <meta> CSP lists its inline-script hashes).",
    `${p}/*`,
    ...Object.entries(commonHeaders()).map(([name, value]) => `  ${name}: ${value}`),
    '',
    '# Content-Type with its charset (Markdown versions, llms.txt): patterns that never overlap.',
    ...CONTENT_TYPES.flatMap((rule) => rule.patterns.flatMap((pattern) => [`${p}${pattern}`, `  Content-Type: ${rule.type}; charset=${rule.charset}`])),
    '',
    '# Cache-Control (Gatsby caching rules), on patterns that never overlap.',
  ];
  for (const [pattern, value] of cacheHeaderRules(files)) {
    lines.push(`${p}${encodePath(pattern)}`, `  Cache-Control: ${value}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The _redirects file: for every page, the non-canonical spellings the hosts can express →
 * the canonical path, 301. "/x/index.html" exists as a file, so it needs Netlify's force flag
 * ("301!"). Cloudflare Pages does not document the flag (a line it cannot parse is ignored) and
 * redirects /x/index.html → /x/ by itself.
 */
export function redirectLines(files, prefix = '') {
  const p = normalizePrefix(prefix);
  const out = [];
  const present = new Set(files);
  for (const route of pageRoutes(files)) {
    const sources = route === '/' ? ['/index.html'] : [`${route}/index.html`, `${route}.html`];
    for (const source of sources) {
      const rule = REDIRECTS.find((r) => r.hosts && r.canonical(source) !== null);
      if (!rule) continue;
      const target = rule.canonical(source);
      if (source === NOT_FOUND_PAGE) continue;
      const shadowed = present.has(source); // a file answers this path: Netlify needs "!"
      const to = target === '/' ? `${p}/` : `${p}${encodePath(target)}`;
      out.push({ from: `${p}${encodePath(source)}`, to, status: `${REDIRECT_STATUS}${shadowed ? '!' : ''}`, rule: rule.name });
    }
  }
  return out;
}

export function renderRedirects(files, prefix = '') {
  const notes = REDIRECTS.filter((r) => !r.hosts).map((r) => `# Not here — ${r.name} (${r.example.join(' → ')}): ${r.hostsNote}`);
  const lines = [
    '# Generated by gatsby/postbuild/host-configs.mjs from deploy/http-rules.mjs after each build: do not edit.',
    '# Netlify / Cloudflare Pages redirects to the canonical URL (no .html, no /index.html), one line per page.',
    ...notes,
    ...redirectLines(files, prefix).map(({ from, to, status }) => `${from} ${to} ${status}`),
  ];
  return `${lines.join('\n')}\n`;
}

/** Parses a _headers file into [pattern, {name: value}] blocks (for checks and tests). */
export function parseHeaders(text) {
  const blocks = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) blocks.push([line.trim(), {}]);
    else {
      const at = line.indexOf(':');
      blocks[blocks.length - 1][1][line.slice(0, at).trim()] = line.slice(at + 1).trim();
    }
  }
  return blocks;
}

/** The headers a host gives a URL: every matching block, repeated names joined with ", ". */
export function hostHeadersFor(blocks, url) {
  const result = {};
  for (const [pattern, headers] of blocks) {
    if (!new RegExp(globToRegExpSource(pattern)).test(url)) continue;
    for (const [name, value] of Object.entries(headers)) result[name] = name in result ? `${result[name]}, ${value}` : value;
  }
  return result;
}

/**
 * The hosts' limits. Over a _headers limit the file would be wrong for every page (a host
 * rejects or truncates it): an error. Over the redirect limit (a site of more than ~1,000 pages:
 * two lines per page) only the old-style addresses /x.html and /x/index.html of the pages past
 * the 2,000th rule lose their redirect on Cloudflare Pages, which applies the first 2,000 rules;
 * Netlify applies them all, nginx needs none, every page still answers at its canonical URL: a
 * warning that says so, and the file keeps every rule.
 */
export function checkLimits(headersText, redirectsText) {
  const problems = [];
  const warnings = [];
  const rules = parseHeaders(headersText).length;
  if (rules > LIMITS.headerRules) problems.push(`_headers has ${rules} rules (Cloudflare Pages allows ${LIMITS.headerRules})`);
  const long = headersText.split('\n').filter((l) => l.length > LIMITS.headerLineChars);
  if (long.length) problems.push(`_headers has ${long.length} lines over ${LIMITS.headerLineChars} characters`);
  const redirects = redirectsText.split('\n').filter((l) => l && !l.startsWith('#')).length;
  if (redirects > LIMITS.staticRedirects) {
    warnings.push(
      `_redirects 有 ${redirects} 条重定向，Cloudflare Pages 只执行前 ${LIMITS.staticRedirects} 条（Netlify 全部执行，nginx 不用这个文件）：` +
        `在 Cloudflare Pages 上，其余页面的旧式网址（/x.html、/x/index.html）不再跳到规范网址，页面本身照常可以访问`,
    );
  }
  return { problems, warnings };
}

/** The prefix a build in publicDir was made with: SITE_BASE_URL if its pages load assets under it. */
export function detectPrefix(publicDir, envBase = process.env.SITE_BASE_URL) {
  const candidate = normalizePrefix(envBase ?? '');
  if (!candidate) return '';
  const index = path.join(publicDir, 'index.html');
  if (!existsSync(index)) return '';
  return readFileSync(index, 'utf8').includes(`src="${candidate}/`) ? candidate : '';
}

export function writeHostConfigs(publicDir, prefix) {
  const files = listFiles(publicDir);
  const headers = renderHeaders(files, prefix);
  const redirects = renderRedirects(files, prefix);
  const { problems, warnings } = checkLimits(headers, redirects);
  if (problems.length) throw new Error(`host configs over the hosts' limits:\n  ${problems.join('\n  ')}`);
  writeFileSync(path.join(publicDir, '_headers'), headers);
  writeFileSync(path.join(publicDir, '_redirects'), redirects);
  return { headerRules: parseHeaders(headers).length, redirects: redirectLines(files, prefix).length, warnings };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const arg = (name) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const publicDir = path.resolve(arg('public') ?? path.join(root, 'public'));
  const prefix = arg('prefix') !== undefined ? normalizePrefix(arg('prefix')) : detectPrefix(publicDir);
  const { headerRules, redirects, warnings } = writeHostConfigs(publicDir, prefix);
  for (const warning of warnings) console.warn(`warn ${warning}`);
  console.log(`Netlify / Cloudflare Pages：public/_headers（${headerRules} 条规则）和 public/_redirects（${redirects} 条重定向）${prefix ? `，路径前缀 ${prefix}` : ''}`);
}
