/**
 * Runs Gatsby's own compile step (compileGatsbyFiles in gatsby/dist/utils/parcel/
 * compile-gatsby-files.js, as `gatsby build` and `gatsby develop` start with it) on the site in
 * argv[2] and prints one JSON line: how long it took, what it wrote to .cache/compiled and whether
 * Parcel left its cache. A child process of the canary test (gatsby-internals.test.ts): without
 * the patch, Gatsby runs Parcel in a gatsby-worker process of its own.
 */
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const site = path.resolve(process.argv[2] ?? '.');
const require = createRequire(path.join(site, 'package.json'));
const { compileGatsbyFiles } = require('gatsby/dist/utils/parcel/compile-gatsby-files.js');

const started = performance.now();
await compileGatsbyFiles(site);
const ms = Math.round(performance.now() - started);
const compiledDir = path.join(site, '.cache/compiled');
// Not console.log: Gatsby's reporter, loaded with the module, takes it over and wraps long lines.
process.stdout.write(
  `${JSON.stringify({
    ms,
    compiled: existsSync(compiledDir) ? readdirSync(compiledDir).sort() : [],
    parcelCache: existsSync(path.join(site, '.cache/.parcel-cache')),
  })}\n`,
);
