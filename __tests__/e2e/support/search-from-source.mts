/**
 * Builds the search files by rendering every page from its source (what `gatsby develop` does),
 * into a temporary folder, and prints its path (search-files.test.ts compares them with the
 * ones `gatsby build` cut from its page data).
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeSiteSearchFiles } from '../../../gatsby/search/build';

const out = mkdtempSync(path.join(os.tmpdir(), 'search-from-source-'));
const report = await writeSiteSearchFiles({ root: process.cwd(), contentDir: process.env.SITE_CONTENT_DIR, publicDir: out, cacheDir: path.join(out, 'cache') });
console.log(JSON.stringify({ out, rendered: report.rendered, fromBuild: report.fromBuild }));
