/**
 * Runs Gatsby's own compile step (compileGatsbyFiles in gatsby/dist/utils/parcel/
 * compile-gatsby-files.js, with which `gatsby build` and `gatsby develop` start: Parcel, in a
 * gatsby-worker process of its own) on the site in argv[2], and prints one JSON line: the folder
 * Gatsby names for its outputs (COMPILED_CACHE_DIR) and the files it wrote there, with the text of
 * each .js file (null for the others). A child
 * process of gatsby-internals.test.ts, and a file rather than `node -e`: gatsby-worker forks its
 * workers with the parent's Node options (process.execArgv), so an inline script runs again in
 * each worker and starts workers of its own.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const site = path.resolve(process.argv[2] ?? '.');
const require = createRequire(path.join(site, 'package.json'));
const { compileGatsbyFiles, COMPILED_CACHE_DIR } = require('gatsby/dist/utils/parcel/compile-gatsby-files.js');

await compileGatsbyFiles(site);
const compiledDir = path.join(site, COMPILED_CACHE_DIR);
const files = existsSync(compiledDir) ? readdirSync(compiledDir).sort() : [];
// Not console.log: Gatsby's reporter, loaded with the module, takes it over and wraps long lines.
process.stdout.write(`${JSON.stringify({ dir: COMPILED_CACHE_DIR, compiled: Object.fromEntries(files.map((file) => [file, file.endsWith('.js') ? readFileSync(path.join(compiledDir, file), 'utf8') : null])) })}\n`);
process.exit(0);
