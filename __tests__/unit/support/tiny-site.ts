/**
 * A tiny built site for bench:html-diff's test (../bench.test.ts): three pages, one of them at a
 * Chinese tag path and one with a space in its path, as Gatsby writes them (<route>/index.html),
 * a not-found page and one hashed script with its source map. Written into `dir`, readable by
 * nginx's unprivileged workers should a benchmark serve it.
 */
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const SCRIPT = 'app-0123456789abcdef0123.js';

const page = (title: string, body: string) =>
  `<!DOCTYPE html><html lang="zh-Hans"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>` +
  `<meta name="description" content="${title}"><script src="/${SCRIPT}" defer></script></head>` +
  `<body><main><h1>${title}</h1>${body}</main></body></html>\n`;

export function writeTinySite(dir: string, variant = ''): void {
  const files: Record<string, string> = {
    'index.html': page('首页', `<p>小站点${variant}</p><a href="/blog/tags/IT人生">IT人生</a> <a href="/docs/Get%20start">开始使用</a>`),
    'blog/tags/IT人生/index.html': page('标签：IT人生', '<p>一篇文章</p><a href="/">首页</a>'),
    'blog/tags/空壳/index.html': page('标签：空壳', '<p>另一篇文章</p><a href="/">首页</a>'),
    'docs/Get start/index.html': page('开始使用', '<p>文档</p><a href="/">首页</a>'),
    '404.html': page('找不到页面', '<a href="/">首页</a>'),
    [SCRIPT]: 'document.documentElement.dataset.ready = "1";\n//# sourceMappingURL=app-0123456789abcdef0123.js.map\n',
    [`${SCRIPT}.map`]: JSON.stringify({ version: 3, file: SCRIPT, sources: ['webpack://site/./src/app.js'], names: [], mappings: 'AAAA' }),
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  chmodSync(dir, 0o755);
}
