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

function cosine(a: Vector, b: Vector): number {
  const [small, large] = a.size < b.size ? [a, b] : [b, a];
  let sum = 0;
  for (const [token, weight] of small) sum += weight * (large.get(token) ?? 0);
  return sum;
}

function tagOverlap(a: readonly string[], b: readonly string[]): number {
  const left = new Set(a.map((t) => t.toLowerCase()));
  const right = new Set(b.map((t) => t.toLowerCase()));
  const shared = [...left].filter((t) => right.has(t)).length;
  const union = new Set([...left, ...right]).size;
  return union ? shared / union : 0;
}

/** Every candidate of every post with its score, best first (what relatedPosts picks from). */
export function relatedScores(posts: readonly RelatedInput[]): Map<string, Array<{ post: RelatedInput; score: number }>> {
  const vectors = tfidfVectors(posts.map((p) => termCounts(relatedText(p.title, p.body))));
  const result = new Map<string, Array<{ post: RelatedInput; score: number }>>();
  posts.forEach((post, i) => {
    const scored = posts
      .map((other, j) => ({ post: other, score: cosine(vectors[i] as Vector, vectors[j] as Vector) + TAG_WEIGHT * tagOverlap(post.tags, other.tags) }))
      .filter(({ post: other }) => other !== post && other.listed && !(post.series && other.series === post.series))
      .sort((a, b) => b.score - a.score || b.post.date.localeCompare(a.post.date) || a.post.slug.localeCompare(b.post.slug));
    result.set(post.slug, scored);
  });
  return result;
}

/** Related posts of every post, by slug (posts without any candidate scoring MIN_SCORE get an empty list). */
export function relatedPosts(posts: readonly RelatedInput[], count = RELATED_COUNT, minScore = MIN_SCORE): Map<string, RelatedLink[]> {
  const result = new Map<string, RelatedLink[]>();
  for (const [slug, scored] of relatedScores(posts)) {
    result.set(
      slug,
      scored
        .filter(({ score }) => score >= minScore)
        .slice(0, count)
        .map(({ post }) => ({ title: post.title, path: post.path, date: post.date })),
    );
  }
  return result;
}
