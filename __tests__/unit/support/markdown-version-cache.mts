/**
 * Runs writeTwins (gatsby/exports/markdown-versions.ts) three times over a temporary page with an image,
 * with a twin cache, and prints what each run returned and what the cache held (markdown-version-cache.test.ts).
 */
import { mkdirSync, mkdtempSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jsonCache } from '../../../gatsby/cache';
import { twinPath } from '../../../src/lib/markdown-path';
import { writeTwins, type CachedTwin, type TwinSource } from '../../../gatsby/exports/markdown-versions';

const dir = mkdtempSync(path.join(os.tmpdir(), 'twin-cache-'));
const contentDir = path.join(dir, 'content', 'docs', 'tool');
mkdirSync(path.join(contentDir, 'img'), { recursive: true });
writeFileSync(path.join(contentDir, 'img', 'flow.png'), 'first bytes');
const publicDir = path.join(dir, 'public');
const site = { origin: 'https://example.com', basePath: '', title: '站点', description: '说明' };
const source: TwinSource = { path: '/docs/tool/intro', file: 'content/docs/tool/intro.mdx', absolutePath: path.join(contentDir, 'intro.mdx'), title: '介绍', body: '正文。\n\n![流程](./img/flow.png)\n' };
const entries = jsonCache<CachedTwin>(path.join(dir, 'cache'));
const cache = { entries, fingerprint: 'code-1' };
const only = () => readdirSync(path.join(dir, 'cache')).filter((f) => f.endsWith('.json'));

const out: Record<string, unknown> = {};
const written: number[] = [];
const twinOf = async (c: Parameters<typeof writeTwins>[3]) => {
  const run = await writeTwins(publicDir, [source], site, c);
  written.push(run.written);
  return run.twins.get(source.path);
};
out.first = await twinOf(cache);
const [file] = only();
const key = (file as string).replace(/\.json$/, '');
// Mark the cached text: a hit returns it as it is.
const held = entries.get(key) as CachedTwin;
entries.set(key, { ...held, markdown: `${held.markdown}<!-- from cache -->` });
out.hit = await twinOf(cache);
// The image's bytes change (its URL names them): the cached twin is stale.
writeFileSync(path.join(contentDir, 'img', 'flow.png'), 'second bytes');
out.imageChanged = await twinOf(cache);
// Another fingerprint (the twin code changed): another key.
out.codeChanged = await twinOf({ entries, fingerprint: 'code-2' });
// Nothing changed: the twin file is left as it is, its time too.
const twinFile = path.join(publicDir, twinPath(source.path));
utimesSync(twinFile, new Date(2001, 0, 1), new Date(2001, 0, 1));
out.again = await twinOf({ entries, fingerprint: 'code-2' });
out.keptYear = statSync(twinFile).mtime.getFullYear();
out.written = written;
out.entries = only().length;
out.cachedImages = held.images.map((i) => path.relative(dir, i.file));
console.log(JSON.stringify(out));
