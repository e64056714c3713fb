import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startNginx, stopNginx, stopOrphans } from '../e2e/support/servers';

export const PREFIX = '/fomosite';
/** The build served under PREFIX, and the same build served at the domain root (the wrong base URL): free ports chosen by the setup below. */
export const PREFIX_PORT = Number(process.env.E2E_PREFIX_PORT ?? 0);
export const WRONG_BASE_PORT = Number(process.env.E2E_WRONG_BASE_PORT ?? 0);
const root = path.resolve(__dirname, '../..');

export default async function globalSetup(): Promise<void> {
  const html = readFileSync(path.join(root, 'public/index.html'), 'utf8');
  if (!html.includes(`${PREFIX}/`)) throw new Error(`public/ 不是以 ${PREFIX} 为基础路径构建的：请先运行 npm run build:grown`);
  stopOrphans();
  process.env.E2E_PREFIX_PORT = String(await startNginx(PREFIX));
  process.env.E2E_WRONG_BASE_PORT = String(await startNginx());
}

export function teardown(): void {
  for (const name of ['E2E_PREFIX_PORT', 'E2E_WRONG_BASE_PORT']) {
    const port = Number(process.env[name]);
    if (port) stopNginx(port);
  }
}
