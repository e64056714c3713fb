/**
 * Related posts, chosen at build time: up to three other published posts for each post, by the
 * similarity of their text (TF-IDF over the tokens the site search's tokenizer extracts,
 * src/lib/search/tokenize.ts, compared by cosine) plus the tags they share. A post's own series
 * is left out (the series box lists it). Pure and deterministic: the same posts give the same
 * choice in every build, ties broken by date then slug.
 */
import { normalizeText } from '../../src/lib/search/normalize';
import { tokenize } from '../../src/lib/search/tokenize';
import type { RelatedLink } from '../../src/lib/routes';

export interface RelatedInput {
  slug: string;
  path: string;
  title: string;
  date: string;
  tags: readonly string[];
  series?: string;
  /** The post's body as written (Markdown/MDX). */
  body: string;
  /** Shown in lists (not a draft, not unlisted): only these are suggested. */
  listed: boolean;
}

export const RELATED_COUNT = 3;
/** Weight of the tags two posts share (Jaccard of their tag sets) next to the text's cosine (0…1). */
export const TAG_WEIGHT = 0.3;
/** Below this score a post is not suggested at all: no filler. */
export const MIN_SCORE = 0.12;

/** The text a post's words are taken from: its title (twice: it names the subject) and body, without addresses. */
export function relatedText(title: string, body: string): string {
  return `${title}\n${title}\n${body}`
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/<[^>]+>/g, ' ');
}

/** Lone characters (的, 和) and one-letter parts say nothing about a subject (the search engine also leaves them out of body text). */
const meaningful = (token: string) => [...token].length > 1;

/**
 * How often each token occurs, counted per sentence (a token a sentence repeats counts once):
 * the search tokenizer deduplicates within the text it is given.
 */
export function termCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const sentence of normalizeText(text).split(/[。！？；\n]+/)) {
    for (const token of tokenize(sentence)) if (meaningful(token)) counts.set(token, (counts.get(token) ?? 0) + 1);
  }
  return counts;
}

type Vector = Map<string, number>;

function tfidfVectors(docs: ReadonlyArray<Map<string, number>>): Vector[] {
  const df = new Map<string, number>();
  for (const counts of docs) for (const token of counts.keys()) df.set(token, (df.get(token) ?? 0) + 1);
  const n = docs.length;
  return docs.map((counts) => {
    const vector: Vector = new Map();
    let norm = 0;
    for (const [token, tf] of counts) {
      const d = df.get(token) ?? 0;
      // A token of one post only cannot relate two posts; one in most posts says nothing.
      if (d < 2 || d > n / 2) continue;
      const weight = (1 + Math.log(tf)) * Math.log(n / d);
      vector.set(token, weight);
      norm += weight * weight;
    }
    norm = Math.sqrt(norm) || 1;
    for (const [token, weight] of vector) vector.set(token, weight / norm);
    return vector;
  });
}

/** Each post's tags, lower-cased, for the Jaccard overlap. */
const tagSets = (posts: readonly RelatedInput[]) => posts.map((p) => new Set(p.tags.map((t) => t.toLowerCase())));

function tagOverlap(left: ReadonlySet<string>, right: ReadonlySet<string>): number {
  let shared = 0;
  for (const tag of left) if (right.has(tag)) shared += 1;
  const union = left.size + right.size - shared;
  return union ? shared / union : 0;
}

/** Adds to `cosines[j]` the product of each of a post's token weights with post j's weight for that token. */
function sumProducts(cosines: Float64Array, ids: Int32Array, weights: Float64Array, start: Int32Array, holderPosts: Int32Array, holderWeights: Float64Array): void {
  for (let t = 0; t < ids.length; t += 1) {
    const token = ids[t] as number;
    const weight = weights[t] as number;
    const end = start[token + 1] as number;
    for (let k = start[token] as number; k < end; k += 1) {
      const j = holderPosts[k] as number;
      cosines[j] = (cosines[j] as number) + weight * (holderWeights[k] as number);
    }
  }
}

/**
 * Related posts of every post, by slug (posts without any candidate scoring `minScore` get an
 * empty list). Each post's score against another is the cosine of their TF-IDF vectors plus
 * TAG_WEIGHT × the Jaccard overlap of their tags; the best `count` at or above `minScore` are
 * kept, ties broken by date (newer first) then slug.
 *
 * The cosines are summed over an inverted index (token → the posts holding it, with their weights,
 * in flat typed arrays), so no list of every pair is ever held; each post's sums go into one array
 * of a number per post, read once when its best are chosen. The work grows with the sum over tokens
 * of (posts holding it)², which is what a token shared by many posts costs; on a large synthetic
 * site the products are a large part of the time (figures: docs/decisions/build-at-scale.md).
 * `countsOf` gives a post's term counts (a build takes them from its cache: tokenizing is most of
 * the work).
 */
export function relatedPosts(
  posts: readonly RelatedInput[],
  { count = RELATED_COUNT, minScore = MIN_SCORE, countsOf = (p: RelatedInput) => termCounts(relatedText(p.title, p.body)) }: { count?: number; minScore?: number; countsOf?: (post: RelatedInput) => Map<string, number> } = {},
): Map<string, RelatedLink[]> {
  const vectors = tfidfVectors(posts.map(countsOf));
  const tags = tagSets(posts);
  // Tokens as numbers, in the order the posts first hold them.
  const tokenIds = new Map<string, number>();
  const holderCounts: number[] = [];
  for (const vector of vectors) {
    for (const token of vector.keys()) {
      const id = tokenIds.get(token);
      if (id === undefined) {
        tokenIds.set(token, holderCounts.length);
        holderCounts.push(1);
      } else holderCounts[id] = (holderCounts[id] as number) + 1;
    }
  }
  // Token t's holders are holderPosts[start[t] … start[t + 1]), in post order, with their weights.
  const start = new Int32Array(holderCounts.length + 1);
  holderCounts.forEach((n, t) => (start[t + 1] = (start[t] as number) + n));
  const holderPosts = new Int32Array(start[holderCounts.length] as number);
  const holderWeights = new Float64Array(holderPosts.length);
  const filled = start.slice(0, holderCounts.length);
  // Each post's own tokens and weights, in its vector's order (the order its products are summed in).
  const postTokens: Int32Array[] = [];
  const postWeights: Float64Array[] = [];
  vectors.forEach((vector, i) => {
    const ids = new Int32Array(vector.size);
    const weights = new Float64Array(vector.size);
    let k = 0;
    for (const [token, weight] of vector) {
      const id = tokenIds.get(token) as number;
      const at = (filled[id] as number) + 0;
      filled[id] = at + 1;
      holderPosts[at] = i;
      holderWeights[at] = weight;
      ids[k] = id;
      weights[k++] = weight;
    }
    postTokens.push(ids);
    postWeights.push(weights);
  });
  const byTag = new Map<string, number[]>();
  tags.forEach((set, i) => {
    for (const tag of set) {
      const list = byTag.get(tag);
      if (list) list.push(i);
      else byTag.set(tag, [i]);
    }
  });

  const cosines = new Float64Array(posts.length);
  const tagScores = new Float64Array(posts.length);
  const result = new Map<string, RelatedLink[]>();
  // Best first: higher score, then newer, then slug.
  const before = (a: { post: RelatedInput; score: number }, b: { post: RelatedInput; score: number }) => b.score - a.score || b.post.date.localeCompare(a.post.date) || a.post.slug.localeCompare(b.post.slug);
  posts.forEach((post, i) => {
    cosines.fill(0);
    tagScores.fill(0);
    sumProducts(cosines, postTokens[i] as Int32Array, postWeights[i] as Float64Array, start, holderPosts, holderWeights);
    const own = tags[i] as Set<string>;
    for (const tag of own) for (const j of byTag.get(tag) ?? []) tagScores[j] = TAG_WEIGHT * tagOverlap(own, tags[j] as Set<string>);
    // The best `count`, kept in order as the posts go by (no list of every candidate).
    const best: Array<{ post: RelatedInput; score: number }> = [];
    for (let j = 0; j < posts.length; j += 1) {
      const other = posts[j] as RelatedInput;
      if (j === i || !other.listed || (post.series && other.series === post.series)) continue;
      const score = (cosines[j] as number) + (tagScores[j] as number);
      if (score < minScore) continue;
      const entry = { post: other, score };
      if (best.length === count && before(entry, best[count - 1] as typeof entry) >= 0) continue;
      let at = best.length;
      while (at > 0 && before(entry, best[at - 1] as typeof entry) < 0) at -= 1;
      best.splice(at, 0, entry);
      if (best.length > count) best.pop();
    }
    result.set(
      post.slug,
      best.map(({ post: other }) => ({ title: other.title, path: other.path, date: other.date })),
    );
  });
  return result;
}
