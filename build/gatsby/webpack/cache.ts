/**
 * What invalidates webpack's persistent cache (.cache/webpack/stage-*), made cheap to check.
 *
 * Gatsby lists its own webpack.config.js and every plugin's gatsby-node as the cache's "build
 * dependencies", and webpack adds each loader. Webpack then follows Node's require graph from
 * those files (gatsby's runtime, Babel, graphql, lmdb, redux…: thousands of files) and resolves
 * and snapshots every one, every time it stores the cache: 6–9 s of CPU per build stage here,
 * about as much as the bundling itself, on cold builds, on CI and at every `gatsby develop` start.
 *
 * Everything on that graph is pinned by package-lock.json (node_modules) or compiled into
 * .cache/compiled/gatsby-node.js (the site's own build code, bundled by Gatsby with Parcel). So
 * the cache depends on one small JSON file instead: the sha256 of the lockfile, package.json,
 * the compiled gatsby files and the Node version. Webpack snapshots it like any build dependency:
 * when any of those changes, the cache is dropped, as before. (Hand-editing files inside
 * node_modules without changing the lockfile is no longer noticed: run `gatsby clean` then.)
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { COMPILED_GATSBY_FILES } from '../internals';

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
 * Writes the fingerprint (only when it changed, so its timestamp stays put) and returns its path.
 */
export function writeFingerprint(root: string, stage: string): string {
  const file = path.join(root, '.cache', 'webpack', `build-dependencies-${stage}.json`);
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
