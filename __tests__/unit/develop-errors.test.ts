/**
 * gatsby develop's overlay for content errors (gatsby/markdown/develop-errors.ts): the renderer's
 * one message (`file:line:column reason`, gatsby/markdown/errors.ts) with its place, the line of
 * a frontmatter mistake, and one overlay entry per broken file until that file is fixed — checked
 * through the real hooks (support/develop-overlay.mts) and as pure functions.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ContentErrorBoard, overlayErrors, problemHtml, problemOf, type OverlayError } from '../../gatsby/markdown/develop-errors';
import { spawnScript } from '../support/script';

const ROOT = path.resolve(__dirname, '../..');
const file = 'content/docs/desktop/wing/Introduce.mdx';

describe('develop: the overlay as content files break and are fixed (the real hooks, Gatsby’s websocketManager)', () => {
  let seen: { render: { broken: OverlayError[][]; bodies: string[]; fixed: unknown[] }; frontmatter: { broken: OverlayError[][]; fixed: unknown[] }; yaml: { node: unknown; broken: OverlayError[][]; fixed: unknown[] } };
  beforeAll(() => {
    const fixtures = ['bad-lines', 'bad-diagram'].map((f) => path.join(__dirname, '../fixtures', f));
    const run = spawnScript([path.join(__dirname, 'support/develop-overlay.mts'), ...fixtures, mkdtempSync(path.join(os.tmpdir(), 'overlay-'))], { cwd: ROOT, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(run.stderr);
    seen = JSON.parse(run.stdout) as typeof seen;
  }, 120_000);

  it('a body the renderer rejects: one entry per file with the renderer’s own message, file and line; gone when fixed', () => {
    const [errors] = seen.render.broken as [OverlayError[]];
    // MDX syntax, import, unknown component, expression, unknown callout type, bad code meta, bad Mermaid.
    expect(errors.map((e) => `${e.filePath}:${e.location?.start.line}:${e.location?.start.column ?? ''}`).sort()).toEqual([
      'content/docs/admonition.mdx:15:1',
      'content/docs/code.mdx:15:1',
      'content/docs/component.mdx:17:1',
      'content/docs/expression.mdx:15:4',
      'content/docs/import.mdx:15:1',
      'content/docs/intro.mdx:10:',
      'content/docs/syntax.mdx:15:1',
    ]);
    for (const error of errors) expect(error.context.sourceMessage.startsWith(`${error.filePath}:${error.location?.start.line}`)).toBe(true);
    expect(errors.find((e) => e.filePath === 'content/docs/admonition.mdx')?.context.sourceMessage).toMatch(/^content\/docs\/admonition\.mdx:15:1 未知的提示框类型 :::hint/);
    expect(seen.render.fixed).toEqual([]);
  });

  it('meanwhile the page shows the message in place of its body (the resolver does not throw in develop)', () => {
    const [errors] = seen.render.broken as [OverlayError[]];
    expect(seen.render.bodies).toHaveLength(errors.length);
    for (const body of seen.render.bodies) expect(body).toMatch(/^<div role="alert" class="content-error">.*content\/docs\/\w+\.mdx:\d+/s);
  });

  it('a frontmatter field the content model rejects: the field’s line and column; gone when fixed', () => {
    const [errors] = seen.frontmatter.broken as [OverlayError[]];
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ filePath: 'content/docs/wing.mdx', location: { start: { line: 3, column: 19 } } });
    expect(errors[0]?.context.sourceMessage).toBe('内容错误 content/docs/wing.mdx:3:19: 字段 "sidebar_position" 必须是数字');
    expect(seen.frontmatter.fixed).toEqual([]);
  });

  it('a frontmatter that is not YAML: the line and column where the parser stopped; gone when fixed', () => {
    // The node as gatsby-plugin-mdx makes it from the broken file (which no longer throws inside the plugin).
    expect(seen.yaml.node).toEqual({ frontmatter: {} });
    const [errors] = seen.yaml.broken as [OverlayError[]];
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ filePath: 'content/docs/wing.mdx', location: { start: { line: 3, column: 19 } } });
    expect(errors[0]?.context.sourceMessage).toBe('内容错误 content/docs/wing.mdx:3:19: frontmatter 不是合法的 YAML：Flow sequence in block collection must be sufficiently indented and end with a ]');
    expect(errors[0]?.text).toContain('改正并保存这个文件后，页面会自动恢复');
    expect(seen.yaml.fixed).toEqual([]);
  });
});

describe('develop: content errors in the overlay, naming file:line', () => {
  it('the place a renderer message starts with', () => {
    expect(problemOf(`${file}:7:1 未知的提示框类型 :::hint`, file)).toEqual({ file, line: 7, column: 1, message: `${file}:7:1 未知的提示框类型 :::hint` });
    expect(problemOf(`${file}:10 无法绘制的 Mermaid 图`, file)).toMatchObject({ line: 10, column: undefined });
    // A message that names no place: the file only.
    expect(problemOf(`${file} 出错了`, file)).toEqual({ file, line: undefined, column: undefined, message: `${file} 出错了` });
  });

  it('the overlay’s shape: the message with file:line first, the file and line for “open in editor”', () => {
    const [error] = overlayErrors([{ file, line: 3, column: 1, message: '未知的 MDX 组件 <Foo>' }]) as [OverlayError];
    expect(error.context.sourceMessage).toBe(`${file}:3:1 未知的 MDX 组件 <Foo>`);
    expect(error).toMatchObject({ filePath: file, location: { start: { line: 3, column: 1 } }, level: 'ERROR' });
    expect(error.text).toContain(`${file}:3:1`);
    // The renderer's message already starts with its place: shown as it is.
    expect(overlayErrors([{ file, line: 7, column: 1, message: `${file}:7:1 未知的提示框类型 :::hint` }])[0]?.context.sourceMessage).toBe(`${file}:7:1 未知的提示框类型 :::hint`);
  });

  it('the body a broken page shows meanwhile: the message, escaped', () => {
    const html = problemHtml({ file, line: 9, message: `${file}:9:1 未知的 MDX 组件 <Foo>（“&”）` });
    expect(html).toContain(`${file}:9:1 未知的 MDX 组件 &#60;Foo&#62;（“&#38;”）`);
    expect(html).not.toContain('<Foo>');
    expect(html).toMatch(/^<div role="alert"/);
  });

  it('each file’s error is shown until that file is fixed, then the overlay clears', () => {
    const sent: Array<OverlayError[] | null> = [];
    const board = new ContentErrorBoard((errors) => sent.push(errors));
    board.set('render', 'a.mdx', { file: 'a.mdx', line: 2, message: 'x' });
    board.set('frontmatter', 'b.mdx', { file: 'b.mdx', line: 3, message: 'y' });
    expect(sent.at(-1)?.map((e) => e.filePath)).toEqual(['a.mdx', 'b.mdx']);
    board.set('render', 'a.mdx', null);
    expect(sent.at(-1)?.map((e) => e.filePath)).toEqual(['b.mdx']);
    const count = sent.length;
    board.set('render', 'a.mdx', null); // still fine: nothing sent again
    expect(sent.length).toBe(count);
    board.set('frontmatter', 'b.mdx', null);
    expect(sent.at(-1)).toBeNull();
  });
});
