import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadContent } from '../../../gatsby/content/loader';
import { FIXTURE_CONTENT_DIR, ROOT, SITE_DIR } from './env';
import { serveFile, startNginx, stopOrphans } from './servers';
import { sitemapPaths } from './sitemap';

/** What the teardown stops (globalSetup and globalTeardown share jest's main process). */
export interface E2eRun {
  port: number;
  closeAxe: () => Promise<void>;
}

/** The content folder each browser project's build must come from, and the command that builds it. */
const BUILT_FROM: Record<string, { content: string; build: string }> = {
  e2e: { content: FIXTURE_CONTENT_DIR, build: 'npm run build:fixture' },
  'e2e-timed': { content: FIXTURE_CONTENT_DIR, build: 'npm run build:fixture' },
  'e2e-content': { content: path.join(ROOT, 'content'), build: 'npm run build:strict' },
};

/** The listed pages of a content folder, as the sitemap names them (decoded paths). */
function listedPaths(contentDir: string): string[] {
  const { posts, docs } = loadContent(ROOT, contentDir);
  return [...posts.filter((p) => !p.frontmatter.draft && !p.frontmatter.unlisted), ...docs.filter((d) => !d.frontmatter.unlisted)].map((item) => item.path).sort();
}

/** The post and doc pages of the build's sitemap (decoded paths). */
const builtPosts = (siteDir: string) =>
  sitemapPaths(siteDir)
    .map((p) => decodeURIComponent(p))
    .filter((p) => /^\/(blog|docs)\//.test(p) && !/^\/blog\/(tags|page|archive)(\/|$)/.test(p))
    .sort();

/**
 * Serves the production build (public/, or E2E_SITE_DIR: ./env.ts) with nginx on a free loopback
 * port and axe-core's script beside it; the test workers read both addresses from the environment
 * (./env.ts). The feature projects test a build of the fixture site, e2e-content a build of the
 * real content: a build of the other one is refused with the command that makes the right one.
 */
export default async function globalSetup(_globalConfig: unknown, projectConfig?: { displayName?: string | { name: string } }): Promise<void> {
  const where = path.relative(process.cwd(), SITE_DIR) || '.';
  const name = typeof projectConfig?.displayName === 'object' ? projectConfig.displayName.name : (projectConfig?.displayName ?? 'e2e');
  const wanted = BUILT_FROM[name];
  if (!existsSync(path.join(SITE_DIR, 'index.html'))) {
    throw new Error(`${where}/ 里没有构建产物：请先运行 ${wanted?.build ?? 'npm run build'}（npm test 会自动构建）`);
  }
  if (wanted && JSON.stringify(builtPosts(SITE_DIR)) !== JSON.stringify(listedPaths(wanted.content))) {
    throw new Error(`${where}/ 不是 ${path.relative(ROOT, wanted.content)} 的构建（jest 项目 ${name} 测它）：请先运行 ${wanted.build}，或用 E2E_SITE_DIR 指向它的构建`);
  }
  stopOrphans();
  const port = await startNginx('', SITE_DIR);
  const axe = await serveFile(require.resolve('axe-core/axe.min.js'), 'text/javascript; charset=utf-8');
  process.env.E2E_PORT = String(port);
  process.env.E2E_AXE_URL = axe.url;
  (globalThis as { e2eRun?: E2eRun }).e2eRun = { port, closeAxe: axe.close };
}
