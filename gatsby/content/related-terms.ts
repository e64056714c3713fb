/**
 * Each post's term counts for related posts (gatsby/content/related.ts), kept in Gatsby's .cache by
 * the post's title and text (and the code that counts them): tokenizing is most of the work of
 * choosing related posts (figures: docs/decisions/build-at-scale.md). A build starts filling the
 * cache on a worker thread before Gatsby reads the content (gatsby/content/related-terms-worker.ts),
 * so that by createPages the posts' counts are there to read; any post it missed is counted then.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { jsonCache } from '../cache';
import { rendererFingerprint } from '../code-fingerprint';
import { relatedText, termCounts } from './related';
import { runOnWorkerThread } from '../worker-thread';

export interface RelatedTerms {
  /** The post's term counts: from the cache, or counted now and kept. */
  countsOf(post: { title: string; body: string }): Map<string, number>;
  /** Counts the post and keeps its counts unless they are kept already; true when it counted. */
  fill(post: { title: string; body: string }): boolean;
  /** Posts counted by this instance, and posts whose counts it read from the cache. */
  stats(): { counted: number; reused: number };
}

export const relatedTermsDir = (root: string) => path.join(root, '.cache', 'related-terms');

export function relatedTerms(root = path.resolve('.'), dir = relatedTermsDir(root)): RelatedTerms {
  const cache = jsonCache<Array<[string, number]>>(dir);
  let counted = 0;
  let reused = 0;
  const fingerprint = rendererFingerprint(root, ['gatsby/content/related.ts']);
  const keyOf = ({ title, body }: { title: string; body: string }) => createHash('sha256').update(fingerprint).update('\0').update(title).update('\0').update(body).digest('hex').slice(0, 32);
  const count = (post: { title: string; body: string }, key: string) => {
    const counts = termCounts(relatedText(post.title, post.body));
    cache.set(key, [...counts]);
    counted += 1;
    return counts;
  };
  return {
    countsOf(post) {
      const key = keyOf(post);
      const cached = cache.get(key);
      if (!cached) return count(post, key);
      reused += 1;
      return new Map(cached);
    },
    fill(post) {
      const key = keyOf(post);
      if (cache.get(key)) return false;
      count(post, key);
      return true;
    },
    stats: () => ({ counted, reused }),
  };
}

/** The counting on its thread: resolves to why it stopped, if it did. */
let filling: Promise<string | undefined> | undefined;

/** Starts counting every post of the content folder on a worker thread (the build's second core is idle while Gatsby sources). */
export function startCountingRelatedTerms(contentDir: string): void {
  const root = path.resolve('.');
  filling = runOnWorkerThread('gatsby/content/related-terms-worker.ts', { root, contentDir, dir: relatedTermsDir(root) }).then(
    () => undefined,
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );
}

/**
 * Waits for the counting started by startCountingRelatedTerms, if any. What it did not count is
 * counted when read, so a failure costs only time; it resolves to the failure's message for the build log.
 */
export async function relatedTermsCounted(): Promise<string | undefined> {
  return filling;
}
