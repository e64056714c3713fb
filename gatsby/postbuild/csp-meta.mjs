#!/usr/bin/env node
// Post-build step (npm run build → postbuild): gives every built page its own script policy.
// Gatsby's inline <script>s differ per page (window.pagePath, the chunk map, the head script, the
// base-URL banner, gatsby-plugin-image's loader), so for each HTML file in public/ this computes the
// sha256 of each inline script and writes
//   <meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' 'sha256-…' …">
// at the top of <head>, before any script or style. The policy text comes from deploy/http-rules.mjs
// (metaCsp); the response header policy (headerCsp) adds frame-ancestors, which a meta cannot carry.
// Idempotent: a page that already has the meta (an incremental build keeps unchanged pages) gets it
// recomputed from its current scripts.
//   node gatsby/postbuild/csp-meta.mjs [--public public]
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { metaCsp } from '../../deploy/http-rules.mjs';
import { pageHtmlFiles } from '../framework/output.cjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const META = /<meta http-equiv="Content-Security-Policy" content="[^"]*"\s*\/?>/gi;
/** Script types the browser executes (and CSP therefore governs); JSON/ld+json blocks are data. */
const EXECUTABLE = new Set(['', 'text/javascript', 'application/javascript', 'module']);

function attribute(attrs, name) {
  const match = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(attrs);
  return match ? (match[1] ?? match[2] ?? match[3] ?? '') : null;
}

/** sha256 (base64) of each inline executable script, in document order. */
export function inlineScriptHashes(html) {
  const withoutMeta = html.replace(META, '');
  const hashes = [];
  for (const [, attrs, body] of withoutMeta.matchAll(SCRIPT)) {
    if (attribute(attrs, 'src') !== null) continue;
    const type = (attribute(attrs, 'type') ?? '').trim().toLowerCase();
    if (!EXECUTABLE.has(type)) continue;
    // The browser hashes the element's text after the HTML parser normalised newlines.
    const text = body.replace(/\r\n?/g, '\n');
    hashes.push(createHash('sha256').update(text, 'utf8').digest('base64'));
  }
  return hashes;
}

const escapeAttribute = (value) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * The page with its CSP meta (replacing an older one). It goes right after <head>, or after
 * <meta charSet> when that comes first (the charset declaration must stay in the first 1024 bytes),
 * so it precedes every script and style of the page. Returns null for HTML without a <head>
 * (Gatsby's slice fragments in public/_gatsby/slices/).
 */
export function withCspMeta(html) {
  const clean = html.replace(META, '');
  const head = /<head\b[^>]*>/i.exec(clean);
  if (!head) return null;
  const meta = `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(metaCsp(inlineScriptHashes(clean)))}"/>`;
  let at = head.index + head[0].length;
  const charset = /^\s*<meta charset="?[^">]*"?\s*\/?>/i.exec(clean.slice(at));
  if (charset) at += charset[0].length;
  return clean.slice(0, at) + meta + clean.slice(at);
}

/** Writes the meta into every page of publicDir (gatsby/framework/output.cjs says which files are pages); returns what it did. */
export function injectCspMeta(publicDir) {
  let pages = 0;
  let skipped = 0;
  const distinct = new Set();
  for (const { file: relative } of pageHtmlFiles(publicDir)) {
    const file = path.join(publicDir, relative);
    const html = readFileSync(file, 'utf8');
    const updated = withCspMeta(html);
    if (updated === null) {
      skipped++;
      continue;
    }
    for (const hash of inlineScriptHashes(updated)) distinct.add(hash);
    if (updated !== html) writeFileSync(file, updated);
    pages++;
  }
  return { pages, skipped, distinctHashes: distinct.size };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const i = process.argv.indexOf('--public');
  const publicDir = path.resolve(i > 0 ? process.argv[i + 1] : path.join(root, 'public'));
  const { pages, skipped, distinctHashes } = injectCspMeta(publicDir);
  console.log(`CSP：${pages} 个页面写入了 <meta http-equiv="Content-Security-Policy">（${distinctHashes} 个不同的内联脚本哈希；跳过 ${skipped} 个无 <head> 的片段）`);
}
