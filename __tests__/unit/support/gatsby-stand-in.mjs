#!/usr/bin/env node
// A stand-in for the gatsby CLI in the smoke tests of bench:build and bench:develop
// (../bench.test.ts, passed with --gatsby): it answers the same commands the way those benchmarks
// read them — Gatsby's `success <phase> - <s>s` lines, the files of public/, a development server
// whose open page shows an edit without a reload — in a fraction of a second, so the smoke tests
// run all of each benchmark's own code (copying the project, synthetic content, the edits and
// their undoing, timing, /proc sampling, tables) without a real two-minute build. What Gatsby
// itself does is tested by the real builds of npm test.
//   node gatsby-stand-in.mjs clean | build | develop --host 127.0.0.1 --port <p>
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const site = process.cwd();
const [command, ...rest] = process.argv.slice(2);
const option = (name) => rest[rest.indexOf(`--${name}`) + 1];
const contentDir = process.env.SITE_CONTENT_DIR ?? path.join(site, 'content');

function mdxFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return mdxFiles(full);
    return entry.name.endsWith('.mdx') ? [full] : [];
  });
}

const phase = (name, extra = '') => console.log(`success ${name} - 0.01${Math.floor(Math.random() * 9)}s${extra}`);
const hash = (text) => createHash('sha256').update(text).digest('hex').slice(0, 20);

function build() {
  const files = mdxFiles(contentDir);
  for (const name of ['compile gatsby files', 'load plugins', 'source and transform nodes', 'building schema']) phase(name);
  console.log(`info 已生成 ${files.length} 个内容页面`);
  const out = path.join(site, 'public');
  mkdirSync(out, { recursive: true });
  const app = `app-${hash(files.join())}.js`;
  const runtime = `webpack-runtime-${hash(app)}.js`;
  writeFileSync(path.join(out, app), `/* ${files.length} pages */`);
  writeFileSync(path.join(out, runtime), '/* runtime */');
  writeFileSync(path.join(out, 'webpack.stats.json'), JSON.stringify({ assetsByChunkName: { app: [app], 'webpack-runtime': [runtime] } }));
  phase('Building production JavaScript and CSS bundles');
  files.forEach((file, i) => {
    const route = i === 0 ? 'index' : `p${i}`;
    mkdirSync(path.join(out, 'page-data', route), { recursive: true });
    writeFileSync(path.join(out, 'page-data', route, 'page-data.json'), JSON.stringify({ path: `/${route}`, file: path.relative(site, file) }));
    const dir = i === 0 ? out : path.join(out, route);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'index.html'), `<html><body><script>window.___chunkMapping={"app":["/${app}"]}</script>${path.basename(file)}</body></html>`);
  });
  phase('Building static HTML for pages', ` - ${files.length}/${files.length}`);
  phase('onPostBuild');
}

/**
 * The development server: the doc page shows what the real page shows of the three files the
 * benchmark edits — the doc's .mdx, the footer's copyright from the site config, the footer
 * component's markup — and polls for them, so a saved edit appears in the open tab without a reload.
 */
function develop() {
  const docFile = (docPath) => path.join(contentDir, 'docs', `${decodeURIComponent(docPath.slice('/docs/'.length))}.mdx`);
  const text = (docPath) => {
    const config = readFileSync(path.join(site, 'src/config/site.ts'), 'utf8');
    const footer = readFileSync(path.join(site, 'src/components/layout/Footer.tsx'), 'utf8');
    return [readFileSync(docFile(docPath), 'utf8'), /copyright:\s*`.*/.exec(config)?.[0], footer.slice(footer.indexOf('<footer'), footer.indexOf('</footer>'))].join('\n');
  };
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const docPath = url.pathname.replace(/^\/(page-data|__text)(?=\/)/, '').replace(/\/page-data\.json$/, '');
    // bench:develop --floor's empty site has the doc page as a page component, and nothing to edit.
    const pageComponent = path.join(site, 'src/pages', `${decodeURIComponent(docPath)}.js`);
    if (!docPath.startsWith('/docs/') || !(existsSync(docFile(docPath)) || existsSync(pageComponent))) return response.writeHead(404).end();
    if (url.pathname.startsWith('/page-data/')) return response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    if (url.pathname.startsWith('/__text/')) return response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(text(docPath));
    const poll = `setInterval(async () => { const text = await (await fetch('/__text' + location.pathname)).text(); const pre = document.querySelector('pre'); if (pre.textContent !== text) pre.textContent = text; }, 100);`;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!DOCTYPE html><html><body><main><h1>stand-in</h1><pre></pre></main><script>${poll}</script></body></html>`);
  });
  server.listen(Number(option('port')), option('host'), () => {
    console.log('You can now view iofomo-site in the browser.');
    phase('Building development bundle');
  });
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}

if (command === 'clean') {
  for (const dir of ['.cache', 'public']) rmSync(path.join(site, dir), { recursive: true, force: true });
} else if (command === 'build') {
  build();
} else if (command === 'develop') {
  develop();
} else {
  console.error(`gatsby stand-in: unknown command ${command}`);
  process.exit(2);
}
