import FlexSearch from 'flexsearch';
import { pinyin } from 'pinyin-pro';
import { mdxToText } from '../../src/lib/search/documents';
import { matchesTitlePinyin, pinyinTokens, titlePinyin } from '../../src/lib/search/pinyin';
import { highlight, rankResults, snippetAround } from '../../src/lib/search/rank';
import { cjkBigrams, flexSearchOptions, queryTokens, tokenize } from '../../src/lib/search/tokenize';

const toSyllables = (run: string) => pinyin(run, { toneType: 'none', type: 'array' });

describe('tokenizer', () => {
  it('turns Chinese words into bigrams and joins single characters back', () => {
    expect(cjkBigrams('拦截器')).toEqual(['拦截', '截器']);
    expect(cjkBigrams('协作')).toEqual(['协作']);
    expect(tokenize('这是一个团队开发协作工具')).toContain('协作');
    expect(queryTokens('作协')).toEqual(['作协']);
  });

  it('lower-cases Latin words and adds prefixes only on the index side', () => {
    expect(tokenize('Binder')).toEqual(['bin', 'bind', 'binde', 'binder']);
    expect(queryTokens('BINDER 拦截')).toEqual(['binder', '拦截']);
    expect(tokenize('Mini-Omni')).toContain('mini-omni');
  });

  it('finds a word in the middle of a sentence, never its reversal (FlexSearch with the site options)', () => {
    const index = (FlexSearch as unknown as { create(o: object): { add(id: number, t: string): void; search(q: string): number[] } }).create(flexSearchOptions());
    index.add(1, '这是一个团队开发协作工具');
    index.add(2, 'Binder 通信拦截框架，支持 AOSP 编译');
    expect(index.search('协作')).toEqual([1]);
    expect(index.search('作协')).toEqual([]);
    expect(index.search('binder 拦截')).toEqual([2]);
    expect(index.search('aosp 编译')).toEqual([2]);
    expect(index.search('AOSP')).toEqual([2]);
    expect(index.search('拦截 协作')).toEqual([]);
  });
});

describe('pinyin', () => {
  it('indexes full pinyin, syllables and initials of Chinese runs', () => {
    const tokens = pinyinTokens('深入 Binder 拦截', toSyllables);
    expect(tokens).toEqual(expect.arrayContaining(['lanjie', 'lan', 'jie', 'lj', 'shenru']));
    expect(pinyinTokens('空壳', toSyllables)).toEqual(expect.arrayContaining(['kongke', 'kk']));
  });

  it('matches title pinyin with or without spaces and by initials', () => {
    const title = titlePinyin('空壳产品之路', toSyllables);
    expect(title).toBe('kongkechanpinzhilu|kkcpzl');
    expect(matchesTitlePinyin('kongke', title)).toBe(true);
    expect(matchesTitlePinyin('kong ke', title)).toBe(true);
    expect(matchesTitlePinyin('kkcp', title)).toBe(true);
    expect(matchesTitlePinyin('lanjie', title)).toBe(false);
    expect(matchesTitlePinyin('k', title)).toBe(false);
  });
});

describe('ranking and snippets', () => {
  const entry = (title: string, text: string, headings: string[] = []) => ({ title, text, headings, excerpt: text.slice(0, 20) });

  it('ranks title matches above heading and body matches', () => {
    const results = rankResults('拦截', [entry('正文提到', '这里讲 Binder 拦截'), entry('小标题', '无关', ['拦截原理']), entry('深入 Binder 拦截', '正文')]);
    expect(results.map((r) => r.where)).toEqual(['title', 'heading', 'body']);
  });

  it('highlights every occurrence case-insensitively, as text parts', () => {
    expect(highlight('Binder 与 binder', ['binder'])).toEqual([
      { text: 'Binder', match: true },
      { text: ' 与 ', match: false },
      { text: 'binder', match: true },
    ]);
    expect(highlight('<script>', ['script'])).toEqual([
      { text: '<', match: false },
      { text: 'script', match: true },
      { text: '>', match: false },
    ]);
  });

  it('cuts a snippet around the first match', () => {
    const text = `${'前'.repeat(100)}协作${'后'.repeat(100)}`;
    const snippet = snippetAround(text, ['协作'], 40);
    expect(snippet).toContain('协作');
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
  });

  it('turns MDX into plain text', () => {
    expect(mdxToText('## 标题\n\n**粗体** 和 [链接](/docs/x) `code`\n\n```java\nint a;\n```\n<Callout type="tip">提示</Callout>')).toBe('标题 粗体 和 链接 code 提示');
  });
});
