#!/usr/bin/env node
// Serves a built site with Debian's nginx on loopback. The config (two maps + the server block, for
// the http{} context) is deploy/site.conf.template filled with the rules of deploy/http-rules.mjs
// (headers, CSP, cache classes, redirects); brotli is on when Debian's module is installed.
//   node scripts/nginx.mjs start  [--root public] [--port 9000] [--prefix /fomosite]   (root default: $SITE_PUBLIC_DIR or public/)
//   node scripts/nginx.mjs stop   [--port 9000]
//   node scripts/nginx.mjs render [--root /var/www/iofomo] [--listen 80] [--prefix /fomosite] [--brotli]
//       prints the config for a real host (/etc/nginx/conf.d/iofomo.conf; deploy/site.conf is one)
// Everything a loopback nginx writes (config, pid, logs, temp files) goes to .e2e/nginx-<port>/.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CACHE_RULES, COMPRESSIBLE_TYPES, CONTENT_TYPES, HOST_FILES, NOT_FOUND_PAGE, REDIRECTS, REDIRECT_STATUS, commonHeaders, globToRegExpSource } from '../deploy/http-rules.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Debian's dynamic brotli module (apt-get install libnginx-mod-http-brotli-filter). */
export const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so';

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
}

export function nginxBinary() {
  for (const candidate of ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx']) if (existsSync(candidate)) return candidate;
  throw new Error('找不到 nginx：请先安装（Debian：apt-get install -y nginx）');
}

export function brotliAvailable() {
  return existsSync(BROTLI_MODULE);
}

/** "/fomosite/" → "/fomosite", "/" → "". */
export function normalizePrefix(prefix = '') {
  const trimmed = prefix.trim().replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}` : '';
}

const quote = (value) => {
  if (value.includes('"')) throw new Error(`value with a double quote: ${value}`);
  return `"${value}"`;
};
const regexEscape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The nginx variable holding a response's Cache-Control (set by the map below). */
export const CACHE_VARIABLE = '$iofomo_cache_control';

function compressionBlock(brotli) {
  const types = COMPRESSIBLE_TYPES.filter((t) => t !== 'text/html').join(' '); // text/html is always on
  const lines = ['    gzip on;', '    gzip_comp_level 6;', '    gzip_min_length 512;', '    gzip_vary on;', '    gzip_proxied any;', `    gzip_types ${types};`];
  if (brotli) lines.push('    brotli on;', '    brotli_comp_level 5;', '    brotli_min_length 512;', `    brotli_types ${types};`);
  return lines.join('\n');
}

/** CACHE_RULES as an nginx map on $uri: regexes in rule order (first match wins), last rule = default. */
export function renderCacheMap(prefix = '') {
  const p = normalizePrefix(prefix);
  const last = CACHE_RULES[CACHE_RULES.length - 1];
  if (last.patterns.join() !== '/*') throw new Error('the last cache rule must be the catch-all /*');
  const lines = [`map $uri ${CACHE_VARIABLE} {`, `    default ${quote(last.cacheControl)};`];
  for (const rule of CACHE_RULES.slice(0, -1)) {
    const alternatives = rule.patterns.map((glob) => globToRegExpSource(glob).slice(1, -1));
    lines.push(`    # ${rule.name}: ${rule.patterns.join(' ')}`);
    lines.push(`    ${quote(`~^${regexEscape(p)}(?:${alternatives.join('|')})$`)} ${quote(rule.cacheControl)};`);
  }
  lines.push('}');
  return lines.join('\n');
}

export function renderHeaders() {
  return Object.entries({ ...commonHeaders(), 'Cache-Control': CACHE_VARIABLE })
    .map(([name, value]) => `    add_header ${name} ${value === CACHE_VARIABLE ? value : quote(value)} always;`)
    .join('\n');
}

/** The nginx variable holding the request's path as sent (still percent-encoded, without the query). */
export const RAW_PATH_VARIABLE = '$iofomo_request_path';

/**
 * Redirect targets are cut from the path as the client sent it ($request_uri), never from nginx's
 * decoded $uri: a decoded target would put raw UTF-8 or spaces in the Location header, and
 * "/%5Cevil.com/" would become "Location: /\evil.com", which browsers follow to another host.
 * The map only accepts a path that starts with one "/" followed by neither "/" nor "\".
 */
export function renderRawPathMap() {
  return [
    `map $request_uri ${RAW_PATH_VARIABLE} {`,
    '    default "";',
    `    ${quote('~^(?<path>/(?:[^/?\\x5C][^?]*)?)(?:\\?.*)?$')} $path;`, // \x5C: a backslash
    '}',
  ].join('\n');
}

/** The locations: the canonical-URL redirects (regex locations match in order), then the files. */
export function renderLocations(prefix = '') {
  const p = normalizePrefix(prefix);
  const out = ['    # Canonical URLs (deploy/http-rules.mjs REDIRECTS): no trailing slash, no .html; the query is kept.'];
  if (p) out.push(`    location = ${p} { return ${REDIRECT_STATUS} ${p}/$is_args$args; }`);
  out.push(`    location = ${p}${NOT_FOUND_PAGE} { }`);
  out.push(`    # ${HOST_FILES.join(', ')}: for Netlify / Cloudflare Pages, not for readers`);
  out.push(`    location ~ ${quote(`^${regexEscape(p)}/(?:${HOST_FILES.map(regexEscape).join('|')})$`)} { return 404; }`);
  for (const rule of REDIRECTS) {
    const regex = rule.nginx.replace('(?<canon>', `(?<canon>${regexEscape(p)}`);
    out.push(`    # ${rule.name}: ${rule.example[0]} → ${rule.example[1]}`);
    // The location matches the decoded $uri; the target comes from the same rule on the raw path.
    out.push(`    location ~ ${quote(regex.replace('(?<canon>', '(?:'))} {`);
    out.push(`        if (${RAW_PATH_VARIABLE} !~ ${quote(regex)}) { return 404; }`);
    // The home page's canonical form is the prefix folder itself: "/" or "/fomosite/".
    out.push(`        if ($canon = ${quote(p)}) { return ${REDIRECT_STATUS} ${p}/$is_args$args; }`);
    out.push(`        return ${REDIRECT_STATUS} $canon$is_args$args;`, '    }');
  }
  for (const rule of CONTENT_TYPES) {
    const alternatives = rule.patterns.map((glob) => globToRegExpSource(glob).slice(1, -1));
    // An empty types{} makes default_type the type of every file here; charset_types adds "; charset=…".
    out.push(`    # ${rule.name}: ${rule.type}; charset=${rule.charset} (deploy/http-rules.mjs CONTENT_TYPES)`);
    out.push(`    location ~ ${quote(`^${regexEscape(p)}(?:${alternatives.join('|')})$`)} {`);
    out.push('        types { }', `        default_type ${rule.type};`, `        charset ${rule.charset};`, `        charset_types ${rule.type};`, '        try_files $uri =404;', '    }');
  }
  out.push('', '    # Pages are <route>/index.html; a missing file is the not-found page with status 404.');
  out.push(`    location ${p}/ {`, '        try_files $uri $uri/index.html =404;', '    }');
  if (p) out.push('    # Outside the prefix there is nothing to serve.', '    location / { return 404; }');
  return out.join('\n');
}

export function renderSiteConf({ siteRoot, port, listen, prefix = '', brotli = false }) {
  const template = readFileSync(path.join(root, 'deploy/site.conf.template'), 'utf8');
  const p = normalizePrefix(prefix);
  const body = template.slice(template.indexOf('@@MAPS@@'));
  const header = '# Generated by scripts/nginx.mjs from deploy/site.conf.template and deploy/http-rules.mjs: do not edit.\n';
  return (header + body)
    .replaceAll('@@MAPS@@', `${renderCacheMap(p)}\n\n${renderRawPathMap()}`)
    .replaceAll('@@HEADERS@@', renderHeaders())
    .replaceAll('@@COMPRESSION@@', compressionBlock(brotli))
    .replaceAll('@@LOCATIONS@@', renderLocations(p))
    .replaceAll('@@LISTEN@@', listen ?? `127.0.0.1:${port}`)
    .replaceAll('@@ROOT@@', siteRoot)
    .replaceAll('@@PREFIX@@', p);
}

function sleep(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** True while `pid` is a running nginx (never signal a pid that was reused by another program). */
function alive(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('nginx');
  } catch {
    return false;
  }
}

/**
 * Starts nginx on 127.0.0.1:<port> serving siteRoot (under `prefix`). `workers` and `accessLog`
 * exist for the benchmark; the tests use one worker and an access log.
 */
export function startNginx({ siteRoot = path.join(root, 'public'), port = 9000, prefix = '', workers = 1, accessLog = true, brotli = brotliAvailable() } = {}) {
  const p = normalizePrefix(prefix);
  const dir = path.join(root, '.e2e', `nginx-${port}`);
  mkdirSync(path.join(dir, 'logs'), { recursive: true });
  mkdirSync(path.join(dir, 'tmp'), { recursive: true });
  // With a prefix, the site's files live under <root>/<prefix>: serve a parent folder with a link.
  let served = siteRoot;
  if (p) {
    served = path.join(dir, 'root');
    mkdirSync(path.join(served, path.dirname(p)), { recursive: true });
    execFileSync('ln', ['-sfn', siteRoot, path.join(served, p)]);
  }
  const conf = `${brotli ? `load_module ${BROTLI_MODULE};\n` : ''}
worker_processes ${workers};
pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log ${accessLog ? `${dir}/logs/access.log` : 'off'};
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 10000;
  disable_symlinks off;
${renderSiteConf({ siteRoot: served, port, prefix: p, brotli })}
}
`;
  const confFile = path.join(dir, 'nginx.conf');
  writeFileSync(confFile, conf);
  stopNginx({ port });
  execFileSync(nginxBinary(), ['-c', confFile, '-p', dir], { stdio: 'inherit' });
  return { url: `http://127.0.0.1:${port}${p}`, confFile, dir, brotli };
}

export function stopNginx({ port = 9000 } = {}) {
  const dir = path.join(root, '.e2e', `nginx-${port}`);
  const pidFile = path.join(dir, 'nginx.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').trim());
  if (!pid || !alive(pid)) return;
  try {
    process.kill(pid, 'SIGQUIT');
  } catch {
    return; /* already stopped */
  }
  // Wait (up to 5 s) for the master to exit so that a following start can bind the port again.
  for (let i = 0; i < 100 && alive(pid); i++) sleep(50);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const command = process.argv[2] ?? 'start';
  const port = Number(arg('port', '9000'));
  const prefix = normalizePrefix(arg('prefix', '') ?? '');
  if (command === 'stop') {
    stopNginx({ port });
  } else if (command === 'render') {
    process.stdout.write(renderSiteConf({ siteRoot: arg('root', '/var/www/iofomo/public'), listen: arg('listen', '80'), prefix, brotli: process.argv.includes('--brotli') }));
  } else {
    // SITE_PUBLIC_DIR serves another build folder (e.g. a build made in a temp copy of the repo).
    const siteRoot = path.resolve(arg('root', process.env.SITE_PUBLIC_DIR ?? path.join(root, 'public')));
    const { url, brotli } = startNginx({ siteRoot, port, prefix });
    console.log(`nginx 已启动：${url}/  （gzip${brotli ? ' + brotli' : ''}；停止：node scripts/nginx.mjs stop --port ${port}）`);
  }
}
