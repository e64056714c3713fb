/**
 * Gatsby build hooks. This file only reads content through GraphQL and hands it to the pure
 * modules in src/lib, which decide every route; it then calls createPage with their plan.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import authors from './content/authors.json';
import type { CreateNodeArgs, CreatePagesArgs, CreateResolversArgs, CreateSchemaCustomizationArgs, CreateWebpackConfigArgs, GatsbyNode, Node, Reporter, SourceNodesArgs } from 'gatsby';
import { siteConfig, toolNameForKey } from './src/config/site';
import { ContentError, assertUniqueSlugs, validateDoc, validatePost } from './src/lib/content-model';
import { docIdFromRelativePath } from './src/lib/docs';
import { readingMinutes } from './src/lib/reading-time';
import { duplicatePaths, planSite, summarize, type DocEntry, type PagePlan, type PostEntry } from './src/lib/routes';
import { writeDiscoveryFiles } from './build/postbuild/discovery';
import { linkReport, pageLinks, type PageLinks } from './build/postbuild/link-report';
import { finishHtmlFiles } from './build/postbuild/finish-html';
import { renderMdxNode, type MdxSource } from './build/markdown/render-node';
import { contentDir } from './build/content/dir';
import { ContentRenderError, loadSynonyms, writeSiteSearchFiles, type RenderedHtml } from './build/search/build';
import { ContentError as LoaderContentError } from './src/lib/content-model';
import { SynonymError } from './src/lib/search/synonyms';
import { planShareCards, shareCardContext, writeTravelFiles } from './build/travel/travel';
import type { PlannedCard } from './build/travel/share-cards';
import { EMPTY_MODULE, SHARED_CHUNK_MIN_SIZE, SIDE_EFFECT_FREE_PACKAGES, UNUSED_RUNTIME_MODULES } from './build/gatsby/webpack/trim';
import { FingerprintBuildDependencies, writeFingerprint } from './build/gatsby/webpack/cache';
import { buildCacheDir, cacheEntries, installImageCache, type ImageCacheStats } from './build/cache';
import { pagesToPrewarm, type PrewarmPage } from './build/gatsby/images/prewarm';
import { isGatsbyJsRule, presetsSwcReplaces, swcMinimizers, swcRules, swcSettings, type BabelItem, type WebpackStage } from './build/gatsby/webpack/swc';

const TEMPLATES: Record<PagePlan['kind'], string> = {
  post: path.resolve('./src/templates/post.tsx'),
  'blog-list': path.resolve('./src/templates/blog-list.tsx'),
  'tag-list': path.resolve('./src/templates/tag-list.tsx'),
  tags: path.resolve('./src/templates/tags.tsx'),
  archive: path.resolve('./src/templates/archive.tsx'),
  doc: path.resolve('./src/templates/doc.tsx'),
};

/** Content errors found while nodes are created; reported together before pages are made. */
const contentErrors: ContentError[] = [];

/** What createPages decided, kept for onPostBuild (feeds, sitemap, link report): no second query. */
let built: { plan: PagePlan[]; posts: PostEntry[]; docs: DocEntry[]; duplicates: string[]; cards: Map<string, PlannedCard> } | null = null;

/** Hits and misses of the image cache that outlives `gatsby clean` (build/cache.ts). */
let imageCache: ImageCacheStats | null = null;

/** SITE_STRICT=1 (CI) turns the post-build link and route warnings into a failing build. */
const strict = process.env.SITE_STRICT === '1' || process.env.SITE_STRICT === 'true';

/**
 * The editors' synonym file is checked first thing, so a mistake in it stops the build within
 * seconds, with the file and the entry named.
 */
export const onPreBootstrap: GatsbyNode['onPreBootstrap'] = ({ reporter }) => {
  imageCache = installImageCache(createRequire(path.resolve('package.json')));
  if (!imageCache) reporter.warn('gatsby-plugin-sharp 的 gatsby-worker.js 没有 IMAGE_PROCESSING：图片不经构建缓存处理');
  try {
    loadSynonyms(contentDir);
  } catch (error) {
    reporter.panic(error instanceof SynonymError ? error.message : String(error));
  }
};

/**
 * Site search: the index and store files, built from the content folder (rendered the way pages
 * are, cut at their h2/h3 headings) and written to public/search under fixed names
 * (src/lib/search/files.ts), so no page changes when content does. Each page's sections are kept
 * in .cache/search-sections and the files are not rebuilt when nothing they are made from changed
 * (build/search/cache.ts). `gatsby build` builds them in onPostBuild from the HTML its page
 * queries rendered (each page's page-data.json), so no page is rendered twice; `gatsby develop`
 * runs queries only on demand, so it renders them here at startup. Content errors are left to
 * createPages, which reports them all.
 */
async function writeSearchFilesAndReport(reporter: Reporter, rendered?: (url: string) => RenderedHtml | undefined) {
  const started = performance.now();
  const root = path.resolve('.');
  let report;
  try {
    report = await writeSiteSearchFiles({ root, contentDir, publicDir: path.join(root, 'public'), cacheDir: path.join(root, '.cache', 'search-sections'), rendered });
  } catch (error) {
    if (error instanceof LoaderContentError) return;
    // An editor's mistake, named with its file: no stack trace of the build's code.
    if (error instanceof ContentRenderError) reporter.panic(error.message);
    throw error;
  }
  const sizes = `索引 ${(report.indexBytes / 1024).toFixed(0)} KB、文档 ${(report.storeBytes / 1024).toFixed(0)} KB（未压缩）`;
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const fresh = report.rendered - report.fromBuild;
  const work = report.skipped
    ? '内容与代码未变，沿用上次的文件'
    : `${report.fromBuild ? `取自页面数据 ${report.fromBuild} 页、` : ''}渲染 ${fresh} 页（${seconds(report.renderMs)}，缓存命中 ${report.cached} 页），建索引 ${seconds(report.buildMs)}`;
  reporter.info(`搜索：${report.pages} 个页面、${report.records} 个段落，${sizes}；${work}；共 ${seconds(performance.now() - started)}`);
}

export const sourceNodes: GatsbyNode['sourceNodes'] = async ({ reporter }: SourceNodesArgs) => {
  if (process.env.gatsby_executing_command !== 'build') await writeSearchFilesAndReport(reporter);
};

/** A page's rendered body as its page query returned it (the post and doc templates' `mdx.rendered`). */
function pageDataRendered(publicDir: string, url: string): RenderedHtml | undefined {
  try {
    // Where Gatsby writes a page's data: public/page-data/<path>/page-data.json ('index' for /).
    const file = path.join(publicDir, 'page-data', url === '/' ? 'index' : url, 'page-data.json');
    const data = JSON.parse(readFileSync(file, 'utf8')) as { result?: { data?: { mdx?: { rendered?: Partial<RenderedHtml> } } } };
    const rendered = data.result?.data?.mdx?.rendered;
    return typeof rendered?.html === 'string' && Array.isArray(rendered.toc) ? (rendered as RenderedHtml) : undefined;
  } catch {
    return undefined; // not built as a page: rendered from its source instead
  }
}

export const createSchemaCustomization: GatsbyNode['createSchemaCustomization'] = ({ actions }: CreateSchemaCustomizationArgs) => {
  actions.createTypes(`
    type Mdx implements Node {
      frontmatter: MdxFrontmatter
      fields: MdxFields
    }
    type MdxFrontmatter {
      slug: String
      title: String
      date: Date @dateformat
      tags: [String]
      authors: [String]
      description: String
      image: File @fileByRelativePath
      unlisted: Boolean
      draft: Boolean
      sidebar_position: Float
      sidebar_label: String
      hide_sidebar: Boolean
    }
    type MdxFields {
      kind: String
      docId: String
      readingMinutes: Int
    }
  `);
};

/**
 * `Mdx.rendered(basePath, assetPrefix)`: the body as static HTML plus its table of contents,
 * rendered at build time (build/markdown/render-node.ts). Posts and docs share one page
 * component per template instead of one webpack entry per content file. The base URL comes in
 * as arguments from the page context: query workers do not see --prefix-paths.
 */
export const createResolvers: GatsbyNode['createResolvers'] = ({ createResolvers, getNode, getNodesByType, reporter, cache }: CreateResolversArgs) => {
  createResolvers({
    Mdx: {
      rendered: {
        type: 'JSON',
        args: { basePath: 'String', assetPrefix: 'String' },
        resolve: (source: MdxSource, args: { basePath?: string | null; assetPrefix?: string | null }) =>
          renderMdxNode(source, { getNode, getNodesByType, reporter, cache, basePath: args.basePath ?? '', assetPrefix: args.assetPrefix ?? '' }),
      },
    },
  });
};

interface MdxNode extends Node {
  frontmatter?: Record<string, unknown>;
  body?: string;
}

export const onCreateNode: GatsbyNode['onCreateNode'] = ({ node, getNode, actions }: CreateNodeArgs<MdxNode>) => {
  if (node.internal.type !== 'Mdx' || !node.parent) return;
  const file = getNode(node.parent) as (Node & { sourceInstanceName: string; relativePath: string; relativeDirectory: string }) | undefined;
  if (!file) return;
  const display = `content/${file.sourceInstanceName}/${file.relativePath}`;
  const raw = node.frontmatter ?? {};
  try {
    if (file.sourceInstanceName === 'blog') {
      if (file.relativeDirectory.includes('/') || !/index\.mdx$/.test(file.relativePath)) {
        throw new ContentError(display, 'slug', '文章必须位于 content/blog/<yyyy-mm-dd>-<slug>/index.mdx');
      }
      validatePost(raw, display, file.relativeDirectory);
      actions.createNodeField({ node, name: 'kind', value: 'post' });
      actions.createNodeField({ node, name: 'readingMinutes', value: readingMinutes(node.body ?? '') });
    } else if (file.sourceInstanceName === 'docs') {
      validateDoc(raw, display);
      actions.createNodeField({ node, name: 'kind', value: 'doc' });
      actions.createNodeField({ node, name: 'docId', value: docIdFromRelativePath(file.relativePath) });
    }
  } catch (error) {
    contentErrors.push(error instanceof ContentError ? error : new ContentError(display, 'frontmatter', String(error)));
  }
};

interface ContentQuery {
  allMdx: {
    nodes: Array<{
      id: string;
      body: string;
      frontmatter: Record<string, unknown>;
      fields: { kind: string | null; docId: string | null; readingMinutes: number | null } | null;
      parent: { sourceInstanceName: string; relativePath: string; relativeDirectory: string } | null;
    }>;
  };
}

export const createPages: GatsbyNode['createPages'] = async ({ graphql, actions, reporter, basePath, pathPrefix }: CreatePagesArgs) => {
  if (contentErrors.length) {
    reporter.panicOnBuild(`内容校验失败（${contentErrors.length} 处）：\n${contentErrors.map((e) => `  - ${e.message}`).join('\n')}`);
    return;
  }
  const result = await graphql<ContentQuery>(`
    query SiteContent {
      allMdx {
        nodes {
          id
          body
          frontmatter { slug title date(formatString: "YYYY-MM-DD") tags authors description unlisted draft sidebar_position sidebar_label hide_sidebar }
          fields { kind docId readingMinutes }
          parent { ... on File { sourceInstanceName relativePath relativeDirectory } }
        }
      }
    }
  `);
  if (result.errors || !result.data) {
    reporter.panicOnBuild('读取内容失败', result.errors);
    return;
  }

  const posts: PostEntry[] = [];
  const docs: DocEntry[] = [];
  for (const node of result.data.allMdx.nodes) {
    if (!node.parent || !node.fields) continue;
    const display = `content/${node.parent.sourceInstanceName}/${node.parent.relativePath}`;
    if (node.fields.kind === 'post') {
      const fm = validatePost(node.frontmatter, display, node.parent.relativeDirectory);
      posts.push({ id: node.id, file: display, ...fm, readingMinutes: node.fields.readingMinutes ?? 1 });
    } else if (node.fields.kind === 'doc' && node.fields.docId) {
      const fm = validateDoc(node.frontmatter, display);
      docs.push({
        id: node.id,
        file: display,
        docId: node.fields.docId,
        title: fm.title,
        sidebarLabel: fm.sidebar_label,
        sidebarPosition: fm.sidebar_position,
        description: fm.description,
        hideSidebar: fm.hide_sidebar,
        unlisted: fm.unlisted,
      });
    }
  }

  try {
    assertUniqueSlugs(posts.map((p) => ({ slug: p.slug, file: p.file })));
  } catch (error) {
    reporter.panicOnBuild(error instanceof Error ? error.message : String(error));
    return;
  }

  const plan = planSite(posts, docs, { includeDrafts: process.env.NODE_ENV !== 'production', toolName: toolNameForKey });
  const duplicates = duplicatePaths(plan);
  for (const dupe of duplicates) reporter.warn(`重复的路由：${dupe}（两个页面生成了同一网址）`);
  // Share cards (Open Graph images) of docs and coverless posts: named here, drawn after the build.
  const cards = await planShareCards(graphql, plan, posts, docs);
  built = { plan, posts, docs, duplicates, cards };

  // Post and doc bodies are rendered with the base URL they will be served under.
  const base = { basePath: basePath ?? '', assetPrefix: pathPrefix ?? '' };
  for (const page of plan) {
    const context = page.kind === 'post' || page.kind === 'doc' ? { ...page.context, ...base, ...shareCardContext(cards, page.path) } : page.context;
    actions.createPage({ path: page.path, component: TEMPLATES[page.kind], context });
  }
  reporter.info(`已生成 ${plan.length} 个内容页面：${posts.length} 篇文章，${docs.length} 篇文档`);
};

/**
 * Webpack plumbing, one function per concern: SWC for the site's JavaScript in every build
 * (build/gatsby/webpack/swc.ts), a cheap validity check for webpack's persistent cache
 * (build/gatsby/webpack/cache.ts), and the browser bundle without Gatsby runtime modules that
 * never run here (build/gatsby/webpack/trim.ts).
 */
export const onCreateWebpackConfig: GatsbyNode['onCreateWebpackConfig'] = (args: CreateWebpackConfigArgs) => {
  transpileWithSwc(args);
  fingerprintWebpackCache(args);
  if (args.stage === 'build-javascript') trimBrowserBundle(args);
};

function fingerprintWebpackCache({ stage, actions, getConfig, store }: CreateWebpackConfigArgs) {
  if (getConfig().cache?.type !== 'filesystem') return;
  const root = (store.getState() as { program?: { directory?: string } }).program?.directory ?? process.cwd();
  actions.setWebpackConfig({ plugins: [new FingerprintBuildDependencies(writeFingerprint(root, stage))] });
}

function transpileWithSwc({ stage, actions, getConfig, store, reporter }: CreateWebpackConfigArgs) {
  const state = store.getState() as { program?: { browserslist?: string[] }; babelrc?: { stages?: Record<string, { plugins: BabelItem[]; presets: BabelItem[] }> } };
  const babel = state.babelrc?.stages?.[stage] ?? { plugins: [], presets: [] };
  if (!presetsSwcReplaces(babel.presets)) {
    reporter.warn(`onCreateWebpackConfig：插件注册了 SWC 无法替代的 Babel preset（${babel.presets.map((p) => p.name).join(', ')}），${stage} 阶段继续使用 Babel`);
    return;
  }
  const config = getConfig();
  const rules: unknown[] = config.module?.rules ?? [];
  if (!rules.some(isGatsbyJsRule)) throw new Error('onCreateWebpackConfig：找不到 Gatsby 的 JavaScript 规则（rules.js），无法改用 SWC');
  config.module.rules = swcRules(rules, swcSettings(stage as WebpackStage, state.program?.browserslist ?? [], babel.plugins));
  if (config.optimization?.minimizer) config.optimization.minimizer = swcMinimizers(config.optimization.minimizer);
  actions.replaceWebpackConfig(config);
}

function trimBrowserBundle({ actions, plugins, getConfig }: CreateWebpackConfigArgs) {
  actions.setWebpackConfig({
    module: { rules: [{ test: SIDE_EFFECT_FREE_PACKAGES, sideEffects: false }] },
    plugins: [plugins.normalModuleReplacement(UNUSED_RUNTIME_MODULES, EMPTY_MODULE)],
  });
  const config = getConfig();
  const shared = config.optimization?.splitChunks?.cacheGroups?.shared;
  if (shared) {
    shared.minSize = SHARED_CHUNK_MIN_SIZE;
    actions.replaceWebpackConfig(config);
  }
}

/** Sharp jobs of pages with images, started before webpack (build/gatsby/images/prewarm.ts). */
export const onPreBuild: GatsbyNode['onPreBuild'] = ({ graphql, store, getNode, reporter }) => {
  const state = store.getState() as { pages: Map<string, PrewarmPage>; components: Map<string, { query?: string }>; queries?: { trackedQueries?: Map<string, { dirty: number }> } };
  const dirty = (page: PrewarmPage) => state.queries?.trackedQueries?.get(page.path)?.dirty !== 0;
  const early = pagesToPrewarm(state.pages.values(), (component) => state.components.get(component)?.query, (id) => getNode(id) as MdxNode | undefined, dirty);
  // Not awaited: the queries and their jobs run while webpack bundles. One query at a time, so a
  // site with thousands of such pages does not hold thousands of results at once.
  void (async () => {
    for (const { query, page } of early) await graphql(query, page.context).catch(() => undefined);
  })();
  if (early.length) reporter.info(`图片处理提前开始：${early.length} 个含图片的页面`);
};

/** What the image cache saved this build, and entries nobody used for a month removed. */
function reportBuildCache(reporter: Reporter) {
  const pruned = cacheEntries(path.join(buildCacheDir(), 'images')).prune() + cacheEntries(path.join(buildCacheDir(), 'share-cards')).prune();
  if (imageCache && imageCache.hits + imageCache.misses > 0) {
    reporter.info(`图片构建缓存（${path.relative(process.cwd(), buildCacheDir())}）：${imageCache.hits} 个任务来自缓存，${imageCache.misses} 个新处理${pruned ? `；清理了 ${pruned} 个一个月没用过的条目` : ''}`);
  }
}

const authorTable = authors as Record<string, { name: string }>;

/** The ESM modules the post-build pass shares with its command-line scripts and deploy rules. */
interface CspModule {
  withCspMeta(html: string): string | null;
}
interface HostConfigsModule {
  writeHostConfigs(publicDir: string, prefix: string): { headerRules: number; redirects: number; warnings: string[] };
}
// Loaded at run time from the project as they are (Node >= 20.19 can require ES modules), not
// bundled into gatsby-node by Parcel.
const importModule = async <T>(file: string): Promise<T> => createRequire(path.resolve('package.json'))(path.resolve(file)) as T;

export const onPostBuild: GatsbyNode['onPostBuild'] = async ({ reporter, pathPrefix, basePath, graphql }) => {
  const publicDir = path.resolve('public');
  reportBuildCache(reporter);
  await writeSearchFilesAndReport(reporter, (url) => pageDataRendered(publicDir, url));
  const { withCspMeta } = await importModule<CspModule>('build/postbuild/csp-meta.mjs');
  // One read and at most one write per HTML file: repairs, then each page's CSP <meta> (last:
  // it hashes the final inline scripts), while the link report's ids and links are collected.
  const collected = new Map<string, PageLinks>();
  const finished = finishHtmlFiles(publicDir, {
    steps: [{ name: 'csp-meta', apply: (html) => withCspMeta(html) ?? html }],
    onPage: (file, html) => collected.set(file, pageLinks(html)),
  });
  if (finished.nulStripped) reporter.info(`已清除 ${finished.nulStripped} 个 HTML 文件中由 React 18.3.1 流式渲染产生的 NUL 字节`);
  reporter.info(`已把 ${finished.stylesHoisted}/${finished.pages} 个 HTML 文件里 Emotion 的样式移入 <head>，并写入各页的 CSP <meta>（改写 ${finished.written} 个文件）`);
  // _headers and _redirects list public/'s files: written once everything else is there.
  const writeHostFiles = async () => {
    const { writeHostConfigs } = await importModule<HostConfigsModule>('build/postbuild/host-configs.mjs');
    const host = writeHostConfigs(publicDir, basePath ?? '');
    reporter.info(`Netlify / Cloudflare Pages：_headers（${host.headerRules} 条规则）和 _redirects（${host.redirects} 条重定向）`);
    for (const warning of host.warnings) reporter.warn(warning);
  };
  if (!built) return writeHostFiles();
  const { plan, posts, docs, duplicates, cards } = built;
  // Markdown twins, llms.txt / llms-full.txt and the share cards (build/travel/travel.ts).
  await writeTravelFiles({ graphql, reporter, publicDir, pathPrefix: pathPrefix ?? '', plan, posts, docs, cards });
  const unlisted = new Set([...posts.filter((p) => p.unlisted || p.draft).map((p) => `/blog/${p.slug}`), ...docs.filter((d) => d.unlisted).map((d) => `/docs/${d.docId}`)]);
  // The archive holds every listed post, newest first: the feeds take theirs from it.
  const listed = plan.flatMap((p) => (p.kind === 'archive' ? p.context.years.flatMap((y) => y.posts) : []));
  const slugAuthors = new Map(posts.map((p) => [p.slug, p.authors]));
  const count = await writeDiscoveryFiles(
    publicDir,
    { origin: siteConfig.url, pathPrefix: pathPrefix ?? '', title: siteConfig.title, description: siteConfig.description, copyright: siteConfig.footer.copyright },
    {
      posts: listed,
      allPaths: plan.map((p) => p.path),
      unlisted,
      authorName: (id) => authorTable[id]?.name ?? id,
      authorsOf: (slug) => slugAuthors.get(slug) ?? [],
    },
  );
  reporter.info(`已写出 rss.xml、atom.xml、robots.txt 和 sitemap.xml（${count} 个网址）`);
  await writeHostFiles();

  const sources = new Map<string, string>([['/', 'src/pages/index.tsx']]);
  for (const post of posts) sources.set(`/blog/${post.slug}`, post.file);
  for (const doc of docs) sources.set(`/docs/${doc.docId}`, doc.file);
  for (const page of plan) if (!sources.has(page.path)) sources.set(page.path, `src/templates/${page.kind}.tsx`);
  const problems = linkReport(publicDir, sources, pathPrefix ?? '', collected);
  const lines = [...problems.map((p) => `  - ${p.source}: ${p.link} → ${p.message}`), ...duplicates.map((d) => `  - 重复的路由：${d}`)];
  if (lines.length === 0) {
    reporter.info(`链接检查通过：${sources.size} 个页面，没有断链、失效锚点或重复路由`);
    return;
  }
  const report = `链接检查发现 ${lines.length} 个问题：\n${lines.join('\n')}`;
  if (strict) reporter.panicOnBuild(report);
  else reporter.warn(`${report}\n（SITE_STRICT=1 时构建会因此失败）`);
};
