/**
 * Twins of unchanged pages are taken from Gatsby's .cache (gatsby clean empties it): keyed by each
 * page's inputs and the fingerprint of the code that writes twins (every file markdown-versions.ts reaches
 * through relative imports, the lockfile, Node's version: gatsby/code-fingerprint.ts). A module of its
 * own so that markdown-versions.ts does not import the fingerprint's code, which would enter its own fingerprint.
 */
import path from 'node:path';
import { jsonCache } from '../cache';
import { rendererFingerprint } from '../code-fingerprint';
import type { CachedTwin, TwinCache } from './markdown-versions';

/** The file markdown-versions.ts's fingerprint starts from. */
export const TWIN_CODE = 'gatsby/exports/markdown-versions.ts';

export function twinCache(): TwinCache {
  return { entries: jsonCache<CachedTwin>(path.resolve('.cache/twins')), fingerprint: rendererFingerprint(path.resolve('.'), [TWIN_CODE]) };
}
