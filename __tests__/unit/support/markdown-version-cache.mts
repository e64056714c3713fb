/**
 * Runs writeMarkdownVersions (gatsby/exports/markdown-versions.ts) three times over a temporary page with an image,
 * with a cache, and prints what each run returned and what the cache held (markdown-version-cache.test.ts).
 */
import { mkdirSync, mkdtempSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jsonCache } from '../../../gatsby/cache';
import { markdownPath } from '../../../src/lib/markdown-path';
import { writeMarkdownVersions, type CachedMarkdownVersion, type MarkdownVersionSource } from '../../../gatsby/exports/markdown-versions';

const dir = mkdtempSync(path.join(os.tmpdir(), 'markdown-version-cache-'));
const contentDir = path.join(dir, 'content', 'docs', 'tool');
mkdirSync(path.join(contentDir, 'img'), { recursive: true });
writeFileSync(path.join(contentDir, 'img', 'flow.png'), 'first bytes');
const publicDir = path.join(dir, 'public');
const site = { origin: 'https://example.com', basePath: '', title: '站点', description: '说明' };
const source: MarkdownVersionSource = { path: '/docs/tool/intro', file: 'content/docs/tool/intro.mdx', absolutePath: path.join(contentDir, 'intro.mdx'), title: '介绍', body: '正文。\n\n![流程](./img/flow.png)\n' };
const entries = jsonCache<CachedMarkdownVersion>(path.join(dir, 'cache'));
const cache = { entries, fingerprint: 'code-1' };
const only = () => readdirSync(path.join(dir, 'cache')).filter((f) => f.endsWith('.json'));

const out: Record<string, unknown> = {};
const written: number[] = [];
const markdownOf = async (c: Parameters<typeof writeMarkdownVersions>[3]) => {
  const run = await writeMarkdownVersions(publicDir, [source], site, c);
  written.push(run.written);
  return run.markdownVersions.get(source.path);
};
out.first = await markdownOf(cache);
const [file] = only();
const key = (file as string).replace(/\.json$/, '');
// Mark the cached text: a hit returns it as it is.
const held = entries.get(key) as CachedMarkdownVersion;
entries.set(key, { ...held, markdown: `${held.markdown}<!-- from cache -->` });
out.hit = await markdownOf(cache);
// The image's bytes change (its URL names them): the cached Markdown version is stale.
writeFileSync(path.join(contentDir, 'img', 'flow.png'), 'second bytes');
out.imageChanged = await markdownOf(cache);
// Another fingerprint (the code that renders Markdown versions changed): another key.
out.codeChanged = await markdownOf({ entries, fingerprint: 'code-2' });
// Nothing changed: the .md file is left as it is, its time too.
const markdownFile = path.join(publicDir, markdownPath(source.path));
utimesSync(markdownFile, new Date(2001, 0, 1), new Date(2001, 0, 1));
out.again = await markdownOf({ entries, fingerprint: 'code-2' });
out.keptYear = statSync(markdownFile).mtime.getFullYear();
out.written = written;
out.entries = only().length;
out.cachedImages = held.images.map((i) => path.relative(dir, i.file));
console.log(JSON.stringify(out));
