/**
 * Runs the build's post-build search step on the page data of the build in the folder given as
 * its argument (search-files.test.ts passes the build under test), with the same
 * writeSiteSearchFiles and pageDataRendered that `gatsby build` calls, into a temporary folder
 * with an empty cache, so every page has to be taken from somewhere; prints how many came from
 * page data.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeSiteSearchFiles } from '../../../gatsby/search/build';
import { pageDataRendered } from '../../../gatsby/search/page-data';

const root = process.cwd();
const publicDir = process.argv[2];
if (!publicDir) throw new Error('usage: search-from-page-data.mts <build folder>');
const out = mkdtempSync(path.join(os.tmpdir(), 'search-from-page-data-'));
const report = await writeSiteSearchFiles({ root, contentDir: process.env.SITE_CONTENT_DIR, publicDir: out, cacheDir: path.join(out, 'cache'), rendered: (url) => pageDataRendered(publicDir, url) });
console.log(JSON.stringify({ out, pages: report.pages, fromPageData: report.fromBuild, rendered: report.rendered }));
