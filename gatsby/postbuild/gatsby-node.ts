/**
 * onPostBuild: the steps that finish public/ after Gatsby wrote it, in this order. Each step says
 * why it sits where it does; a step that needs the site plan is skipped when createPages stopped
 * early (content errors fail the build anyway).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { GatsbyNode, Reporter } from 'gatsby';
import authors from '../../content/authors.json';
import { siteConfig } from '../../src/config/site';
import { reportBuildCache } from '../framework/images/gatsby-node';
import { builtSite, type BuiltSite } from '../built-site';
import { writeSearchFiles } from '../search/gatsby-node';
import { markdownInputs, writeShareCardFiles, writeMarkdownFiles } from '../exports/build-exports';
import { writeDiscoveryFiles } from './write-discovery';
import { pageList, writePageList } from './page-list';
import { finishHtmlFiles } from './finish-html';
import { linkReport, publishedAnchorReport, type PageLinks } from './link-report';
import { finishedPages, recordedLinks } from './finished-pages';
import { FINGERPRINT_EXTRA, rendererFingerprint } from '../code-fingerprint';
import { readPublishedAnchors } from '../content/anchors';
import { contentDir } from '../content/dir';

type Graphql = Parameters<NonNullable<GatsbyNode['onPostBuild']>>[0]['graphql'];

export interface PostBuildContext {
  reporter: Reporter;
  graphql: Graphql;
  publicDir: string;
  /** Prefix of page URLs ('' unless built with --prefix-paths). */
  basePath: string;
  /** Prefix of asset URLs. */
  pathPrefix: string;
  /** What createPages planned (null when it stopped on content errors). */
  site: BuiltSite | null;
  /** Ids and links of every finished page, for the link report. */
  links: Map<string, PageLinks>;
}

interface StepBase {
  name: string;
  /** Needs the site plan: skipped without one. */
  needsPlan?: boolean;
  /** Waits for the background steps first (it reads what they write). */
  afterBackground?: boolean;
}

/** A step the pass waits for. */
interface ForegroundStep extends StepBase {
  run(context: PostBuildContext, site: BuiltSite): Promise<void> | void;
}

/**
 * A step whose work runs on a worker thread: `launch` resolves once the work is handed over, with
 * the promise of its end; the steps after it run meanwhile (one with `afterBackground` waits).
 */
interface BackgroundStep extends StepBase {
  launch(context: PostBuildContext, site: BuiltSite): Promise<{ done: Promise<void> }>;
}

type PostBuildStep = ForegroundStep | BackgroundStep;

/** SITE_STRICT=1 (CI) turns the post-build link and route warnings into a failing build. */
const strict = process.env.SITE_STRICT === '1' || process.env.SITE_STRICT === 'true';

/** The ESM modules the post-build pass shares with the deploy rules, loaded as they are (Node >= 20.19 requires ES modules), not bundled into .cache/compiled. */
interface CspModule {
  withCspMeta(html: string): string | null;
}
interface HostConfigsModule {
  writeHostConfigs(publicDir: string, prefix: string): { headerRules: number; redirects: number; warnings: string[] };
}
const importModule = async <T>(file: string): Promise<T> => createRequire(path.resolve('package.json'))(path.resolve(file)) as T;

const authorTable = authors as Record<string, { name: string }>;

/** The code that finishes a page and reads its links: a change to it finishes every page again. */
const FINISHING_CODE = ['gatsby/postbuild/finish-html.ts', 'gatsby/postbuild/link-report.ts', 'gatsby/postbuild/csp-meta.mjs'];

export const POST_BUILD_STEPS: readonly PostBuildStep[] = [
  // First: it only reads what the build did.
  { name: 'image-cache-report', run: ({ reporter }) => reportBuildCache(reporter) },
  // Reads the page data this build wrote; writes public/search/. On a worker thread started as
  // soon as that page data was written (gatsby/search/gatsby-node.ts), alongside Gatsby's HTML
  // rendering and the next steps (none of which reads public/search/).
  { name: 'search', launch: async ({ reporter, publicDir }) => ({ done: writeSearchFiles(reporter, publicDir) }) },
  // Markdown versions on a worker thread, then llms.txt / llms-full.txt (gatsby/exports/build-exports.ts),
  // alongside the next steps (none of which reads a Markdown version; the link report waits for them). Its
  // sources are read before finish-html, which holds this thread until it is done.
  {
    name: 'markdown',
    needsPlan: true,
    async launch({ graphql, reporter, publicDir, pathPrefix }, { plan, posts, docs, lastUpdated }) {
      const inputs = await markdownInputs({ graphql, reporter, pathPrefix, plan, posts, docs, lastUpdated });
      return { done: inputs ? writeMarkdownFiles(reporter, publicDir, inputs) : Promise.resolve() };
    },
  },
  // One read and at most one write per HTML file: repairs, then each page's CSP <meta> (last: it
  // hashes the final inline scripts), while the link report's ids and links are collected. No
  // later step writes HTML.
  {
    name: 'finish-html',
    async run({ reporter, publicDir, links }) {
      const { withCspMeta } = await importModule<CspModule>('gatsby/postbuild/csp-meta.mjs');
      // Pages the last build finished and this one did not rewrite are left alone, their links taken from the record.
      const record = finishedPages(path.resolve('.cache', 'finished-html.json'), rendererFingerprint(path.resolve('.'), FINISHING_CODE, [...FINGERPRINT_EXTRA, 'deploy/http-rules.mjs']));
      const finished = finishHtmlFiles(publicDir, {
        steps: [{ name: 'csp-meta', apply: (html) => withCspMeta(html) ?? html }],
        ...recordedLinks(record, links),
      });
      record.save();
      if (finished.nulStripped) reporter.info(`已清除 ${finished.nulStripped} 个 HTML 文件中由 React 18.3.1 流式渲染产生的 NUL 字节`);
      reporter.info(
        `已把 ${finished.stylesHoisted}/${finished.pages - finished.unchanged} 个 HTML 文件里 Emotion 的样式移入 <head>，并写入各页的 CSP <meta>（改写 ${finished.written} 个文件；${finished.unchanged} 个页面与上次构建完成时相同，未读）`,
      );
    },
  },
  // The share cards: those painted while Gatsby ran are copied, any left are painted (gatsby/exports/build-exports.ts).
  { name: 'share-cards', needsPlan: true, run: ({ reporter, publicDir }, { cards }) => writeShareCardFiles(reporter, publicDir, cards) },
  // Feeds and sitemap take the listed posts from the archive's plan (newest first).
  {
    name: 'discovery',
    needsPlan: true,
    async run({ reporter, publicDir, pathPrefix }, { plan, posts, docs, lastUpdated }) {
      const unlisted = new Set([...posts.filter((p) => p.unlisted || p.draft).map((p) => `/blog/${p.slug}`), ...docs.filter((d) => d.unlisted).map((d) => `/docs/${d.docId}`)]);
      const listed = plan.flatMap((p) => (p.kind === 'archive' ? p.context.years.flatMap((y) => y.posts) : []));
      const slugAuthors = new Map(posts.map((p) => [p.slug, p.authors]));
      const series = new Map(
        plan.flatMap((p) =>
          p.kind === 'post' && p.context.series ? [[p.context.series.key, { key: p.context.series.key, name: p.context.series.name, parts: p.context.series.parts.map((part) => part.path) }] as const] : [],
        ),
      );
      const count = await writeDiscoveryFiles(
        publicDir,
        { origin: siteConfig.url, pathPrefix, title: siteConfig.title, description: siteConfig.description, copyright: siteConfig.footer.copyright },
        {
          posts: listed,
          series: [...series.values()],
          allPaths: plan.map((p) => p.path),
          unlisted,
          changes: { updated: lastUpdated, published: new Map(posts.map((p) => [`/blog/${p.slug}`, p.date])) },
          authorName: (id) => authorTable[id]?.name ?? id,
          authorsOf: (slug) => slugAuthors.get(slug) ?? [],
        },
      );
      reporter.info(`已写出 rss.xml、atom.xml（另有每个标签和系列各一对，共 ${count.feeds} 对订阅）、robots.txt、opensearch.xml 和 sitemap.xml（${count.urls} 个网址，不含搜索页）`);
    },
  },
  // The not-found page's list of pages to suggest from (gatsby/postbuild/page-list.ts), after the search files: it sits in their folder.
  {
    name: 'page-list',
    needsPlan: true,
    run({ reporter, publicDir }, { plan, posts, docs }) {
      const list = pageList(plan, posts, docs);
      writePageList(publicDir, list);
      reporter.info(`已写出找不到页面时用来推荐的页面清单（${list.length} 个页面）`);
    },
  },
  // _headers and _redirects list public/'s files: written once everything else is there.
  {
    name: 'host-files',
    afterBackground: true,
    async run({ reporter, publicDir, basePath }) {
      const { writeHostConfigs } = await importModule<HostConfigsModule>('gatsby/postbuild/host-configs.mjs');
      const host = writeHostConfigs(publicDir, basePath);
      reporter.info(`Netlify / Cloudflare Pages：_headers（${host.headerRules} 条规则）和 _redirects（${host.redirects} 条重定向）`);
      for (const warning of host.warnings) reporter.warn(warning);
    },
  },
  // Last: in a strict build it fails the build, after every file has been written.
  {
    name: 'link-report',
    needsPlan: true,
    run({ reporter, publicDir, pathPrefix, links }, { plan, posts, docs, duplicates }) {
      const sources = new Map<string, string>([['/', 'src/pages/index.tsx']]);
      for (const post of posts) sources.set(`/blog/${post.slug}`, post.file);
      for (const doc of docs) sources.set(`/docs/${doc.docId}`, doc.file);
      for (const page of plan) if (!sources.has(page.path)) sources.set(page.path, `src/templates/${page.kind}.tsx`);
      // …and every anchor a page has published still lands (content/anchors.json).
      const problems = [...linkReport(publicDir, sources, pathPrefix, links), ...publishedAnchorReport(publicDir, sources, readPublishedAnchors(contentDir), links)];
      const lines = [...problems.map((p) => `  - ${p.source}: ${p.link} → ${p.message}`), ...duplicates.map((d) => `  - 重复的路由：${d}`)];
      if (lines.length === 0) {
        reporter.info(`链接检查通过：${sources.size} 个页面，没有断链、失效锚点或重复路由`);
        return;
      }
      const report = `链接检查发现 ${lines.length} 个问题：\n${lines.join('\n')}`;
      if (strict) reporter.panicOnBuild(report);
      else reporter.warn(`${report}\n（SITE_STRICT=1 时构建会因此失败）`);
    },
  },
];

export const onPostBuild: GatsbyNode['onPostBuild'] = async ({ reporter, pathPrefix, basePath, graphql }) => {
  const context: PostBuildContext = { reporter, graphql, publicDir: path.resolve('public'), basePath: basePath ?? '', pathPrefix: pathPrefix ?? '', site: builtSite(), links: new Map() };
  const background: Array<Promise<void>> = [];
  for (const step of POST_BUILD_STEPS) {
    if (step.needsPlan && !context.site) continue;
    if (step.afterBackground) await Promise.all(background.splice(0));
    // Each step is an activity of its own, so the build log (and bench:build) shows its time.
    const activity = reporter.activityTimer(`post-build: ${step.name}`);
    activity.start();
    let work: Promise<void>;
    try {
      work = 'launch' in step ? (await step.launch(context, context.site as BuiltSite)).done : Promise.resolve(step.run(context, context.site as BuiltSite));
    } catch (error) {
      activity.end();
      throw error;
    }
    const ended = work.finally(() => activity.end());
    if ('launch' in step) {
      // Awaited later; its failure is reported there (not as an unhandled rejection meanwhile).
      ended.catch(() => undefined);
      background.push(ended);
    } else await ended;
  }
  await Promise.all(background);
};
