/**
 * Markdown versions of unchanged pages come from .cache/markdown-versions (gatsby/exports/markdown-versions.ts): a hit is
 * the cached text; a changed image or changed rendering code renders it again; a file is written
 * only when its text changed.
 */
import path from 'node:path';
import { importClosure } from '../../gatsby/code-fingerprint';
import { MARKDOWN_VERSION_CODE } from '../../gatsby/exports/markdown-version-cache';
import { spawnScript } from '../support/script';

const ROOT = path.resolve(__dirname, '../..');

test('a cached Markdown version is reused only while its inputs, its images’ bytes and the code are the same', () => {
  const run = spawnScript([path.join(__dirname, 'support/markdown-version-cache.mts')], { cwd: ROOT, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  const out = JSON.parse(run.stdout) as Record<string, string> & { entries: number; cachedImages: string[]; written: number[]; keptYear: number };
  expect(out.first).toMatch(/!\[流程\]\(https:\/\/example\.com\/static\/[0-9a-f]{32}\/flow\.png\)/);
  expect(out.cachedImages).toEqual(['content/docs/tool/img/flow.png']);
  expect(out.hit).toBe(`${out.first}<!-- from cache -->`);
  expect(out.imageChanged).not.toContain('from cache');
  expect(out.imageChanged).not.toBe(out.first);
  expect(out.imageChanged?.replace(/[0-9a-f]{32}/, 'X')).toBe(out.first?.replace(/[0-9a-f]{32}/, 'X'));
  expect(out.codeChanged).toBe(out.imageChanged);
  expect(out.entries).toBe(2);
  // Written only when the text changed: the code change gave the same text as before, and so did the run after it.
  expect(out.written).toEqual([1, 1, 1, 0, 0]);
  expect(out.again).toBe(out.codeChanged);
  expect(out.keptYear).toBe(2001);
}, 60_000);

test('the Markdown versions’ fingerprint covers the code that renders Markdown versions, not the code that computes fingerprints', () => {
  const closure = importClosure(ROOT, [MARKDOWN_VERSION_CODE]);
  expect(closure).toEqual(expect.arrayContaining(['gatsby/exports/markdown-versions.ts', 'gatsby/markdown/markdown-version.ts', 'gatsby/exports/llms.ts']));
  expect(closure).not.toContain('gatsby/search/cache.ts');
  expect(closure).not.toContain('gatsby/exports/markdown-version-cache.ts');
});
