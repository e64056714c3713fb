#!/usr/bin/env node
/**
 * `npm run build:grown`: a grown site — the fixture site the tests own (__tests__/site/content) plus
 * GROWN_FILES synthetic posts and docs (scripts/lib/synthetic.mjs: valid content whose text varies like
 * real writing) — built like `npm run build:prefixed` (strict, under /fomosite) into public/, its log
 * kept in .e2e/build-logs/grown.log. `npm test` builds it instead of the plain prefixed build: the
 * /fomosite e2e tests run against it (among them the search budget at this size,
 * __tests__/e2e-prefix/search-scale.test.ts), and scripts/build-phases.mjs compares its phases per
 * page with the fixture build's (docs/testing.md). The content is a copy in .e2e/grown-content, outside
 * git: the build warns that it has no history, and its pages show no “last updated”.
 */
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateContent } from './lib/synthetic.mjs';
import { record } from './build-phases.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/**
 * Synthetic files added, half posts and half docs: with their tag pages, about three times the
 * fixture build's pages, enough for work that grows with the square of the pages to stand out.
 */
const GROWN_FILES = 150;
const CONTENT = path.join(ROOT, '.e2e', 'grown-content');
const FIXTURE_CONTENT = path.join(ROOT, '__tests__/site/content');

/** Writes the grown content and builds it; resolves to the build's exit status. */
async function main() {
  rmSync(CONTENT, { recursive: true, force: true });
  cpSync(FIXTURE_CONTENT, CONTENT, { recursive: true });
  // With pictures (SVG among them) and linked files: the test of the grown build asks for each. Text
  // and pictures from the fixture site too: drawn from content/, an editor's edit there changed
  // which pictures the synthetic pages showed, and once left them without an SVG.
  const { posts, docs, pictures, attachments } = generateContent(CONTENT, GROWN_FILES, { media: true, textFrom: FIXTURE_CONTENT });
  console.log(`grown site: the fixture site's content and ${posts} synthetic posts, ${docs} synthetic docs, ${pictures} pictures, ${attachments} linked files (${path.relative(ROOT, CONTENT)})`);
  return record('grown', 'npm', ['run', '--silent', 'build:prefixed'], { SITE_CONTENT_DIR: CONTENT });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(await main());
