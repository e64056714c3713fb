/**
 * Gatsby's cache is dropped when the build code changed since it was made (fingerprint.ts says
 * why Gatsby itself does not notice). Gatsby's own remedy is used: right after onPreInit it
 * treats a cache without public/ as incomplete and deletes it (keeping the compiled gatsby files
 * and the webpack caches), so onPreInit removes public/ when the cache is stale; the fingerprint
 * of the code that makes the new cache is written once Gatsby has settled its cache
 * (onPreBootstrap). `gatsby build` and `gatsby develop` alike.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildSync } from 'esbuild';
import type { GatsbyNode } from 'gatsby';
import { GATSBY_NODE_STORE_DIR, GATSBY_PUBLIC_DIR, siteDirectory } from '../internals';
import { buildCodeFingerprint, cacheIsStale } from './fingerprint';

/** Where the fingerprint of the code that made Gatsby's cache is kept: inside that cache. */
export const FINGERPRINT_FILE = '.cache/site-build-code.txt';

const readText = (file: string): string | null => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
};

/**
 * The packages the build code runs with: Gatsby hashes package.json, not the lockfile, so a package
 * that only the lockfile pins (micromark under remark, say) would change unseen.
 */
export const LOCKFILE = 'package-lock.json';

/** The site's files Gatsby compiles (its pattern `gatsby-+(node|config).ts`): where the build code starts. */
export const BUILD_CODE_ENTRIES = ['gatsby-node.ts', 'gatsby-config.ts'];

/**
 * The site's files the entries import, at any depth, packages left out: the graph Gatsby bundles,
 * listed by esbuild (its metafile, nothing written: cheap enough for every start). Null when it
 * cannot be read (a syntax error: Gatsby's own compile reports it).
 */
export function buildCodeFiles(site: string): string[] | null {
  const entryPoints = BUILD_CODE_ENTRIES.filter((file) => existsSync(path.join(site, file)));
  try {
    const { metafile } = buildSync({ absWorkingDir: site, entryPoints, outdir: 'unwritten', bundle: true, write: false, packages: 'external', platform: 'node', metafile: true, logLevel: 'silent' });
    return Object.keys(metafile.inputs).sort();
  } catch {
    return null;
  }
}

/** The fingerprint of the build code as it is now, with the packages it runs on (a site without a lockfile: the code alone). */
export function currentFingerprint(site: string): string | null {
  const files = buildCodeFiles(site);
  if (!files) return null;
  return buildCodeFingerprint([...files.map((file): [string, string | null] => [file, readText(path.join(site, file))]), [LOCKFILE, readText(path.join(site, LOCKFILE)) ?? '']]);
}

/** What onPreInit found, for onPreBootstrap of the same start (the graph is read once per start). */
let thisStart: { site: string; print: string | null } | null = null;

export const onPreInit: GatsbyNode['onPreInit'] = ({ store, reporter }) => {
  const site = siteDirectory(store);
  const stored = readText(path.join(site, FINGERPRINT_FILE))?.trim() || null;
  thisStart = { site, print: currentFingerprint(site) };
  const state = { current: thisStart.print, stored, hasCache: existsSync(path.join(site, GATSBY_NODE_STORE_DIR)) };
  if (!cacheIsStale(state)) return;
  reporter.info(
    `${stored ? '构建代码（gatsby/ 和它引用的 src/ 模块）或锁文件在上次构建之后改过' : 'Gatsby 的缓存没有记下生成它的构建代码'}：缓存里的节点、查询结果和 HTML 可能出自别的代码，不能沿用。` +
      `删除 ${GATSBY_PUBLIC_DIR}/，Gatsby 随即清掉缓存，这次完整构建`,
  );
  rmSync(path.join(site, GATSBY_PUBLIC_DIR), { recursive: true, force: true });
};

export const onPreBootstrap: GatsbyNode['onPreBootstrap'] = ({ store }) => {
  const site = siteDirectory(store);
  const current = thisStart?.site === site ? thisStart.print : currentFingerprint(site);
  thisStart = null;
  if (current && readText(path.join(site, FINGERPRINT_FILE))?.trim() !== current) writeFileSync(path.join(site, FINGERPRINT_FILE), `${current}\n`);
};
