import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { E2E_PORT } from './env';

/** Serves the production build in public/ with nginx on loopback (npm run build comes first). */
export default function globalSetup(): void {
  const root = path.resolve(__dirname, '../../..');
  if (!existsSync(path.join(root, 'public', 'index.html'))) {
    throw new Error('public/ 里没有构建产物：请先运行 npm run build（npm test 会自动构建）');
  }
  execFileSync('node', [path.join(root, 'scripts/nginx.mjs'), 'start', '--port', String(E2E_PORT)], { stdio: 'inherit' });
}
