import { existsSync } from 'node:fs';
import path from 'node:path';
import { SITE_DIR } from './env';
import { serveFile, startNginx, stopOrphans } from './servers';

/** What the teardown stops (globalSetup and globalTeardown share jest's main process). */
export interface E2eRun {
  port: number;
  closeAxe: () => Promise<void>;
}

/**
 * Serves the production build (public/, or E2E_SITE_DIR: ./env.ts) with nginx on a free loopback
 * port (npm run build comes first) and axe-core's script beside it; the test workers read both
 * addresses from the environment (./env.ts).
 */
export default async function globalSetup(): Promise<void> {
  if (!existsSync(path.join(SITE_DIR, 'index.html'))) {
    throw new Error(`${path.relative(process.cwd(), SITE_DIR) || '.'}/ 里没有构建产物：请先运行 npm run build（npm test 会自动构建）`);
  }
  stopOrphans();
  const port = await startNginx('', SITE_DIR);
  const axe = await serveFile(require.resolve('axe-core/axe.min.js'), 'text/javascript; charset=utf-8');
  process.env.E2E_PORT = String(port);
  process.env.E2E_AXE_URL = axe.url;
  (globalThis as { e2eRun?: E2eRun }).e2eRun = { port, closeAxe: axe.close };
}
