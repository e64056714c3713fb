/**
 * The loopback servers of a browser-test run, started by the global setups in jest's
 * main process: nginx (scripts/nginx.mjs) on a port the kernel reports free, retried on another
 * port if something takes it first, and a tiny static server for test-only files such as
 * axe-core's script. Each nginx records the process that started it, so the next run in this
 * checkout stops servers whose run was interrupted (Ctrl-C, a killed terminal) — and only those.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');
const NGINX_SCRIPT = path.join(ROOT, 'scripts/nginx.mjs');
/** scripts/nginx.mjs keeps each server's config, pid and logs in .e2e/nginx-<port>/. */
const RUN_DIR = path.join(ROOT, '.e2e');
const serverDir = (port: number) => path.join(RUN_DIR, `nginx-${port}`);
const OWNER_FILE = 'owner-pid';

/** A TCP port on 127.0.0.1 that nothing listens on at this moment (the kernel picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function nginx(...args: string[]): { ok: boolean; output: string } {
  const run = spawnSync(process.execPath, [NGINX_SCRIPT, ...args], { cwd: ROOT, encoding: 'utf8' });
  return { ok: run.status === 0, output: `${run.stdout ?? ''}${run.stderr ?? ''}${run.error ? String(run.error) : ''}` };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Attempts before giving up when the chosen port is taken between choosing and binding it. */
const ATTEMPTS = 5;

/**
 * Starts nginx serving `siteRoot` (public/ unless given; under `prefix` if given) on a free loopback
 * port and returns the port. Only a lost race for the port is retried; any other failure is
 * reported as it is.
 */
export async function startNginx(prefix = '', siteRoot?: string): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const run = nginx('start', '--port', String(port), ...(prefix ? ['--prefix', prefix] : []), ...(siteRoot ? ['--root', siteRoot] : []));
    if (run.ok) {
      writeFileSync(path.join(serverDir(port), OWNER_FILE), String(process.pid));
      process.stdout.write(run.output);
      return port;
    }
    rmSync(serverDir(port), { recursive: true, force: true });
    if (attempt >= ATTEMPTS || !/Address already in use/.test(run.output)) throw new Error(`nginx 无法在 127.0.0.1:${port} 上启动：\n${run.output}`);
  }
}

/** Stops the nginx on `port` and removes its folder under .e2e/. */
export function stopNginx(port: number): void {
  nginx('stop', '--port', String(port));
  rmSync(serverDir(port), { recursive: true, force: true });
}

/**
 * Stops the servers of runs in this checkout that ended without their teardown (their starting
 * process is gone). Servers without an owner file (`npm run serve:nginx`) are never touched.
 */
export function stopOrphans(): void {
  if (!existsSync(RUN_DIR)) return;
  for (const entry of readdirSync(RUN_DIR)) {
    const port = /^nginx-(\d+)$/.exec(entry)?.[1];
    const ownerFile = path.join(RUN_DIR, entry, OWNER_FILE);
    if (!port || !existsSync(ownerFile)) continue;
    const owner = Number(readFileSync(ownerFile, 'utf8'));
    if (!alive(owner)) stopNginx(Number(port));
  }
}

/**
 * Serves one file on a free loopback port at /<its name>, cacheable for a year (the URL changes
 * with every run). Resolves to its URL and a close function.
 */
export function serveFile(file: string, type: string): Promise<{ url: string; close: () => Promise<void> }> {
  const body = readFileSync(file);
  const name = path.basename(file);
  const server = http.createServer((request, response) => {
    if (request.url !== `/${name}`) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': type, 'content-length': body.length, 'cache-control': 'public, max-age=31536000, immutable' });
    response.end(body);
  });
  return new Promise((resolve, reject) => {
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}/${name}`, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}
