#!/usr/bin/env node
// Serves a built site with Debian's nginx on loopback, using deploy/site.conf.template.
//   node scripts/nginx.mjs start [--root public] [--port 9000] [--prefix /fomosite]
//   node scripts/nginx.mjs stop  [--port 9000]
// Everything nginx writes (config, pid, logs, temp files) goes to .e2e/nginx-<port>/.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
}

export function nginxBinary() {
  for (const candidate of ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx']) if (existsSync(candidate)) return candidate;
  throw new Error('找不到 nginx：请先安装（Debian：apt-get install -y nginx）');
}

export function renderSiteConf({ siteRoot, port, prefix }) {
  const template = readFileSync(path.join(root, 'deploy/site.conf.template'), 'utf8');
  return template
    .replaceAll('__LISTEN__', `127.0.0.1:${port}`)
    .replaceAll('__ROOT__', siteRoot)
    .replaceAll('__PREFIX__', prefix);
}

export function startNginx({ siteRoot = path.join(root, 'public'), port = 9000, prefix = '' } = {}) {
  const dir = path.join(root, '.e2e', `nginx-${port}`);
  mkdirSync(path.join(dir, 'logs'), { recursive: true });
  mkdirSync(path.join(dir, 'tmp'), { recursive: true });
  // With a prefix, the site's files live under <root>/<prefix>: serve a parent folder with a link.
  let served = siteRoot;
  if (prefix) {
    served = path.join(dir, 'root');
    mkdirSync(path.join(served, path.dirname(prefix)), { recursive: true });
    execFileSync('ln', ['-sfn', siteRoot, path.join(served, prefix)]);
  }
  const conf = `
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log warn;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log ${dir}/logs/access.log;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  sendfile on;
  disable_symlinks off;
${renderSiteConf({ siteRoot: served, port, prefix })}
}
`;
  const confFile = path.join(dir, 'nginx.conf');
  writeFileSync(confFile, conf);
  stopNginx({ port });
  execFileSync(nginxBinary(), ['-c', confFile, '-p', dir], { stdio: 'inherit' });
  return { url: `http://127.0.0.1:${port}${prefix}`, confFile, dir };
}

export function stopNginx({ port = 9000 } = {}) {
  const dir = path.join(root, '.e2e', `nginx-${port}`);
  const pidFile = path.join(dir, 'nginx.pid');
  if (!existsSync(pidFile)) return;
  try {
    process.kill(Number(readFileSync(pidFile, 'utf8').trim()), 'SIGQUIT');
  } catch {
    /* already stopped */
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const command = process.argv[2] ?? 'start';
  const port = Number(arg('port', '9000'));
  if (command === 'stop') {
    stopNginx({ port });
  } else {
    const { url } = startNginx({ siteRoot: path.resolve(arg('root', path.join(root, 'public'))), port, prefix: (arg('prefix', '') ?? '').replace(/\/$/, '') });
    console.log(`nginx 已启动：${url}/  （停止：node scripts/nginx.mjs stop --port ${port}）`);
  }
}
