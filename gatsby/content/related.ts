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

/**
 * Related posts of every post, by slug (posts without any candidate scoring `minScore` get an
 * empty list). Each post's score against another is the cosine of their TF-IDF vectors plus
 * TAG_WEIGHT × the Jaccard overlap of their tags; the best `count` at or above `minScore` are
 * kept, ties broken by date (newer first) then slug.
 *
 * The cosines are summed over an inverted index (token → the posts holding it, with their weights),
 * so a post is compared only with the posts it shares a token or a tag with, and no list of every
 * pair is ever held: the work grows with the shared tokens, not with the square of the posts
 * (2,500 posts: well under a second instead of minutes). `countsOf` gives a post's term counts
 * (a build takes them from its cache: tokenizing is most of the work).
 */
export function relatedPosts(
  posts: readonly RelatedInput[],
  { count = RELATED_COUNT, minScore = MIN_SCORE, countsOf = (p: RelatedInput) => termCounts(relatedText(p.title, p.body)) }: { count?: number; minScore?: number; countsOf?: (post: RelatedInput) => Map<string, number> } = {},
): Map<string, RelatedLink[]> {
  const vectors = tfidfVectors(posts.map(countsOf));
  const tags = tagSets(posts);
  // Tokens as numbers; each post's vector as parallel arrays; token → the posts holding it and its weight there.
  const tokenIds = new Map<string, number>();
  const holderPosts: number[][] = [];
  const holderWeights: number[][] = [];
  const vectorIds = vectors.map((vector, i) => {
    const ids = new Int32Array(vector.size);
    let k = 0;
    for (const [token, weight] of vector) {
      let id = tokenIds.get(token);
      if (id === undefined) {
        tokenIds.set(token, (id = holderPosts.length));
        holderPosts.push([]);
        holderWeights.push([]);
      }
      (holderPosts[id] as number[]).push(i);
      (holderWeights[id] as number[]).push(weight);
      ids[k++] = id;
    }
    return ids;
  });
  const vectorWeights = vectors.map((vector) => Float64Array.from(vector.values()));
  const byTag = new Map<string, number[]>();
  tags.forEach((set, i) => {
    for (const tag of set) {
      const list = byTag.get(tag);
      if (list) list.push(i);
      else byTag.set(tag, [i]);
    }
  });

  const cosines = new Float64Array(posts.length);
  const seen = new Int32Array(posts.length).fill(-1);
  const candidates = new Int32Array(posts.length);
  const result = new Map<string, RelatedLink[]>();
  // Best first: higher score, then newer, then slug.
  const before = (a: { post: RelatedInput; score: number }, b: { post: RelatedInput; score: number }) => b.score - a.score || b.post.date.localeCompare(a.post.date) || a.post.slug.localeCompare(b.post.slug);
  posts.forEach((post, i) => {
    let met = 0;
    const meet = (j: number) => {
      if (seen[j] === i) return;
      seen[j] = i;
      cosines[j] = 0;
      candidates[met++] = j;
    };
    const ids = vectorIds[i] as Int32Array;
    const weights = vectorWeights[i] as Float64Array;
    for (let t = 0; t < ids.length; t += 1) {
      const holders = holderPosts[ids[t] as number] as number[];
      const holderWeight = holderWeights[ids[t] as number] as number[];
      const weight = weights[t] as number;
      for (let k = 0; k < holders.length; k += 1) {
        const j = holders[k] as number;
        if (seen[j] !== i) meet(j);
        cosines[j] = (cosines[j] as number) + weight * (holderWeight[k] as number);
      }
    }
    for (const tag of tags[i] as Set<string>) for (const j of byTag.get(tag) ?? []) meet(j);
    // Scoring nothing, a post that shares neither can only be kept when no minimum is asked for.
    if (minScore <= 0) posts.forEach((_, j) => meet(j));
    // The best `count`, kept in order as the candidates go by (no list of every candidate).
    const best: Array<{ post: RelatedInput; score: number }> = [];
    for (let c = 0; c < met; c += 1) {
      const j = candidates[c] as number;
      const other = posts[j] as RelatedInput;
      if (j === i || !other.listed || (post.series && other.series === post.series)) continue;
      const entry = { post: other, score: (cosines[j] as number) + TAG_WEIGHT * tagOverlap(tags[i] as Set<string>, tags[j] as Set<string>) };
      if (entry.score < minScore || (best.length === count && before(entry, best[count - 1] as typeof entry) >= 0)) continue;
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
