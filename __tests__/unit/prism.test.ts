import { highlightToHast, prismLanguage, rehypePrism } from '../../gatsby/markdown/prism';

describe('build-time highlighting', () => {
  it('knows the spec languages and the extras', () => {
    for (const lang of ['jsx', 'swift', 'kotlin', 'objectivec', 'go', 'cpp', 'java', 'bash', 'python', 'groovy', 'xml', 'diff']) {
      expect([lang, prismLanguage(lang)]).toEqual([lang, expect.any(String)]);
    }
    expect(prismLanguage('shell')).toBe('bash');
    expect(prismLanguage('nope')).toBeNull();
  });

  it('turns code into token spans without changing the text', () => {
    const nodes = highlightToHast('val answer = 42 // 注释', 'kotlin') ?? [];
    const text = (n: { type: string; value?: string; children?: unknown[] }): string => (n.type === 'text' ? (n.value as string) : ((n.children ?? []) as never[]).map(text).join(''));
    expect(nodes.map((n) => text(n as never)).join('')).toBe('val answer = 42 // 注释');
    expect(JSON.stringify(nodes)).toContain('"keyword"');
    expect(JSON.stringify(nodes)).toContain('"comment"');
  });

  it('rewrites pre > code.language-* in a hast tree and leaves unknown languages alone', () => {
    const code = (lang: string) => ({ type: 'element', tagName: 'code', properties: { className: [`language-${lang}`] }, children: [{ type: 'text', value: 'int a = 1;' }] });
    const tree = {
      type: 'root',
      children: [
        { type: 'element', tagName: 'pre', children: [code('java')] },
        { type: 'element', tagName: 'pre', children: [code('text')] },
      ],
    };
    rehypePrism()(tree as never);
    expect(JSON.stringify(tree.children[0])).toContain('"token","keyword"');
    expect(tree.children[1]?.children[0]?.children).toEqual([{ type: 'text', value: 'int a = 1;' }]);
  });
});
