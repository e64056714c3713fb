/**
 * Runs the build's post-build search step on the page data of the build under test (public/, or
 * E2E_SITE_DIR as in ./env.ts), with the same writeSiteSearchFiles and pageDataRendered that
 * `gatsby build` calls, into a temporary folder with an empty cache, so every page has to be taken
 * from somewhere; prints how many came from page data (search-files.test.ts).
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeSiteSearchFiles } from '../../../build/search/build';
import { pageDataRendered } from '../../../build/search/gatsby';

const root = process.cwd();
const publicDir = path.resolve(root, process.env.E2E_SITE_DIR ?? 'public');
const out = mkdtempSync(path.join(os.tmpdir(), 'search-from-page-data-'));
const report = await writeSiteSearchFiles({ root, publicDir: out, cacheDir: path.join(out, 'cache'), rendered: (url) => pageDataRendered(publicDir, url) });
console.log(JSON.stringify({ out, pages: report.pages, fromPageData: report.fromBuild, rendered: report.rendered }));
