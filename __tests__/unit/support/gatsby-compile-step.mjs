/**
 * Runs Gatsby's own compile step (compileGatsbyFiles in gatsby/dist/utils/parcel/
 * compile-gatsby-files.js, as `gatsby build` and `gatsby develop` start with it) on the site in
 * argv[2] and prints one JSON line: how long it took, what it wrote to .cache/compiled, whether
 * Parcel left its cache, whether any of Parcel's packages was loaded into this process by then, and
 * what constructParcel (for sites that still need Parcel) makes afterwards. A child
 * process of the canary test (gatsby-internals.test.ts): without the patch, Gatsby loads Parcel
 * with the module and runs it in a gatsby-worker process of its own.
 */
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const site = path.resolve(process.argv[2] ?? '.');
const require = createRequire(path.join(site, 'package.json'));
const { compileGatsbyFiles, constructParcel } = require('gatsby/dist/utils/parcel/compile-gatsby-files.js');

const started = performance.now();
await compileGatsbyFiles(site);
const ms = Math.round(performance.now() - started);
const compiledDir = path.join(site, '.cache/compiled');
const parcelLoaded = Object.keys(require.cache).some((file) => file.includes(`${path.sep}@parcel${path.sep}`));
// Parcel is still there for the sites that need it (constructParcel loads it now).
const parcelConstructed = constructParcel(site, undefined).constructor.name;
// Not console.log: Gatsby's reporter, loaded with the module, takes it over and wraps long lines.
process.stdout.write(
  `${JSON.stringify({
    ms,
    compiled: existsSync(compiledDir) ? readdirSync(compiledDir).sort() : [],
    parcelCache: existsSync(path.join(site, '.cache/.parcel-cache')),
    parcelLoaded,
    parcelConstructed,
  })}\n`,
);
