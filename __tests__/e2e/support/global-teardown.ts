import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { E2E_PORT } from './env';

export default function globalTeardown(): void {
  execFileSync('node', [path.resolve(__dirname, '../../../scripts/nginx.mjs'), 'stop', '--port', String(E2E_PORT)], { stdio: 'inherit' });
}
