/**
 * A page written for Docusaurus, unchanged (__tests__/fixtures/docusaurus): its imports, both
 * admonition title forms, nested admonitions (more colons, and the same number), tabs sharing a
 * groupId, code meta and magic comments, a GitHub alert. It passes check:content and reads as its
 * author meant on the page and in the Markdown version.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import { bodyFirstLine } from '../../gatsby/markdown/errors';
import { renderCases } from './support/cases';
import { spawnScript } from '../support/script';

const ROOT = path.resolve(__dirname, '../..');
const FIXTURE = path.join(__dirname, '../fixtures/docusaurus');
const FILE = 'content/docs/install.mdx';
const raw = readFileSync(path.join(FIXTURE, FILE), 'utf8');
const body = matter(raw).content;

const cases = renderCases({ page: { source: body, file: FILE, firstLine: bodyFirstLine(raw, body) } });

/** The callouts of a page in order: kind and label, with the depth they are nested at. */
function callouts(html: string): string[] {
  const found: string[] = [];
  let depth = 0;
  for (const m of html.matchAll(/<aside class="callout callout-(\w+)"[^>]*aria-label="([^"]*)">|<\/aside>/g)) {
    if (m[0] === '</aside>') depth -= 1;
    else {
      found.push(`${'  '.repeat(depth)}${m[1]}:${m[2]}`);
      depth += 1;
    }
  }
  return found;
}

describe('a Docusaurus page, unchanged', () => {
  it('passes npm run check:content', () => {
    const run = spawnScript([path.join(ROOT, 'scripts/check-content.mts'), '--root', FIXTURE], { cwd: ROOT, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('内容检查通过');
  });

  it('shows each admonition with its title, nested as written', () => {
    const { html } = cases.ok('page');
    expect(callouts(html)).toEqual(['tip:先确认 Python', 'info:只需要做一次', 'warning:升级之前', '  danger:警告', 'note:备注', '  caution:小心', 'warning:注意']);
    expect(html).toContain('<p>内层的提示框先结束。</p></aside><p>外层继续。</p></aside>');
    expect(html).not.toMatch(/:::|\[!WARNING\]|import |@theme/);
  });

  it('makes both tab sets one group, each with every panel under its label', () => {
    const { html } = cases.ok('page');
    const sets = [...html.matchAll(/<div class="tabs" data-tabs="([^"]*)"><div class="tab-list">(.*?)<\/div>/g)].map((m) => [
      m[1],
      [...(m[2] as string).matchAll(/data-value="(\w+)"( data-default="")?>([^<]+)</g)].map((b) => `${b[1]}${b[2] ? '*' : ''}=${b[3]}`),
    ]);
    expect(sets).toEqual([
      ['operating-systems', ['mac*=macOS', 'linux=Linux', 'win=Windows']],
      ['operating-systems', ['mac*=macOS', 'linux=Linux']],
    ]);
    expect(html).toContain('<div class="tab-panel" data-value="win"><p class="tab-label">Windows</p><p>官方安装包已经带了 tkinter。</p></div>');
  });

  it('titles, highlights and numbers the code, without the magic comment', () => {
    const { html } = cases.ok('page');
    expect(html).toContain('<div class="code-title">demo.config.json</div>');
    expect(html).toContain('<span class="code-line highlighted" data-line="3">');
    expect(html).toContain('<div class="code-title">server.js</div>');
    expect(html).toMatch(/<span class="code-line highlighted"><span class="token function">listen<\/span>/);
    expect(html).not.toContain('highlight-next-line');
  });

  it('reads the same in the Markdown version: callouts as quotes, tabs as labelled blocks, titled code', () => {
    const { markdown } = cases.ok('page');
    expect(markdown).toContain('> **升级之前**\n>\n> 先备份工作空间。\n>\n> > **警告**\n> >\n> > 删除的分支无法恢复。');
    expect(markdown).toContain('- **macOS**\n\n  ```bash\n  brew install python-tk\n  ```\n\n- **Linux**');
    expect(markdown).toContain('```js title="server.js"\nconst config = require(\'./demo.config.json\');\nlisten(config.port);\n```');
    expect(markdown).not.toMatch(/:::|import |highlight-next-line/);
  });
});
