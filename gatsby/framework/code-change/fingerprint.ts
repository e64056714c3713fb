/**
 * Whether Gatsby's cache was made by the build code that runs now. Gatsby keeps its cache (nodes
 * with the fields onCreateNode gave them, page query results, HTML) when a start finds the same
 * "plugins hash" as the last one, and that hash reads the root gatsby-config and gatsby-node files
 * but none of the modules they import (gatsby/framework/internals.ts, GATSBY_CACHE_HASH_INPUTS).
 * Here gatsby-node.ts only wires: a change to how a page renders (gatsby/markdown) or to a slug
 * rule (gatsby/content) left every page that did not change itself with what the old code made.
 * The build code is every site file gatsby-node and gatsby-config import, at any depth: their
 * contents, with the lockfile, are its fingerprint.
 */
import { createHash } from 'node:crypto';

/** One hash of the build code's files (path and text each, in a fixed order); null when one is missing: no fingerprint. */
export function buildCodeFingerprint(files: ReadonlyArray<[string, string | null]>): string | null {
  const hash = createHash('sha256');
  for (const [file, text] of files) {
    if (text === null) return null;
    hash.update(`\0${file}\0`).update(text);
  }
  return hash.digest('hex').slice(0, 32);
}

export interface CacheState {
  /** The fingerprint this start compiled (null: unknown, e.g. the compiled files are elsewhere). */
  current: string | null;
  /** The fingerprint written by the start that made the cache (null: none written). */
  stored: string | null;
  /** Whether Gatsby has a cache to keep (its node store). */
  hasCache: boolean;
}

/**
 * Whether the cache must go: it exists and was made by other build code, or by code that wrote no
 * fingerprint (a cache older than this check, or restored from elsewhere): it cannot be trusted.
 */
export function cacheIsStale({ current, stored, hasCache }: CacheState): boolean {
  return hasCache && current !== null && stored !== current;
}
