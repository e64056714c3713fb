/**
 * Reads every post and doc from content/ with its frontmatter validated by the content model.
 * Used by the content check script and the jest content tests (the Gatsby build reads the
 * same files through gatsby-source-filesystem and validates them with the same functions).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { validateDoc, validatePost, ContentError, type DocFrontmatter, type PostFrontmatter } from './model';
import { docIdFromRelativePath, docPath } from '../../src/lib/docs';
import { bodyFirstLine } from '../markdown/errors';
import { postPath } from '../../src/lib/routes';
import { readContentFrontmatter } from './frontmatter';

export interface LoadedPost {
  file: string;
  dir: string;
  frontmatter: PostFrontmatter;
  body: string;
  /** The line of the file the body starts on (after the frontmatter). */
  bodyLine: number;
  path: string;
}

export interface LoadedDoc {
  file: string;
  docId: string;
  frontmatter: DocFrontmatter;
  body: string;
  /** The line of the file the body starts on (after the frontmatter). */
  bodyLine: number;
  path: string;
}

export interface LoadedContent {
  posts: LoadedPost[];
  docs: LoadedDoc[];
  errors: ContentError[];
}

function walk(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else if (/\.mdx$/.test(name)) out.push(full);
  }
  return out;
}

/** The author ids of the content folder's authors.json, or null without one (then any id is taken as written). */
export function authorIds(contentDir: string): Set<string> | null {
  const file = path.join(contentDir, 'authors.json');
  if (!existsSync(file)) return null;
  try {
    return new Set(Object.keys(JSON.parse(readFileSync(file, 'utf8')) as object));
  } catch {
    return null; // its own check names the file (gatsby/content/git-history.ts)
  }
}

/**
 * What a post's frontmatter points to must be there: each author in authors.json (`known`:
 * authorIds(); else the page shows the id as typed) and the cover image next to the post (else the
 * page silently has none). Shared by this loader (check:content, search) and the build's node
 * validation (./gatsby-node.ts).
 */
export function checkPostReferences(frontmatter: PostFrontmatter, where: { known: Set<string> | null; postDir: string }, file: string, places: Record<string, { line: number; column?: number }>): void {
  const { known } = where;
  frontmatter.authors.forEach((id, i) => {
    if (known && !known.has(id)) throw new ContentError(file, 'authors', `未知的作者“${id}”：content/authors.json 里没有这个 id（已有：${[...known].join('、')}）`, places[`authors.${i}`] ?? places.authors);
  });
  if (frontmatter.image && !existsSync(path.join(where.postDir, frontmatter.image))) {
    throw new ContentError(file, 'image', `封面图不存在：${frontmatter.image}（路径相对于文章所在的目录）`, places.image);
  }
}

/** @param contentDir the content folder (default `<root>/content`; SITE_CONTENT_DIR points elsewhere). */
export function loadContent(root: string, contentDir = path.join(root, 'content')): LoadedContent {
  const posts: LoadedPost[] = [];
  const docs: LoadedDoc[] = [];
  const errors: ContentError[] = [];
  const blogDir = path.join(contentDir, 'blog');
  const docsDir = path.join(contentDir, 'docs');
  const known = authorIds(contentDir);

  for (const file of walk(blogDir)) {
    const rel = path.relative(root, file);
    const relInBlog = path.relative(blogDir, file).split(path.sep);
    try {
      if (relInBlog.length !== 2 || relInBlog[1] !== 'index.mdx') {
        throw new ContentError(rel, 'slug', '文章必须位于 content/blog/<yyyy-mm-dd>-<slug>/index.mdx');
      }
      const raw = readFileSync(file, 'utf8');
      const parsed = readContentFrontmatter(raw, rel);
      const frontmatter = validatePost(parsed.data, rel, relInBlog[0], parsed.places);
      checkPostReferences(frontmatter, { known, postDir: path.dirname(file) }, rel, parsed.places);
      posts.push({ file: rel, dir: path.dirname(file), frontmatter, body: parsed.body, bodyLine: bodyFirstLine(raw, parsed.body), path: postPath(frontmatter.slug) });
    } catch (error) {
      errors.push(asContentError(error, rel));
    }
  }

  for (const file of walk(docsDir)) {
    const rel = path.relative(root, file);
    try {
      const raw = readFileSync(file, 'utf8');
      const parsed = readContentFrontmatter(raw, rel);
      const frontmatter = validateDoc(parsed.data, rel, parsed.places);
      const docId = docIdFromRelativePath(path.relative(docsDir, file));
      docs.push({ file: rel, docId, frontmatter, body: parsed.body, bodyLine: bodyFirstLine(raw, parsed.body), path: docPath(docId) });
    } catch (error) {
      errors.push(asContentError(error, rel));
    }
  }
  return { posts, docs, errors };
}

function asContentError(error: unknown, file: string): ContentError {
  if (error instanceof ContentError) return error;
  const message = error instanceof Error ? error.message.split('\n')[0] ?? String(error) : String(error);
  return new ContentError(file, 'frontmatter', `无法解析：${message}`);
}
