import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const PREFIX = '/fomosite';
export const PREFIX_PORT = Number(process.env.E2E_PREFIX_PORT ?? 9322);
/** The same build served at the domain root: the wrong base URL. */
export const WRONG_BASE_PORT = PREFIX_PORT + 1;
const root = path.resolve(__dirname, '../..');
const nginx = (...args: string[]) => execFileSync('node', [path.join(root, 'scripts/nginx.mjs'), ...args], { stdio: 'inherit' });

export default function globalSetup(): void {
  const html = readFileSync(path.join(root, 'public/index.html'), 'utf8');
  if (!html.includes(`${PREFIX}/`)) throw new Error(`public/ 不是以 ${PREFIX} 为基础路径构建的：请先运行 npm run build:prefixed`);
  nginx('start', '--port', String(PREFIX_PORT), '--prefix', PREFIX);
  nginx('start', '--port', String(WRONG_BASE_PORT));
}

export function teardown(): void {
  nginx('stop', '--port', String(PREFIX_PORT));
  nginx('stop', '--port', String(WRONG_BASE_PORT));
}
