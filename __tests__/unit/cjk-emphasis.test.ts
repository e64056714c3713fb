/**
 * CJK-friendly emphasis in the one parser (gatsby/markdown/parse.ts, micromark-extension-cjk-friendly):
 * `**强调。**后文` is bold on the page, in the Markdown version and in search alike, while Latin emphasis,
 * intraword underscores and literal asterisks keep CommonMark's meaning.
 */
import { renderCases } from './support/cases';

const cases = renderCases({
  afterPunctuation: { source: '**强调。**后文，*斜体，*还有。**“引号”**之后，**（括号）**之后。\n' },
  latin: { source: '正常 **bold** 和 *em*，a*b*c，2 * 3 * 4，snake_case_name，**不闭合\n' },
  heading: { source: '## **注意：**这里\n\n正文\n' },
  // A Docusaurus page's admonition with CJK emphasis inside.
  inCallout: { source: ':::tip\n**先备份。**再升级。\n:::\n' },
});

describe('CJK-friendly emphasis', () => {
  it('closes ** and * after full-width punctuation before a Han character: page, Markdown version and search agree', () => {
    const { html, markdown, search } = cases.ok('afterPunctuation');
    expect(html).toBe('<p><strong>强调。</strong>后文，<em>斜体，</em>还有。<strong>“引号”</strong>之后，<strong>（括号）</strong>之后。</p>');
    expect(markdown).toContain('**强调。**后文，*斜体，*还有。**“引号”**之后，**（括号）**之后。');
    expect(search).toBe('强调。后文，斜体，还有。“引号”之后，（括号）之后。');
    expect(html).not.toContain('*');
  });

  it('leaves Latin emphasis, intraword underscores and lone asterisks as CommonMark has them', () => {
    const { html } = cases.ok('latin');
    expect(html).toBe('<p>正常 <strong>bold</strong> 和 <em>em</em>，a<em>b</em>c，2 * 3 * 4，snake_case_name，**不闭合</p>');
  });

  it('applies in headings (the table of contents and the id read the bold text) and inside callouts', () => {
    const heading = cases.ok('heading');
    expect(heading.html).toContain('<h2 id="注意这里"><strong>注意：</strong>这里');
    expect(heading.toc).toEqual([{ id: '注意这里', title: '注意：这里', depth: 2 }]);
    expect(cases.ok('inCallout').html).toContain('<p><strong>先备份。</strong>再升级。</p>');
  });
});
