/**
 * Build-time content rendering (gatsby/markdown): the hast plugins that turn rendered MDX into
 * the site's code blocks, callouts, scrolling tables, base-URL links and table of contents, and
 * the MDX syntax content may and may not use. (The whole unified chain runs over every real
 * content file in bad-content.test.ts through npm run check:content.)
 */
import path from 'node:path';
import { codeBlock, codeLabel, rehypeCodeBlocks } from '../../gatsby/markdown/code-blocks';
import { h, mapElements, text, textContent, type Element, type Root } from '../../gatsby/markdown/hast';
import { remarkCoverOnce } from '../../gatsby/markdown/cover';
import { calloutElement } from '../../gatsby/markdown/callouts';
import { esmToHast, expressionToHast, jsxToHast, stringLiteral } from '../../gatsby/markdown/jsx';
import { rehypeLinks, withBase } from '../../gatsby/markdown/links';
import { rehypeScrollTables, tableRegionNames } from '../../gatsby/markdown/tables';
import { tocFromHast } from '../../gatsby/markdown/toc';
import { holdsAny, onlyWith } from '../../gatsby/markdown/node-types';
import { filesByPath, filesNamedBy } from '../../gatsby/markdown/linked-files';

const root = (...children: Element[]): Root => ({ type: 'root', children });
const pre = (language: string | null, code: string) => h('pre', {}, [h('code', language ? { className: [`language-${language}`] } : {}, [text(code)])]);

describe('code blocks', () => {
  it('wraps a fenced block with a language label, a copy button and a focusable <pre>', () => {
    const block = codeBlock(pre('kotlin', 'val x = 1\n')) as Element;
    expect(block.properties?.className).toEqual(['code-block']);
    expect(block.properties?.dataLanguage).toBe('kotlin');
    const [header, body] = block.children as Element[];
    expect(textContent(header as Element)).toBe('Kotlin复制');
    const button = (header as Element).children[1] as Element;
    expect(button.tagName).toBe('button');
    expect(button.properties).toMatchObject({ type: 'button', dataCopyButton: '' });
    // Named by its visible text (an aria-label would stop matching it once it reads 已复制).
    expect(button.properties?.ariaLabel).toBeUndefined();
    expect(textContent(button)).toBe('复制');
    expect((header as Element).children[2]).toMatchObject({ tagName: 'span', properties: { role: 'status', dataCopyStatus: '' }, children: [] });
    expect((body as Element).tagName).toBe('pre');
    expect((body as Element).properties).toMatchObject({ className: ['code-pre', 'language-kotlin'], tabIndex: 0 });
    expect(textContent(body as Element)).toBe('val x = 1\n');
  });

  it('labels known languages by name, unknown ones as written, and unlabelled fences as text', () => {
    expect(codeLabel('objectivec')).toBe('Objective-C');
    expect(codeLabel('bash')).toBe('Shell');
    expect(codeLabel('protobuf')).toBe('protobuf');
    expect((codeBlock(pre(null, 'x')) as Element).properties?.dataLanguage).toBe('text');
    expect(codeLabel('text')).toBe('文本');
  });

  it('replaces every <pre><code> in the tree and leaves other <pre> alone', () => {
    const tree = root(h('div', {}, [pre('java', 'int a;')]), h('pre', {}, [text('plain')]));
    rehypeCodeBlocks()(tree);
    expect((tree.children[0] as Element).children[0]).toMatchObject({ tagName: 'div', properties: { className: ['code-block'] } });
    expect(tree.children[1]).toMatchObject({ tagName: 'pre', children: [{ type: 'text', value: 'plain' }] });
  });
});

describe('links', () => {
  it('prefixes site links with the base URL once, and only those', () => {
    expect(withBase('/docs/intro', '/fomosite')).toBe('/fomosite/docs/intro');
    expect(withBase('/fomosite/docs/intro', '/fomosite')).toBe('/fomosite/docs/intro');
    expect(withBase('/docs/intro', '')).toBe('/docs/intro');
    expect(withBase('//cdn.example.com/x', '/fomosite')).toBe('//cdn.example.com/x');
    expect(withBase('#part', '/fomosite')).toBe('#part');
  });

  it('opens other sites in a new tab without window.opener', () => {
    const tree = root(h('p', {}, [h('a', { href: 'https://github.com/iofomo' }, [text('GitHub')]), h('a', { href: '/blog' }, [text('博客')]), h('a', { href: '#x' }, [text('x')])]));
    rehypeLinks({ pathPrefix: '/fomosite/' })(tree);
    const [external, site, hash] = (tree.children[0] as Element).children as Element[];
    expect(external?.properties).toMatchObject({ target: '_blank', rel: ['noopener', 'noreferrer'] });
    expect(site?.properties).toEqual({ href: '/fomosite/blog' });
    expect(hash?.properties).toEqual({ href: '#x' });
  });
});

describe('tables', () => {
  const regionsOf = (tree: Root) => {
    const found: Element[] = [];
    const walk = (node: Root | Element) =>
      node.children.forEach((child) => {
        if (child.type !== 'element') return;
        if (child.properties?.role === 'region') found.push(child);
        walk(child);
      });
    walk(tree);
    return found;
  };
  const table = (...rows: Element[]) => h('table', {}, rows);
  const row = (cell: string, ...values: string[]) =>
    h(
      'tr',
      {},
      values.map((v) => h(cell, {}, v ? [text(v)] : [])),
    );

  it('puts each table in a named, focusable scrolling region', () => {
    const tree = root(h('h2', {}, [text('命令')]), table());
    rehypeScrollTables()(tree);
    expect(tree.children[1]).toMatchObject({ tagName: 'div', properties: { className: ['table-scroll'], tabIndex: 0, role: 'region', ariaLabel: '表格：命令' } });
    expect((tree.children[1] as Element).children[0]).toMatchObject({ tagName: 'table' });
  });

  it('names each region after its caption, else the nearest heading above it, else its number, never twice the same', () => {
    const tree = root(
      table(),
      h('h2', {}, [text('安装 '), h('code', {}, [text('wing')])]),
      h('p', {}, [text('…')]),
      table(),
      h('aside', {}, [table()]),
      h('h3', {}, [text('对比')]),
      table(h('caption', {}, [text(' 空壳与 Keener ')]), row('th', '', 'A')),
      table(),
      h('h3', {}, [text('安装 wing')]),
      table(),
    );
    rehypeScrollTables()(tree);
    const names = regionsOf(tree).map((r) => r.properties?.ariaLabel);
    expect(names).toEqual(['表格 1', '表格：安装 wing', '表格：安装 wing（2）', '表格：空壳与 Keener', '表格：对比', '表格：安装 wing（3）']);
    expect(new Set(names).size).toBe(names.length);
  });

  it('numbers tables by their place on the page and keeps names unique', () => {
    expect(tableRegionNames([null, 'A', null, 'A', 'A'])).toEqual(['表格 1', '表格：A', '表格 3', '表格：A（2）', '表格：A（3）']);
  });

  it('turns empty header cells (a corner cell) into data cells and keeps the others', () => {
    const tree = root(table(h('thead', {}, [row('th', '', '空壳', 'Keener'), h('tr', {}, [h('th', {}, [h('img', { alt: '图标' })])])]), h('tbody', {}, [row('td', '运行位置', '手机', '云')])));
    rehypeScrollTables()(tree);
    const cells = (tree.children[0] as Element).children[0] as Element;
    const header = ((cells.children[0] as Element).children[0] as Element).children as Element[];
    expect(header.map((c) => c.tagName)).toEqual(['td', 'th', 'th']);
    const imageOnly = ((cells.children[0] as Element).children[1] as Element).children[0] as Element;
    expect(imageOnly.tagName).toBe('th');
  });
});

describe('walking the tree (mapElements)', () => {
  it('replaces an element in place by what the visitor returns, does not visit the replacement, and goes on with the next', () => {
    const tree = root(h('p', [h('em', 'a'), h('b', 'b'), h('em', 'c')]), h('em', 'd'));
    const seen: string[] = [];
    mapElements(tree, (el) => {
      seen.push(`${el.tagName}:${textContent(el)}`);
      if (el.tagName === 'b') return [h('em', 'x'), text('y'), h('em', 'z')];
      return el.tagName === 'em' ? [el] : undefined;
    });
    expect(seen).toEqual(['p:abc', 'em:a', 'b:b', 'em:c', 'em:d']);
    expect((tree.children[0] as Element).children.map((c) => (c.type === 'element' ? `<${c.tagName}>${textContent(c)}` : textContent(c)))).toEqual(['<em>a', '<em>x', 'y', '<em>z', '<em>c']);
  });

  it('removes an element the visitor returns nothing for, and keeps every other array untouched', () => {
    const kept = h('div', [h('span', '1')]);
    const tree = root(h('hr'), kept, h('hr'));
    const before = kept.children;
    mapElements(tree, (el) => (el.tagName === 'hr' ? [] : undefined));
    expect(tree.children).toEqual([kept]);
    expect(kept.children).toBe(before);
  });
});

describe('plugins run only on pages holding their kinds of node (node-types.ts)', () => {
  const page = { type: 'root', children: [{ type: 'paragraph', children: [{ type: 'text' }, { type: 'link', children: [{ type: 'image' }] }] }] };

  it('finds a kind anywhere in the tree, the root included', () => {
    expect(holdsAny(page, ['image'])).toBe(true);
    expect(holdsAny(page, ['root'])).toBe(true);
    expect(holdsAny(page, ['imageReference', 'definition'])).toBe(false);
  });

  it('calls the transformer with the tree and file only then, and returns what it returns', async () => {
    const calls: unknown[] = [];
    const plugin = (suffix: string) => async (tree: unknown, file: unknown) => {
      calls.push([tree, file, suffix]);
      return 'done';
    };
    expect(await onlyWith(['image'], plugin)('!')(page, 'f')).toBe('done');
    expect(onlyWith(['definition'], plugin)('?')(page, 'f')).toBeUndefined();
    expect(calls).toEqual([[page, 'f', '!']]);
  });

  it("refuses a transformer that takes unified's callback, which it would never call", () => {
    expect(() => onlyWith(['image'], () => (_tree: unknown, _file: unknown, next: () => void) => next())()).toThrow('takes a callback');
  });
});

describe('the File nodes a page can name (linked-files.ts)', () => {
  const dir = '/site/content/blog/2024-01-01-x';
  const files = ['cover.png', 'a b.zip', 'diagram.svg', 'notes.txt', '../2023-12-01-y/other.png', '../../docs/a.mdx'].map((name) => ({ absolutePath: path.posix.join(dir, name), name }));
  const index = filesByPath(files);
  const tree = (...urls: string[]) => ({ type: 'root', children: [{ type: 'paragraph', children: urls.map((url) => ({ type: url.startsWith('!') ? 'image' : 'link', url: url.replace(/^!/, '') })) }] });
  const names = (found: readonly { name?: string }[]) => found.map((f) => f.name).sort();

  it('gives the plugins the files at the paths its images, links and definitions name, as either plugin joins them', () => {
    const page = tree('!./cover.png?w=300', '../2023-12-01-y/other.png#top', './a%20b.zip', '/blog/some-post', 'https://example.com/x.zip', '#heading');
    page.children.push({ type: 'definition', url: 'diagram.svg' } as never);
    expect(names(filesNamedBy(page, dir, index, files))).toEqual(['../2023-12-01-y/other.png', 'a b.zip', 'cover.png', 'diagram.svg']);
  });

  it('gives none to a page whose links all name pages or other sites, and every one to a page with raw HTML', () => {
    expect(filesNamedBy(tree('/blog/a', '/docs/desktop/wing/Introduce', 'https://github.com/iofomo/wing'), dir, index, files)).toEqual([]);
    const withHtml = tree('/blog/a');
    withHtml.children.push({ type: 'html', value: '<img src="./notes.txt">' } as never);
    expect(filesNamedBy(withHtml, dir, index, files)).toBe(files);
  });
});

describe('table of contents', () => {
  it('lists h2 and h3 in order, by id, without the heading anchors', () => {
    const anchor = h('a', { className: ['heading-anchor'], href: '#a' }, [text('#')]);
    const tree = root(
      h('h2', { id: '准备环境' }, [text('准备环境'), anchor]),
      h('h3', { id: 'linux' }, [text('Linux '), h('code', {}, [text('apt')])]),
      h('h4', { id: 'deep' }, [text('不进目录')]),
      h('h2', { id: 'faq' }, [text('常见问题')]),
      h('h2', {}, [text('没有 id 的标题')]),
    );
    expect(tocFromHast(tree)).toEqual([
      { id: '准备环境', title: '准备环境', depth: 2 },
      { id: 'linux', title: 'Linux apt', depth: 3 },
      { id: 'faq', title: '常见问题', depth: 2 },
    ]);
  });
});

describe('MDX syntax in content', () => {
  const state = { all: (node: unknown) => ((node as { children?: unknown[] }).children ?? []).map((c) => text(String(c))) };
  // The handlers as remark-rehype calls them for one file (the JSX construct registers them).
  const file = { file: 'content/docs/x.mdx' };
  type Node = Parameters<typeof jsxToHast>[1];
  const handlers = {
    mdxJsxFlowElement: (s: typeof state, node: Node) => jsxToHast(s, node, file),
    mdxJsxTextElement: (s: typeof state, node: Node) => jsxToHast(s, node, file),
    mdxFlowExpression: (s: typeof state, node: Node) => expressionToHast(s, node, file),
    mdxTextExpression: (s: typeof state, node: Node) => expressionToHast(s, node, file),
    mdxjsEsm: (s: typeof state, node: Node) => esmToHast(s, node, file),
  };
  const at = { start: { line: 7, column: 3 } };

  it('renders <Callout> with its type, default or given title, and role note', () => {
    const aside = handlers.mdxJsxFlowElement(state, { type: 'mdxJsxFlowElement', name: 'Callout', attributes: [{ type: 'mdxJsxAttribute', name: 'type', value: 'warning' }], children: ['小心'] }) as Element;
    expect(aside).toMatchObject({ tagName: 'aside', properties: { className: ['callout', 'callout-warning'], role: 'note', ariaLabel: '注意' } });
    expect(textContent(aside)).toBe('注意小心');
    expect(calloutElement('info', [text('自定义')], []).properties).toMatchObject({ className: ['callout', 'callout-info'], ariaLabel: '自定义' });
    expect(() => handlers.mdxJsxFlowElement(state, { type: 'mdxJsxFlowElement', name: 'Callout', attributes: [{ type: 'mdxJsxAttribute', name: 'type', value: 'nope' }], position: at })).toThrow(
      'x.mdx:7:3 未知的提示框类型',
    );
  });

  it('keeps lowercase HTML elements with string attributes', () => {
    const kbd = handlers.mdxJsxTextElement(state, { type: 'mdxJsxTextElement', name: 'kbd', attributes: [{ type: 'mdxJsxAttribute', name: 'class', value: 'key' }], children: ['Ctrl'] }) as Element;
    expect(kbd).toMatchObject({ tagName: 'kbd', properties: { className: ['key'] } });
    // Attribute names become hast's property names, as the HTML writer expects them.
    const label = handlers.mdxJsxTextElement(state, {
      type: 'mdxJsxTextElement',
      name: 'label',
      attributes: [
        { type: 'mdxJsxAttribute', name: 'for', value: 'q' },
        { type: 'mdxJsxAttribute', name: 'data-hint', value: '提示' },
      ],
      children: [],
    }) as Element;
    expect(label.properties).toEqual({ htmlFor: ['q'], dataHint: '提示' });
  });

  it('renders string-literal expressions and drops comments', () => {
    expect(handlers.mdxTextExpression(state, { type: 'mdxTextExpression', value: "'{'" })).toEqual(text('{'));
    expect(handlers.mdxFlowExpression(state, { type: 'mdxFlowExpression', value: '/* 编辑注释 */' })).toBeNull();
    expect(stringLiteral('"a\\"b"')).toBe('a"b');
    expect(stringLiteral("'it\\'s'")).toBe("it's");
    expect(stringLiteral('1 + 1')).toBeNull();
  });

  it('stops the build on what needs JavaScript, naming file and line', () => {
    expect(() => handlers.mdxJsxFlowElement(state, { type: 'mdxJsxFlowElement', name: 'Tabz', attributes: [], position: at })).toThrow('content/docs/x.mdx:7:3 未知的 MDX 组件 <Tabz>');
    expect(() => handlers.mdxTextExpression(state, { type: 'mdxTextExpression', value: 'new Date()', position: at })).toThrow(/x\.mdx:7:3 表达式 \{new Date\(\)\}/);
    expect(() => handlers.mdxjsEsm(state, { type: 'mdxjsEsm', value: "import X from './x'", position: at })).toThrow(/x\.mdx:7:3 内容中不支持 import/);
    expect(() =>
      handlers.mdxJsxFlowElement(state, {
        type: 'mdxJsxFlowElement',
        name: 'Callout',
        attributes: [{ type: 'mdxJsxAttribute', name: 'title', value: { type: 'mdxJsxAttributeValueExpression', value: 'title' } }],
        position: at,
      }),
    ).toThrow(/只能使用字符串/);
  });
});

describe('post cover shown once', () => {
  const image = (url: string, alt: string) => ({ type: 'image' as const, url, alt });
  const tree = () =>
    ({
      type: 'root',
      children: [{ type: 'paragraph', children: [{ type: 'text', value: '开头一段。' }] }, image('./cover.png', '调用路径：Java 代理、libbinder、ioctl'), image('./other.png', '另一张图')],
    }) as import('mdast').Root;

  it('takes the body copy of the frontmatter image out and hands its alt text to the cover', () => {
    const found: string[] = [];
    const doc = tree();
    remarkCoverOnce({ src: 'cover.png', onFound: (alt) => found.push(alt) })(doc);
    expect(found).toEqual(['调用路径：Java 代理、libbinder、ioctl']);
    expect(doc.children.map((n) => (n.type === 'image' ? n.url : n.type))).toEqual(['paragraph', './other.png']);
  });

  it('leaves the body alone without a cover, or when the cover is another file', () => {
    for (const src of [undefined, './banner.png', './images/cover.png']) {
      const doc = tree();
      const found: string[] = [];
      remarkCoverOnce({ src, onFound: (alt) => found.push(alt) })(doc);
      expect(found).toEqual([]);
      expect(doc.children).toHaveLength(3);
    }
  });
});
