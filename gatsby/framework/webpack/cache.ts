/**
 * What invalidates webpack's persistent cache (.cache/webpack/stage-*), made cheap to check.
 *
 * Gatsby lists its own webpack.config.js and every plugin's gatsby-node as the cache's "build
 * dependencies", and webpack adds each loader. Webpack then follows Node's require graph from
 * those files (gatsby's runtime, Babel, graphql, lmdb, redux…: thousands of files) and resolves
 * and snapshots every one, every time it stores the cache: about as much CPU as the bundling
 * itself (figures: docs/gatsby.md), on cold builds, on CI and at every `gatsby develop` start.
 *
 * Everything on that graph is pinned by package-lock.json (node_modules) or compiled into
 * .cache/compiled/gatsby-node.js (the site's own build code, bundled there by Gatsby with Parcel).
 * So the cache depends on one small JSON file instead: the sha256 of the lockfile, package.json,
 * the compiled gatsby files and the Node version. Webpack snapshots it like any build dependency:
 * when any of those changes, the cache is dropped, as before. (Hand-editing files inside
 * node_modules without changing the lockfile is no longer noticed: run `npm run clean:all` then.)
 *
 * Where the caches live (webpackCacheDir): the build stages' in .cache/webpack, where Gatsby puts
 * them; `gatsby develop`'s two in the build cache (gatsby/cache.ts), which `gatsby clean` leaves.
 * A start after `gatsby clean` then restores both bundles instead of compiling them from nothing
 * (about half of such a start: docs/decisions/build-cache.md). This is the trust Gatsby itself gives webpack's cache:
 * when Gatsby finds its plugins or config changed it empties .cache but keeps .cache/webpack,
 * because webpack checks every module, resolution and build dependency against its snapshot at
 * each start (by content hash in develop, see develop.ts's DEVELOP_SNAPSHOT). Production builds
 * keep theirs in .cache: what readers get never depends on a cache `gatsby clean` left behind.
 * `npm run clean:all` removes develop's too. The folder is named by a hash of the project's
 * directory: webpack's cache holds absolute paths, so two checkouts sharing one SITE_BUILD_CACHE
 * each keep their own instead of replacing each other's at every start.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { COMPILED_GATSBY_FILES, type WebpackStage } from '../internals';
import { DEVELOP_STAGES } from './develop';

/** The fingerprint's text: one sha256 per input file (missing files count as missing). */
export function fingerprint(root: string, files: string[], extra: Record<string, string>): string {
  const hashes: Record<string, string> = {};
  for (const file of files) {
    const full = path.join(root, file);
    hashes[file] = existsSync(full) ? createHash('sha256').update(readFileSync(full)).digest('hex') : 'missing';
  }
  return `${JSON.stringify({ ...extra, files: hashes }, null, 2)}\n`;
}

/** The files whose content decides whether a webpack cache built before is still valid. */
export const FINGERPRINT_FILES = ['package-lock.json', 'package.json', ...COMPILED_GATSBY_FILES];

/**
 * The folder of a stage's webpack cache and its fingerprint (see above): the build stages' where
 * Gatsby put it (`gatsbyDir`, from its own cacheLocation), develop's in the build cache.
 */
export function webpackCacheDir(root: string, stage: WebpackStage, gatsbyDir: string, buildCache: string): string {
  if (!DEVELOP_STAGES.includes(stage)) return gatsbyDir;
  const project = createHash('sha256').update(path.resolve(root)).digest('hex').slice(0, 16);
  return path.join(buildCache, 'webpack-develop', project);
}

/**
 * Writes the fingerprint into the stage's cache folder (only when it changed, so its timestamp
 * stays put) and returns its path.
 */
export function writeFingerprint(root: string, stage: WebpackStage, dir: string): string {
  const file = path.join(dir, `build-dependencies-${stage}.json`);
  const text = fingerprint(root, FINGERPRINT_FILES, { stage, node: process.versions.node });
  mkdirSync(path.dirname(file), { recursive: true });
  if (!existsSync(file) || readFileSync(file, 'utf8') !== text) writeFileSync(file, text);
  return file;
}

interface BuildDependencySet {
  clear(): void;
  add(item: string): unknown;
}

interface CompilerLike {
  hooks: { afterCompile: { tap(name: string, fn: (compilation: { buildDependencies: BuildDependencySet }) => void): void } };
}

/**
 * A webpack plugin: once a compilation is done, its build dependencies (Gatsby's config file,
 * plugins, loaders) are replaced by the fingerprint file, before webpack stores them.
 */
export class FingerprintBuildDependencies {
  constructor(private readonly file: string) {}

  apply(compiler: CompilerLike): void {
    compiler.hooks.afterCompile.tap('FingerprintBuildDependencies', (compilation) => {
      compilation.buildDependencies.clear();
      compilation.buildDependencies.add(this.file);
    });
  }
}
