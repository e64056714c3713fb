/**
 * createPages: the content (gatsby/content/gatsby-node.ts) → the site plan (src/lib/routes.ts, pure) →
 * one createPage per planned page. What was planned is kept for the post-build pass
 * (gatsby/built-site.ts): feeds, sitemap, Markdown versions and the link report need no second query.
 */
import path from 'node:path';
import type { CreatePagesArgs, GatsbyNode } from 'gatsby';
import authors from '../../content/authors.json';
import { siteConfig, toolNameForKey } from '../../src/config/site';
import { issueUrl, repositoryOf } from '../../src/lib/report-issue';
import { encodePath } from '../../src/lib/url-path';
import { breadcrumbJsonLd } from '../../src/lib/breadcrumbs';
import { assertUniqueSlugs } from '../content/model';
import { docPath } from '../../src/lib/docs';
import { duplicatePaths, planSite, postPath, type DocEntry, type PagePlan, type PostEntry } from '../../src/lib/routes';
import { developErrors } from '../markdown/develop-errors';
import { contentDir } from '../content/dir';
import { collectedContentErrors, queryContent } from '../content/gatsby-node';
import { authorMatcher, lastUpdatedByPage } from '../content/git-history';
import { contentHistory } from '../content/last-updated';
import { planShareCards, shareCardContext, startPaintingShareCards } from '../exports/build-exports';
import { gatsbyCommand } from '../framework/internals';
import { rememberBuiltSite } from '../built-site';
import { aliasesOf, readPublishedAnchors } from '../content/anchors';
import { readFileSync } from 'node:fs';
import { readFrontmatter } from '../content/frontmatter';
import { relatedPosts } from '../content/related';
import { relatedTerms, relatedTermsCounted } from '../content/related-terms';
import { loadSeriesNames, seriesMessages } from '../content/series';
import type { SeriesNames } from '../../src/lib/series';

const TEMPLATES: Record<PagePlan['kind'], string> = {
  post: path.resolve('./src/templates/post.tsx'),
  'blog-list': path.resolve('./src/templates/blog-list.tsx'),
  'tag-list': path.resolve('./src/templates/tag-list.tsx'),
  tags: path.resolve('./src/templates/tags.tsx'),
  archive: path.resolve('./src/templates/archive.tsx'),
  doc: path.resolve('./src/templates/doc.tsx'),
};

/**
 * The series names (content/series.yaml), checked against the posts' `series:` fields, and each post's
 * related posts (gatsby/content/related.ts, from the posts' text read from their files).
 */
function seriesAndRelated(posts: readonly PostEntry[]): { seriesNames: SeriesNames; related: ReturnType<typeof relatedPosts>; problems: string[]; terms: { counted: number; reused: number } } {
  const seriesNames = loadSeriesNames(contentDir);
  const sources = posts.map((p) => ({ post: p, raw: readFileSync(path.join(contentDir, p.file.replace(/^content\//, '')), 'utf8') }));
  const problems = seriesMessages(
    sources.map(({ post, raw }) => ({ slug: post.slug, path: postPath(post.slug), title: post.title, date: post.date, series: post.series, seriesPosition: post.series_position, file: post.file, raw })),
    seriesNames,
  );
  const terms = relatedTerms();
  const related = relatedPosts(
    sources.map(({ post, raw }) => ({
      slug: post.slug,
      path: postPath(post.slug),
      title: post.title,
      date: post.date,
      tags: post.tags,
      series: post.series,
      body: readFrontmatter(raw).body,
      listed: !post.draft && !post.unlisted,
    })),
    { countsOf: (post) => terms.countsOf(post) },
  );
  return { seriesNames, related, problems, terms: terms.stats() };
}

/** Each post's and doc's “最后更新于” from the content folder's git history (read once per process). */
async function lastUpdated(posts: readonly PostEntry[], docs: readonly DocEntry[], warn: (message: string) => void) {
  const history = await contentHistory(contentDir, warn);
  return lastUpdatedByPage(
    [...posts.map((p) => ({ path: postPath(p.slug), file: p.file, source: { kind: 'post' as const, date: p.date } })), ...docs.map((d) => ({ path: docPath(d.docId), file: d.file, source: { kind: 'doc' as const } }))],
    history.files,
    authorMatcher(authors),
  );
}

export const createPages: GatsbyNode['createPages'] = async ({ graphql, actions, reporter, basePath, pathPrefix, getNode, getNodesByType }: CreatePagesArgs) => {
  const contentErrors = collectedContentErrors(getNode, { getNodesByType, actions });
  if (contentErrors.length) {
    const message = `内容校验失败（${contentErrors.length} 处）：\n${contentErrors.map((e) => `  - ${e.message}`).join('\n')}`;
    // gatsby develop keeps serving every other page (the overlay names the file); a build stops.
    if (!developErrors()) {
      reporter.panicOnBuild(message);
      return;
    }
    reporter.error(message);
  }
  let content;
  let updated;
  let extras;
  try {
    content = await queryContent(graphql);
    assertUniqueSlugs(content.posts.map((p) => ({ slug: p.slug, file: p.file })));
    const termsFailure = await relatedTermsCounted();
    if (termsFailure) reporter.warn(`相关文章的词频没能在工作线程上算完，改在这里算（更慢）：${termsFailure}`);
    extras = seriesAndRelated(content.posts);
    if (extras.problems.length) throw new Error(`系列设置有误（${extras.problems.length} 处）：\n${extras.problems.map((m) => `  - ${m}`).join('\n')}`);
    updated = await lastUpdated(content.posts, content.docs, (message) => reporter.warn(message));
  } catch (error) {
    reporter.panicOnBuild(error instanceof Error ? error.message : String(error));
    return;
  }
  const { posts, docs } = content;

  const plan = planSite(posts, docs, { includeDrafts: process.env.NODE_ENV !== 'production', toolName: toolNameForKey, seriesNames: extras.seriesNames, related: extras.related });
  const duplicates = duplicatePaths(plan);
  for (const dupe of duplicates) reporter.warn(`重复的路由：${dupe}（两个页面生成了同一网址）`);
  // Share cards (Open Graph images) of docs and coverless posts: named here, drawn after the build.
  const cards = await planShareCards(graphql, plan, posts, docs);
  if (gatsbyCommand() === 'build') startPaintingShareCards(cards);
  rememberBuiltSite({ plan, posts, docs, duplicates, cards, lastUpdated: updated });

  // Post and doc bodies are rendered with the base URL they will be served under. The last-updated
  // date is a page's own: a new commit changes the context (and the HTML) of the pages it touched only.
  // Old anchors of reworded headings (content/anchors.json) are a page's own too.
  const base = { basePath: basePath ?? '', assetPrefix: pathPrefix ?? '' };
  const published = readPublishedAnchors(contentDir);
  const fileOf = new Map([...posts.map((p) => [postPath(p.slug), p.file] as const), ...docs.map((d) => [docPath(d.docId), d.file] as const)]);
  const anchorAliases = (page: string) => {
    const aliases = aliasesOf(published, fileOf.get(page) ?? '');
    return Object.keys(aliases).length ? JSON.stringify(aliases) : null;
  };
  // 纠错's address as it is without JavaScript (src/lib/report-issue.ts): built here, so the browser
  // bundle does not carry the issue text's code (the click's refresh loads it).
  const titles = new Map<string, string>([...posts.map((p) => [postPath(p.slug), p.title] as const), ...docs.map((d) => [docPath(d.docId), d.title] as const)]);
  const issueHref = (pagePath: string) => issueUrl(repositoryOf(siteConfig.editUrlBase), { title: titles.get(pagePath) ?? '', pageUrl: `${siteConfig.url}${pathPrefix ?? ''}${encodePath(pagePath)}` });
  for (const page of plan) {
    const context =
      page.kind === 'post' || page.kind === 'doc'
        ? {
            ...page.context,
            ...base,
            ...shareCardContext(cards, page.path),
            lastUpdated: updated.get(page.path) ?? null,
            anchorAliases: anchorAliases(page.path),
            reportIssueHref: issueHref(page.path),
            ...(page.kind === 'doc' ? { breadcrumbLd: breadcrumbJsonLd(page.context.breadcrumbs, `${siteConfig.url}${pathPrefix ?? ''}`, page.path) } : {}),
          }
        : page.context;
    actions.createPage({ path: page.path, component: TEMPLATES[page.kind], context });
  }
  reporter.info(`已生成 ${plan.length} 个内容页面：${posts.length} 篇文章，${docs.length} 篇文档；相关文章所用的词频 ${extras.terms.reused} 篇取自缓存，${extras.terms.counted} 篇现算`);
};
