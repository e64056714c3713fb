/**
 * `gatsby build` cuts the search sections from the HTML its page queries rendered (page-data.json,
 * the post-build step in gatsby/search/gatsby-node.ts) instead of rendering every page again. Two
 * checks on the build under test (support/env.ts): that step, run on this build's page data,
 * finds a rendered body for every page and writes exactly the files the build wrote; and those
 * files equal the ones rendered from every page's source (what `gatsby develop` does).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { FIXTURE_CONTENT_DIR, SITE_DIR } from './support/env';
import { spawnScript } from '../support/script';

const ROOT = path.resolve(__dirname, '../..');

function run<T>(script: string, ...args: string[]): T {
  const child = spawnScript([path.join(__dirname, 'support', script), ...args], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, SITE_CONTENT_DIR: FIXTURE_CONTENT_DIR } });
  if (child.status !== 0) throw new Error(child.stderr);
  return JSON.parse(child.stdout.trim().split('\n').pop() as string) as T;
}

const sameFiles = (out: string) => {
  for (const name of ['index.json', 'store.json']) expect([name, readFileSync(path.join(out, 'search', name), 'utf8')]).toEqual([name, readFileSync(path.join(SITE_DIR, 'search', name), 'utf8')]);
  // The pieces, under the build's folder the manifests name (its id hashes every piece).
  const { build } = JSON.parse(readFileSync(path.join(out, 'search', 'index.json'), 'utf8')) as { build: string };
  const pieces = readdirSync(path.join(SITE_DIR, 'search', build)).sort();
  expect(readdirSync(path.join(out, 'search', build)).sort()).toEqual(pieces);
  for (const name of pieces) expect([name, readFileSync(path.join(out, 'search', build, name), 'utf8')]).toEqual([name, readFileSync(path.join(SITE_DIR, 'search', build, name), 'utf8')]);
};

test('the build’s search step takes every page’s sections from its page data, and writes the build’s files', () => {
  const { out, pages, fromPageData, rendered } = run<{ out: string; pages: number; fromPageData: number; rendered: number }>('search-from-page-data.mts', SITE_DIR);
  expect(pages).toBeGreaterThan(50);
  expect({ fromPageData, rendered }).toEqual({ fromPageData: pages, rendered: pages });
  sameFiles(out);
}, 120_000);

test('the search files of the build equal those rendered from every page’s source', () => {
  const { out, rendered } = run<{ out: string; rendered: number }>('search-from-source.mts');
  expect(rendered).toBeGreaterThan(50);
  sameFiles(out);
}, 120_000);
