/**
 * Colons in prose stay prose (gatsby/markdown/parse.ts reads `:::` through remark-directive;
 * restore-directives.ts turns the text `:name` and leaf `::name` forms back into what was written):
 * the page, the Markdown version and search read the source's characters wherever they stand, and the `:::`
 * containers (callouts, steps) still work.
 */
import path from 'node:path';
import { renderCases } from './support/cases';
import { spawnScript } from '../support/script';

const PROSE = '时间：10:30，16:9，localhost:8080，a:b，note:important，std::vector，`a:b`，:name 开头，x:y[标签]，a:b{c}，见 https://x.y/a:b 页';

const cases = renderCases({
  prose: { source: `${PROSE}\n` },
  leaf: { source: '::before\n\n前面一行\n::after\n后面一行\n\n硬换行  \n::before\n' },
  callout: { source: ':::note\n容器里 a:b，note:important\n::before\n:::\n\n:::tip 标题 a:b\n内容\n:::\n' },
  list: { source: '- 第一项 note:important\n  ::before\n- 第二项 std::vector\n::after\n' },
  table: { source: '| a:b | note:important |\n| --- | --- |\n| x:y[标签] | ::before |\n' },
  heading: { source: '## 配置 a:b 和 localhost:8080\n\n正文\n' },
  inline: { source: '*强调 a:b* 和 [链接 a:b](/docs/x) 和 **粗 x:y**\n\n![图 a:b](x.png)\n' },
  quote: { source: '> 引用 a:b[x\n> y] 结束\n' },
  escaped: { source: 'see\\:docs[文档](https://x.y)\n' },
});

/** What the page (its HTML, exactly), the Markdown version (its Markdown, within the page's) and search (exactly) read of a case. */
function expectRead(name: string, html: string, markdown: string, search: string) {
  const result = cases.ok(name);
  expect(result.html).toBe(html);
  expect(result.markdown).toContain(markdown);
  expect(result.search).toBe(search);
}

describe('colons in prose', () => {
  it('text directives read as written: page, Markdown version and search', () => {
    expectRead(
      'prose',
      '<p>时间：10:30，16:9，localhost:8080，a:b，note:important，std::vector，<code>a:b</code>，:name 开头，x:y[标签]，a:b{c}，见 <a href="https://x.y/a:b" target="_blank" rel="noopener noreferrer">https://x.y/a:b</a> 页</p>',
      '时间：10:30，16:9，localhost:8080，a:b，note:important，std::vector，`a:b`，:name 开头，x:y\\[标签]，a:b{c}，见 [https://x.y/a:b](https://x.y/a:b) 页',
      PROSE.replace('`a:b`', 'a:b'),
    );
  });

  it('a line ::name is a line of text: a paragraph, or the next line of the paragraph around it', () => {
    expectRead(
      'leaf',
      '<p>::before</p>\n<p>前面一行\n::after\n后面一行</p>\n<p>硬换行<br>\n::before</p>',
      '::before\n\n前面一行\n::after\n后面一行\n\n硬换行\\\n::before\n',
      '::before 前面一行 ::after 后面一行 硬换行 ::before',
    );
  });

  it('inside a callout and its title, a list item, a table cell, a heading, emphasis, a link and an image’s alt', () => {
    expectRead(
      'callout',
      '<aside class="callout callout-note" role="note" aria-label="备注"><strong class="callout-title">备注</strong><p>容器里 a:b，note:important\n::before</p></aside>\n' +
        '<aside class="callout callout-tip" role="note" aria-label="标题 a:b"><strong class="callout-title">标题 a:b</strong><p>内容</p></aside>',
      '> **备注**\n>\n> 容器里 a:b，note:important\n> ::before\n\n> **标题 a:b**\n>\n> 内容\n',
      '备注 容器里 a:b，note:important ::before 标题 a:b 内容',
    );
    expectRead(
      'list',
      '<ul>\n<li>第一项 note:important\n::before</li>\n<li>第二项 std::vector\n::after</li>\n</ul>',
      '- 第一项 note:important\n  ::before\n- 第二项 std::vector\n  ::after\n',
      '第一项 note:important ::before 第二项 std::vector ::after',
    );
    expectRead(
      'table',
      '<div class="table-scroll" tabindex="0" role="region" aria-label="表格 1"><table>\n<thead>\n<tr>\n<th>a:b</th>\n<th>note:important</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>x:y[标签]</td>\n<td>::before</td>\n</tr>\n</tbody>\n</table></div>',
      '| a:b      | note:important |\n| -------- | -------------- |\n| x:y\\[标签] | ::before       |',
      'a:b note:important x:y[标签] ::before',
    );
    expectRead(
      'inline',
      '<p><em>强调 a:b</em> 和 <a href="/docs/x">链接 a:b</a> 和 <strong>粗 x:y</strong></p>\n<img src="x.png" alt="图 a:b">',
      '*强调 a:b* 和 [链接 a:b](/docs/x) 和 **粗 x:y**\n\n![图 a:b](x.png)\n',
      '强调 a:b 和 链接 a:b 和 粗 x:y',
    );
    const heading = cases.ok('heading');
    expect(heading.toc).toEqual([{ id: '配置-ab-和-localhost8080', title: '配置 a:b 和 localhost:8080', depth: 2 }]);
    expect(heading.markdown).toContain('## 配置 a:b 和 localhost:8080\n');
    expect(heading.search).toBe('配置 a:b 和 localhost:8080 正文');
  });

  it('a [label] across lines of a quote reads as the quote’s text', () => {
    const { html, search } = cases.ok('quote');
    expect(html).toBe('<blockquote>\n<p>引用 a:b[x\ny] 结束</p>\n</blockquote>');
    expect(search).toBe('引用 a:b[x y] 结束');
  });

  it('word\\:name keeps what follows as Markdown (the way out of the label)', () => {
    expect(cases.ok('escaped').html).toBe('<p>see:docs<a href="https://x.y" target="_blank" rel="noopener noreferrer">文档</a></p>');
  });

  it('leaves no text or leaf directive in the parser’s tree: the ::: container is the one directive, prose is one text node', () => {
    const prose = '时间：10:30，a:b，::before 和 :name 都是正文。';
    const root = path.resolve(__dirname, '../..');
    const run = spawnScript([path.join(__dirname, 'support/parse-tree.mts')], { cwd: root, input: `:::note\n容器里的段落\n:::\n\n${prose}\n\n::before\n`, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(run.stderr);
    const { types, texts } = JSON.parse(run.stdout) as { types: string[]; texts: string[] };
    expect(types.filter((type) => type.endsWith('Directive'))).toEqual(['containerDirective']);
    expect(texts).toEqual(['容器里的段落', prose, '::before']);
  }, 60_000);
});
