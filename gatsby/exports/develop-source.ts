/** Where develop's Markdown versions come from (gatsby/exports/develop.ts): the page's Mdx node and file. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Node } from 'gatsby';
import { docPath } from '../../src/lib/docs';
import { bodyFirstLine } from '../markdown/errors';
import { postPath } from '../../src/lib/routes';
import type { BuiltSite } from '../built-site';
import type { MarkdownVersionSource } from './markdown-versions';
import { seriesOf } from '../built-site';

type GetNode = (id: string) => Node | undefined;

/** The source of a post's or doc's Markdown version, from its Mdx node and file (as the build's MarkdownVersionSources query gives it). */
export function markdownVersionSourceOf(pagePath: string, site: Pick<BuiltSite, 'posts' | 'docs' | 'lastUpdated'> & Partial<Pick<BuiltSite, 'plan'>>, getNode: GetNode): MarkdownVersionSource | null {
  const post = site.posts.find((p) => postPath(p.slug) === pagePath);
  const entry = post ?? site.docs.find((d) => docPath(d.docId) === pagePath);
  if (!entry) return null;
  const node = getNode(entry.id) as (Node & { body?: string; frontmatter?: { image?: unknown } }) | undefined;
  const file = node?.parent ? (getNode(node.parent) as (Node & { absolutePath?: string }) | undefined) : undefined;
  if (!node || !file?.absolutePath) return null;
  // Only posts show a cover (the frontmatter image, relative to the post's folder).
  const image = post ? node.frontmatter?.image : undefined;
  const cover = typeof image === 'string' ? path.resolve(path.dirname(file.absolutePath), image) : undefined;
  const body = node.body ?? '';
  // As the build's markdownInputs: errors name the file's own line; the page's last-updated line.
  const firstLine = bodyFirstLine(readFileSync(file.absolutePath, 'utf8'), body);
  return {
    path: pagePath,
    file: entry.file,
    absolutePath: file.absolutePath,
    title: entry.title,
    body,
    firstLine,
    cover,
    lastUpdated: site.lastUpdated.get(pagePath),
    series: site.plan ? seriesOf(site.plan, pagePath) : undefined,
  };
}
