/**
 * Markdown versions of unchanged pages are taken from Gatsby's .cache (gatsby clean empties it): keyed by each
 * page's inputs and the fingerprint of the code that writes Markdown versions (every file markdown-versions.ts reaches
 * through relative imports, the lockfile, Node's version: gatsby/code-fingerprint.ts). A module of its
 * own so that markdown-versions.ts does not import the fingerprint's code, which would enter its own fingerprint.
 */
import path from 'node:path';
import { jsonCache } from '../cache';
import { rendererFingerprint } from '../code-fingerprint';
import type { CachedMarkdownVersion, MarkdownVersionCache } from './markdown-versions';

/** The file markdown-versions.ts's fingerprint starts from. */
export const MARKDOWN_VERSION_CODE = 'gatsby/exports/markdown-versions.ts';

export function markdownVersionCache(): MarkdownVersionCache {
  return { entries: jsonCache<CachedMarkdownVersion>(path.resolve('.cache/markdown-versions')), fingerprint: rendererFingerprint(path.resolve('.'), [MARKDOWN_VERSION_CODE]) };
}
