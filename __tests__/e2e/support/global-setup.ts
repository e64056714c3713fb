import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadContent } from '../../../gatsby/content/loader';
import { FIXTURE_CONTENT_DIR, PROJECT_SERVERS, ROOT, siteDirOf, type ProjectServers } from './env';
import { serveFile, startNginx, stopOrphans } from './servers';
import { sitemapPaths } from './sitemap';

/** What the teardown stops (globalSetup and globalTeardown share jest's main process). */
export interface E2eRun {
  ports: number[];
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
 * Serves the production build a project tests (public/, or E2E_SITE_DIR; ./env.ts siteDirOf()) with
 * nginx on a free loopback port, and axe-core's script beside it (once per run). Jest calls a
 * global setup module once per run, for the first project naming it, so e2e-content names this
 * one under a path of its own (../../e2e-content/setup.ts): each project gets its own server, listed in
 * E2E_PROJECT_SERVERS for the test environment, which hands a test file its project's port and
 * build as E2E_PORT and E2E_SITE_DIR. The feature projects test a build of the fixture site,
 * e2e-content a build of the real content: a build of the other one is refused with the command
 * that makes the right one.
 */
export default async function globalSetup(_globalConfig: unknown, projectConfig?: { displayName?: string | { name: string } }): Promise<void> {
  const name = typeof projectConfig?.displayName === 'object' ? projectConfig.displayName.name : (projectConfig?.displayName ?? 'e2e');
  const siteDir = siteDirOf(name);
  const where = path.relative(process.cwd(), siteDir) || '.';
  const wanted = BUILT_FROM[name];
  if (!existsSync(path.join(siteDir, 'index.html'))) {
    throw new Error(`${where}/ 里没有构建产物：请先运行 ${wanted?.build ?? 'npm run build'}（npm test 会自动构建）`);
  }
  if (wanted && JSON.stringify(builtPosts(siteDir)) !== JSON.stringify(listedPaths(wanted.content))) {
    const variable = name === 'e2e-content' ? 'E2E_CONTENT_SITE_DIR（或 E2E_SITE_DIR）' : 'E2E_SITE_DIR';
    throw new Error(`${where}/ 不是 ${path.relative(ROOT, wanted.content)} 的构建（jest 项目 ${name} 测它）：请先运行 ${wanted.build}，或用 ${variable} 指向它的构建`);
  }
  const state = globalThis as { e2eRun?: E2eRun };
  if (!state.e2eRun) {
    stopOrphans();
    const axe = await serveFile(require.resolve('axe-core/axe.min.js'), 'text/javascript; charset=utf-8');
    process.env.E2E_AXE_URL = axe.url;
    state.e2eRun = { ports: [], closeAxe: axe.close };
  }
  const port = await startNginx('', siteDir);
  state.e2eRun.ports.push(port);
  const servers = JSON.parse(process.env[PROJECT_SERVERS] ?? '{}') as ProjectServers;
  servers[name] = { port, siteDir };
  process.env[PROJECT_SERVERS] = JSON.stringify(servers);
}
