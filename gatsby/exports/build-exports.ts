/**
 * The Gatsby side of the exports (Markdown versions, llms.txt, share cards; docs/architecture.md),
 * called by gatsby/pages and gatsby/postbuild:
 *   - planShareCards (createPages): which pages get a generated share card and its file name,
 *     handed to the post/doc templates in the page context;
 *   - markdownInputs, writeMarkdownFiles and writeShareCardFiles (onPostBuild): Markdown versions,
 *     llms.txt, llms-full.txt and the card PNGs.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter } from 'gatsby';
import { siteConfig, toolNameForKey } from '../../src/config/site';
import { docPath, sidebarKey } from '../../src/lib/docs';
import { llmsSections, type LlmsOptions, type LlmsSection } from './llms';
import { bodyFirstLine } from '../markdown/errors';
import type { LastUpdated } from '../../src/lib/last-updated';
import type { DocEntry, PagePlan, PostEntry, PostSummary } from '../../src/lib/routes';
import { postPath } from '../../src/lib/routes';
import type { PlannedCard, ShareCard } from '../../src/lib/types/share-card';
import { buildCacheDir } from '../cache';
import { runOnWorkerThread } from '../worker-thread';
import { cardPlanner, MissingGlyphError, startShareCards, writeShareCards } from './share-cards';
import { seriesOf } from '../built-site';
import { writeLlmsFiles, type MarkdownVersionSite, type MarkdownVersionSource } from './markdown-versions';
import type { MarkdownVersionsJob, MarkdownVersionsJobResult } from './markdown-versions-worker';

type Graphql = <T>(query: string, variables?: Record<string, unknown>) => Promise<{ errors?: unknown; data?: T }>;

/** `/docs/<key>/Introduce` of each navbar tool → the navbar group it sits in (桌面端 …). */
function navbarAreas(): Map<string, string> {
  const areas = new Map<string, string>();
  for (const item of siteConfig.navbar) {
    if (!item.isPopover) continue;
    for (const tool of item.items) {
      const key = /^\/docs\/(.+)\/Introduce$/.exec(tool.href)?.[1];
      if (key) areas.set(key, item.label);
    }
  }
  return areas;
}

const SPECIAL_SECTIONS: Record<string, string> = { intro: '文档总览', about: '关于我们' };

/** A product's label: `Wing · 桌面端`; the overview and about pages by name; other folders as named. */
export function productLabel(key: string): string {
  const tool = toolNameForKey(key);
  const area = navbarAreas().get(key);
  if (tool) return area ? `${tool} · ${area}` : tool;
  return SPECIAL_SECTIONS[key] ?? key;
}

export const LLMS_OPTIONS: LlmsOptions = {
  sectionTitle: productLabel,
  keyOrder: ['intro', ...navbarAreas().keys(), 'about'],
  blogTitle: '博客',
};

/** Cards live in the build cache that outlives `gatsby clean` (gatsby/cache.ts). */
export const CARD_CACHE = path.join(buildCacheDir(), 'share-cards');

/** "1234 ms，CPU 2345 ms" since `started` / `cpu` (CPU of every thread of the build process). */
function elapsed(started: number, cpu: NodeJS.CpuUsage): string {
  const used = process.cpuUsage(cpu);
  return `${Math.round(performance.now() - started)} ms，CPU ${Math.round((used.user + used.system) / 1000)} ms`;
}

export function planner() {
  return cardPlanner({ siteName: siteConfig.title, host: new URL(siteConfig.url).host, markFile: path.resolve('static/favicon.svg') });
}

/**
 * Every doc and every post without a cover gets a card. Returns the cards by page path; the post
 * and doc templates find theirs in the page context (`shareCard`).
 */
export async function planShareCards(graphql: Graphql, plan: readonly PagePlan[], posts: readonly PostEntry[], docs: readonly DocEntry[]): Promise<Map<string, PlannedCard>> {
  const covers = await graphql<{ allMdx: { nodes: Array<{ id: string; frontmatter: { image: { id: string } | null } | null }> } }>(`
    query PostCovers {
      allMdx {
        nodes {
          id
          frontmatter {
            image {
              id
            }
          }
        }
      }
    }
  `);
  if (covers.errors || !covers.data) throw new Error(`分享卡片：读取封面失败 ${JSON.stringify(covers.errors)}`);
  const withCover = new Set(covers.data.allMdx.nodes.filter((n) => n.frontmatter?.image).map((n) => n.id));
  // Only pages this build makes (drafts are left out of production builds, and so are their cards).
  const built = new Set(plan.map((p) => p.path));
  const cards = planner();
  const planned = new Map<string, PlannedCard>();
  for (const post of posts) {
    const page = postPath(post.slug);
    if (withCover.has(post.id) || !built.has(page)) continue;
    planned.set(page, cards.plan(page, post.file, { kind: 'post', title: post.title, labels: post.tags }));
  }
  for (const doc of docs) {
    const page = docPath(doc.docId);
    if (!built.has(page)) continue;
    planned.set(page, cards.plan(page, doc.file, { kind: 'doc', title: doc.title, labels: [productLabel(sidebarKey(doc.docId))] }));
  }
  return planned;
}

/**
 * A production build with many new cards (EARLY_PAINT_MIN) starts painting them as soon as
 * createPages has named them: a worker thread uses the core Gatsby leaves idle while it runs
 * queries and renders HTML on the other. A few are painted at the end, on the build's thread.
 */
export function startPaintingShareCards(cards: ReadonlyMap<string, PlannedCard>): void {
  startShareCards([...cards.values()], planner(), CARD_CACHE);
}

/** What a template's <head> needs of a card (kept small: it travels in page-data). */
export function shareCardContext(cards: ReadonlyMap<string, PlannedCard>, pagePath: string): { shareCard: ShareCard | null } {
  const card = cards.get(pagePath);
  return { shareCard: card ? { path: card.path, alt: card.alt, width: card.width, height: card.height } : null };
}

interface SourceQuery {
  allMdx: {
    nodes: Array<{
      id: string;
      body: string;
      frontmatter: { image: { absolutePath: string } | null } | null;
      parent: { absolutePath?: string } | null;
    }>;
  };
}

export interface ExportInput {
  graphql: Graphql;
  reporter: Reporter;
  pathPrefix: string;
  plan: readonly PagePlan[];
  posts: readonly PostEntry[];
  docs: readonly DocEntry[];
  /** “最后更新于” by page path (gatsby/pages/gatsby-node.ts). */
  lastUpdated: ReadonlyMap<string, LastUpdated>;
}

/** What the Markdown versions are made from: every listed page's source, and what llms.txt lists. */
export interface MarkdownInputs {
  sources: MarkdownVersionSource[];
  site: MarkdownVersionSite;
  sections: LlmsSection[];
}

/** The sources of every listed post's and doc's Markdown version (their bodies from Gatsby's nodes) and llms.txt's sections; null when the query failed (reported). */
export async function markdownInputs({ graphql, reporter, pathPrefix, plan, posts, docs, lastUpdated }: ExportInput): Promise<MarkdownInputs | null> {
  const result = await graphql<SourceQuery>(`
    query MarkdownVersionSources {
      allMdx {
        nodes {
          id
          body
          frontmatter {
            image {
              absolutePath
            }
          }
          parent {
            ... on File {
              absolutePath
            }
          }
        }
      }
    }
  `);
  if (result.errors || !result.data) {
    reporter.panicOnBuild('Markdown 版本：读取内容失败', result.errors as Error[]);
    return null;
  }
  const nodes = new Map(result.data.allMdx.nodes.map((n) => [n.id, n]));
  const site = { origin: siteConfig.url, basePath: pathPrefix, title: siteConfig.title, description: siteConfig.description };

  // The archive lists every listed post, newest first.
  const listedPosts: PostSummary[] = plan.flatMap((p) => (p.kind === 'archive' ? p.context.years.flatMap((y) => y.posts) : []));
  const listedDocs = docs.filter((d) => !d.unlisted);
  const sources: MarkdownVersionSource[] = [];
  const source = (id: string, pagePath: string, file: string, title: string, withCover: boolean) => {
    const node = nodes.get(id);
    if (!node?.parent?.absolutePath) throw new Error(`Markdown 版本：找不到 ${file} 的内容`);
    const cover = withCover ? node.frontmatter?.image?.absolutePath : undefined;
    const firstLine = bodyFirstLine(readFileSync(node.parent.absolutePath, 'utf8'), node.body);
    sources.push({ path: pagePath, file, absolutePath: node.parent.absolutePath, title, body: node.body, firstLine, cover, lastUpdated: lastUpdated.get(pagePath), series: seriesOf(plan, pagePath) });
  };
  const postById = new Map(posts.map((p) => [p.slug, p]));
  for (const summary of listedPosts) {
    const post = postById.get(summary.slug);
    if (post) source(post.id, summary.path, post.file, post.title, true);
  }
  for (const doc of listedDocs) source(doc.id, docPath(doc.docId), doc.file, doc.title, false);
  const sections = llmsSections(
    listedDocs.map((d) => ({
      id: d.docId,
      path: docPath(d.docId),
      title: d.title,
      sidebarLabel: d.sidebarLabel,
      sidebarPosition: d.sidebarPosition,
      hideSidebar: d.hideSidebar,
      unlisted: d.unlisted,
      description: d.description,
    })),
    listedPosts,
    LLMS_OPTIONS,
  );
  return { sources, site, sections };
}

/**
 * The Markdown versions, then llms.txt and llms-full.txt, into public/. The Markdown versions are rendered on a
 * worker thread (gatsby/exports/markdown-versions-worker.ts), started before this returns its promise, so the
 * post-build steps after it run meanwhile; their parse trees are garbage the build's own heap
 * never holds.
 */
export async function writeMarkdownFiles(reporter: Reporter, publicDir: string, { sources, site, sections }: MarkdownInputs): Promise<void> {
  const started = performance.now();
  const job: MarkdownVersionsJob = { publicDir, sources, site };
  const { markdownVersions, imageError, rendered, written } = await runOnWorkerThread<MarkdownVersionsJobResult>('gatsby/exports/markdown-versions-worker.ts', job);
  if (imageError) {
    reporter.panicOnBuild(imageError);
    return;
  }
  writeLlmsFiles(publicDir, sections, new Map(markdownVersions), site);
  reporter.info(
    `已写出 ${markdownVersions.length} 个 Markdown 版本（网址 + .md；${rendered} 个新渲染，其余来自缓存；改写 ${written} 个文件，其余与上次相同；工作线程上 ${Math.round(performance.now() - started)} ms）、llms.txt 和 llms-full.txt`,
  );
}

/** The share cards' PNGs into public/: those painted early are waited for, the rest painted here. */
export async function writeShareCardFiles(reporter: Reporter, publicDir: string, cards: ReadonlyMap<string, PlannedCard>): Promise<void> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  try {
    const stats = await writeShareCards([...cards.values()], planner(), { publicDir, cacheDir: CARD_CACHE });
    const perCard = stats.rendered
      ? `，新画 ${stats.rendered} 张（${stats.inWorker ? '后台线程，' : ''}${Math.round(stats.renderMs)} ms，每张 ${(stats.renderMs / stats.rendered).toFixed(0)} ms，载入 ${stats.fontSlices} 个字体分片；构建末尾等待 ${Math.round(stats.waitedMs)} ms）`
      : '';
    reporter.info(`分享卡片：${stats.cards} 张，${stats.cached} 张来自缓存${perCard}（共 ${elapsed(started, cpu)}）`);
  } catch (error) {
    if (error instanceof MissingGlyphError) {
      reporter.panicOnBuild(error.message);
      return;
    }
    throw error;
  }
}
