/**
 * Code blocks with meta and magic comments (gatsby/markdown/code-meta.ts, code-blocks.ts,
 * gatsby/markdown/prism splitLines): what the page shows, highlights and numbers, what the copy button
 * copies, what the Markdown version and search get, and mistakes at the file's line.
 */
import { CodeBlockError, parseCodeBlock } from '../../gatsby/markdown/code-meta';
import { h, text, textContent, type Element, type ElementContent } from '../../gatsby/markdown/hast';
import { highlightToHast, splitLines } from '../../gatsby/markdown/prism';
import { renderCases } from './support/cases';

const marked = (spec: ReturnType<typeof parseCodeBlock>) => spec.lines.map((l, i) => `${i + 1}${l.highlight ? '*' : ''}${l.change === 'add' ? '+' : l.change === 'remove' ? '-' : ''}`).join(' ');

describe('parseCodeBlock: meta and magic comments in one place', () => {
  it('reads the title, {ranges} and showLineNumbers, in any order', () => {
    const spec = parseCodeBlock('json', 'showLineNumbers=10 {1,3-4} title="demo.config.json"', '{\n  "a": 1,\n  "b": 2,\n  "c": 3\n}');
    expect(spec).toMatchObject({ language: 'json', title: 'demo.config.json', firstLineNumber: 10, diff: null });
    expect(marked(spec)).toBe('1* 2 3* 4* 5');
    expect(parseCodeBlock('js', "title='单引号 标题' showLineNumbers", 'x').firstLineNumber).toBe(1);
    expect(parseCodeBlock('js', 'title=bare.js', 'x').title).toBe('bare.js');
    // Docusaurus's live editor: a static block here.
    expect(parseCodeBlock('jsx', 'live noInline', 'x').title).toBeNull();
  });

  it('takes magic comments out, in the comment syntax of the language, and marks the lines they name', () => {
    const js = parseCodeBlock('js', null, ['// highlight-next-line', 'a();', 'b();', '/* highlight-start */', 'c();', 'd();', '  // highlight-end', 'e();'].join('\n'));
    expect(js.code).toBe('a();\nb();\nc();\nd();\ne();');
    expect(marked(js)).toBe('1* 2 3* 4* 5');
    const py = parseCodeBlock('python', null, '# highlight-next-line\nx = 1\n// highlight-next-line\ny = 2');
    // In Python, // is not a comment: that line is code.
    expect(py.code).toBe('x = 1\n// highlight-next-line\ny = 2');
    expect(marked(py)).toBe('1* 2 3');
    expect(parseCodeBlock('html', null, '<!-- highlight-next-line -->\n<p>x</p>').code).toBe('<p>x</p>');
    expect(parseCodeBlock('jsx', null, '{/* highlight-next-line */}\n<p />').code).toBe('<p />');
    expect(parseCodeBlock('sql', null, '-- highlight-next-line\nselect 1;').code).toBe('select 1;');
    expect(parseCodeBlock('ini', null, '; highlight-next-line\na=1').code).toBe('a=1');
    // Languages without a known syntax take any of them (json has no comments of its own).
    expect(parseCodeBlock('json', null, '// highlight-next-line\n{}').code).toBe('{}');
    // A comment that says something else is code.
    expect(parseCodeBlock('js', null, '// highlight-next-line please\nx').code).toBe('// highlight-next-line please\nx');
  });

  it('copies what a reader would paste', () => {
    expect(parseCodeBlock('bash', '{1}', '# highlight-next-line\nwing sync').copy).toBe('wing sync');
    // A patch is copied as a patch, markers and headers included.
    const patch = parseCodeBlock('diff', null, '--- a/x\n+++ b/x\n-old\n+new\n same');
    expect(marked(patch)).toBe('1 2 3- 4+ 5');
    expect(patch.copy).toBe('--- a/x\n+++ b/x\n-old\n+new\n same');
    // diff-<lang>: markers go to the gutter; the copy is the code after the change.
    const lines = parseCodeBlock('diff-json', null, ' {\n-  "a": 1\n+  "a": 2\n }');
    expect(lines).toMatchObject({ language: 'json', diff: 'lines', code: '{\n  "a": 1\n  "a": 2\n}', copy: '{\n  "a": 2\n}' });
    expect(marked(lines)).toBe('1 2- 3+ 4');
    expect(lines.markdown).toBe(' {\n-  "a": 1\n+  "a": 2\n }');
  });

  it('reports mistakes with the line they are on (null: the fence)', () => {
    const failure = (lang: string, meta: string | null, code: string) => {
      try {
        parseCodeBlock(lang, meta, code);
      } catch (error) {
        return error instanceof CodeBlockError ? [error.line, error.message] : error;
      }
      return 'no error';
    };
    expect(failure('js', 'showLineNumber', 'x')).toEqual([null, '代码块不认识 showLineNumber（可用：title="…"、{1,3-5}、showLineNumbers、showLineNumbers=10）']);
    expect(failure('js', '{0-2}', 'x')).toEqual([null, expect.stringContaining('行号范围 {0-2} 写错了')]);
    expect(failure('js', '{3}', 'a\nb')).toEqual([null, '要高亮的第 3 行不存在：这个代码块只有 2 行（魔法注释不算）']);
    expect(failure('js', 'showLineNumbers=x', 'a')).toEqual([null, expect.stringContaining('showLineNumbers=x 需要一个数字')]);
    expect(failure('js', null, 'a\n// highlight-start\nb')).toEqual([1, 'highlight-start 没有对应的 highlight-end']);
    expect(failure('js', null, 'a\n// highlight-end')).toEqual([1, 'highlight-end 前面没有 highlight-start']);
  });
});

describe('splitLines: Prism spans cut at line breaks, none broken', () => {
  it('gives each line whole copies of the spans that cross it', () => {
    const lines = splitLines(highlightToHast('/* 一\n二 */ const a = `x\ny`;', 'javascript') ?? []);
    const html = (nodes: ElementContent[]): string => nodes.map((n) => (n.type === 'text' ? n.value : n.type === 'element' ? `<${(n.properties?.className as string[]).join('.')}>${html(n.children)}</>` : '')).join('');
    expect(lines.map(html)).toEqual([
      '<token.comment>/* 一</>',
      '<token.comment>二 */</> <token.keyword>const</> a <token.operator>=</> <token.template-string><token.template-punctuation.string>`</><token.string>x</></>',
      '<token.template-string><token.string>y</><token.template-punctuation.string>`</></><token.punctuation>;</>',
    ]);
  });

  it('keeps the text and the empty lines', () => {
    const nodes: ElementContent[] = [text('a\n\n'), h('span', { className: ['token'] }, [text('b\nc')]), text('\n')];
    const lines = splitLines(nodes);
    expect(lines.map((line) => line.map((n) => textContent(n as Element)).join(''))).toEqual(['a', '', 'b', 'c', '']);
  });
});

const cases = renderCases({
  titled: { source: '```json title="demo.config.json" {2} showLineNumbers=10\n{\n  "name": "demo",\n  // highlight-next-line\n  "port": 8080\n}\n```\n' },
  plain: { source: '```kotlin\nval binder = ServiceManager.getService("activity")\n```\n' },
  diffJson: { source: '```diff-json\n {\n-  "port": 80\n+  "port": 8080\n }\n```\n' },
  badMeta: { source: '正文\n\n```js titel="x"\nconst a = 1\n```\n', file: 'content/docs/bad.mdx', firstLine: 10 },
  badComment: { source: '正文\n\n```js\nconst a = 1\n// highlight-start\nconst b = 2\n```\n', file: 'content/docs/bad.mdx', firstLine: 10 },
});

/** What copy-code.ts copies, read from the page's HTML: the code-line spans not marked data-no-copy. */
const copiedFromHtml = (html: string) =>
  [...html.matchAll(/<span class="code-line[^"]*"([^>]*)>(.*?)<\/span>\n/g)]
    .filter((m) => !(m[1] as string).includes('data-no-copy'))
    .map((m) =>
      (m[2] as string)
        .replace(/<[^>]+>/g, '')
        .replace(/&#x26;/g, '&')
        .replace(/&#x3C;/g, '<'),
    )
    .join('\n');

describe('code blocks: page, copy, Markdown version and search', () => {
  it('shows the title, numbers the lines from 10 and highlights by range and by comment', () => {
    const { html } = cases.ok('titled');
    expect(html).toContain('<div class="code-block" data-language="json"><div class="code-title">demo.config.json</div><div class="code-header"><span>JSON</span>');
    expect(html).toContain(
      '<code class="code-lines line-numbers"><span class="code-line" data-line="10"><span class="token punctuation">{</span></span>\n<span class="code-line highlighted" data-line="11">  <span class="token property">"name"</span>',
    );
    expect(html).toContain('<span class="code-line highlighted" data-line="12">  <span class="token property">"port"</span>');
    expect(html).toContain('<span class="code-line" data-line="13"><span class="token punctuation">}</span></span>\n</code>');
    expect(html).not.toContain('highlight-next-line');
    expect(copiedFromHtml(html)).toBe('{\n  "name": "demo",\n  "port": 8080\n}');
  });

  it('leaves blocks without marks as they were: no line spans', () => {
    const { html } = cases.ok('plain');
    expect(html).toContain('<pre class="code-pre language-kotlin" tabindex="0"><code><span class="token keyword">val</span>');
    expect(html).not.toContain('code-line');
  });

  it('marks a diff-<lang> in the gutter, highlights it as the language, and copies the code after the change', () => {
    const { html, markdown } = cases.ok('diffJson');
    expect(html).toContain('<span>JSON 差异</span>');
    expect(html).toContain('<code class="code-lines diff-gutter">');
    expect(html).toContain('<span class="code-line diff-remove" data-no-copy="">  <span class="token property">"port"</span>');
    expect(html).toContain('<span class="code-line diff-add">  <span class="token property">"port"</span>');
    expect(copiedFromHtml(html)).toBe('{\n  "port": 8080\n}');
    expect(markdown).toContain('```diff-json\n {\n-  "port": 80\n+  "port": 8080\n }\n```');
  });

  it('gives the Markdown version the code as shown with its title, and search the title and identifiers', () => {
    const { markdown, search } = cases.ok('titled');
    expect(markdown).toContain('```json title="demo.config.json"\n{\n  "name": "demo",\n  "port": 8080\n}\n```');
    expect(search).toBe('demo.config.json');
    expect(cases.ok('plain').search).toBe('ServiceManager.getService');
  });

  it.each([
    ['badMeta', 'content/docs/bad.mdx:12:1 代码块不认识 titel="x"'],
    ['badComment', 'content/docs/bad.mdx:14:1 highlight-start 没有对应的 highlight-end'],
  ])('names the line of a mistake: %s', (name, message) => {
    expect(cases.error(name)).toContain(message);
  });
});
