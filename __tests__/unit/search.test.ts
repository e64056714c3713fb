import { pinyin } from 'pinyin-pro';
import { buildSearchRecords, clip, type SearchPageInput } from '../../src/lib/search/documents';
import { fieldTokens } from '../../src/lib/search/site-search';
import { buildIndexFile, cachedFieldTokens, encodeIndexFile, indexPostings, loadSiteSearch, shardFiles } from '../../src/lib/search/build-index';
import { buildT2sMap, cjkCharacters, normalizeText } from '../../src/lib/search/normalize';
import { pinyinTokens } from '../../src/lib/search/pinyin';
import { parseQuery } from '../../src/lib/search/query';
import { highlight, snippetAround } from '../../src/lib/search/rank';
import { codeIdentifiers, sectionsFromHtml } from '../../gatsby/search/sections';
import { SynonymError, validateSynonyms } from '../../src/lib/search/synonyms';
import { cjkBigrams, identifierParts, tokenize } from '../../src/lib/search/tokenize';

const toSyllables = (run: string) => pinyin(run, { toneType: 'none', type: 'array' });

describe('normalizer', () => {
  it('folds full-width letters, digits and spaces (NFKC) and Traditional characters the site uses', () => {
    expect(normalizeText('ＵＤＩＤ　１３')).toBe('UDID 13');
    const t2s = buildT2sMap(new Set(['拦', '截', '协']), [(s) => s.replace(/攔/g, '拦').replace(/協/g, '协').replace(/團/g, '团')]);
    expect(t2s).toEqual({ 攔: '拦', 協: '协' });
    expect(normalizeText('攔截 協作', t2s)).toBe('拦截 协作');
    // Without a map (the build's fields) nothing but NFKC: no character is looked up.
    expect(normalizeText('攔截 ＡＢ', {})).toBe('攔截 AB');
  });

  it('lists the CJK characters of a text once each (the three ranges), and nothing else', () => {
    // 㐀 (Extension A), 拦 and 截 (URO), 豈 (compatibility); 𠀀 (Extension B, astral), kana, Latin and full-width forms are not listed.
    expect([...cjkCharacters('拦截 abc 拦㐀豈 𠀀 かな ＡＢ 截。')].sort()).toEqual(['㐀', '截', '拦', '豈'].sort());
    expect(cjkCharacters('')).toEqual(new Set());
    // Several texts, read one by one (a site's text is not joined into one string).
    expect(cjkCharacters(['拦 a', '', 'b 截㐀', '拦'])).toEqual(new Set(['拦', '截', '㐀']));
  });

  it('clips a stored text to a number of characters, not UTF-16 units, with an ellipsis only when it was longer', () => {
    expect(clip('一二三', 3)).toBe('一二三');
    expect(clip('一二三四', 3)).toBe('一二三…');
    // Astral characters (𠀀, emoji) count once: four of them are eight UTF-16 units.
    expect(clip('𠀀😀𠀀😀', 4)).toBe('𠀀😀𠀀😀');
    expect(clip('𠀀😀𠀀😀x', 4)).toBe('𠀀😀𠀀😀…');
    expect(clip('ab', 0)).toBe('…');
    expect(clip('', 0)).toBe('');
  });
});

describe('tokenizer', () => {
  it('turns Chinese words into bigrams and joins single characters back', () => {
    expect(cjkBigrams('拦截器')).toEqual(['拦截', '截器']);
    expect(tokenize('这是一个团队开发协作工具')).toContain('协作');
    // Joined single characters also index each character (for titles and taglines; body text drops them).
    expect(tokenize('作协')).toEqual(['作协', '作', '协']);
  });

  it('keeps identifiers whole and in parts, lower-cased, split from Chinese with or without a space', () => {
    expect(identifierParts('hiddenApi')).toEqual(['hidden', 'api']);
    expect(tokenize('BinderProxy.transact')).toEqual(['binderproxy.transact', 'binder', 'proxy', 'transact']);
    expect(tokenize('BINDER_WRITE_READ')).toEqual(['binder_write_read', 'binder', 'write', 'read']);
    expect(tokenize('on_transact')).toEqual(tokenize('onTransact').map((t) => (t === 'ontransact' ? 'on_transact' : t)));
    expect(tokenize('AOSP编译')).toEqual(tokenize('AOSP 编译'));
    expect(tokenize('Android13')).toEqual(['android13', 'android', '13']);
  });
});

describe('pinyin', () => {
  it('indexes full pinyin, syllables and initials of Chinese runs', () => {
    expect(pinyinTokens('深入 Binder 拦截', toSyllables)).toEqual(expect.arrayContaining(['lanjie', 'lan', 'jie', 'lj', 'shenru']));
  });
});

describe('synonym file validation', () => {
  const file = 'content/synonyms.yaml';
  const error = (data: unknown) => {
    try {
      validateSynonyms(data, file);
    } catch (e) {
      return e instanceof SynonymError ? e.message : `not a SynonymError: ${String(e)}`;
    }
    return 'no error';
  };
  it('accepts groups of words and trims them', () => {
    expect(
      validateSynonyms(
        {
          groups: [
            [' 多开', '双开'],
            ['拦截', 'hook'],
          ],
        },
        file,
      ),
    ).toEqual([
      ['多开', '双开'],
      ['拦截', 'hook'],
    ]);
  });
  it('names the file and the entry for every mistake', () => {
    expect(error({ groups: [['a', 'b']], extra: 1 })).toMatch(/content\/synonyms\.yaml.*未知的键 "extra"/);
    expect(error({ group: [] })).toMatch(/content\/synonyms\.yaml.*未知的键 "group"/);
    expect(
      error({
        groups: [
          ['多开', '双开'],
          ['分身', '双开'],
        ],
      }),
    ).toMatch(/content\/synonyms\.yaml：第 2 组中的“双开”重复：已出现在第 1 组/);
    expect(error({ groups: [['多开', '多开']] })).toMatch(/第 1 组中的“多开”重复：本组里已经有了/);
    expect(
      error({
        groups: [
          ['HOOK', 'a'],
          ['hook', 'b'],
        ],
      }),
    ).toMatch(/第 2 组中的“hook”重复/);
    expect(error({ groups: [['多开']] })).toMatch(/第 1 组 \["多开"\] 至少要有两个词/);
    expect(error({ groups: [] })).toMatch(/groups 是空的/);
    expect(error({ groups: [['多开', '  ']] })).toMatch(/第 1 组中有空词/);
    expect(error({ groups: [['多开', 3]] })).toMatch(/第 1 组中的 3 不是文字/);
    expect(error({ groups: [['多开', '？！']] })).toMatch(/没有可搜索的文字/);
    expect(error({ groups: '多开' })).toMatch(/groups 必须是同义词组的列表/);
    expect(error(null)).toMatch(/顶层必须是一个对象/);
    expect(error({ groups: ['多开'] })).toMatch(/第 1 组必须是词的列表/);
  });
});

describe('query parsing', () => {
  it('expands synonyms into alternatives and folds what was typed', () => {
    const q = parseQuery('雙開 框架', { t2s: { 雙: '双', 開: '开' }, synonyms: [['多开', '双开', '分身']] });
    expect(q.groups[0]?.alternatives).toEqual([
      { tokens: ['多开'], synonym: true },
      { tokens: ['双开'], synonym: false },
      { tokens: ['分身'], synonym: true },
    ]);
    expect(q.groups[1]?.text).toBe('框架');
    expect(q.phrase).toBe('双开框架');
  });
  it('requires the words of a query, not its lone characters or question words', () => {
    const soft = (q: string) => parseQuery(q).groups.map((g) => `${g.text}${g.soft ? '?' : ''}`);
    expect(soft('怎么获取 UDID')).toEqual(['怎么?', '获取', 'udid']);
    expect(soft('跨平台')).toEqual(['跨?', '平台']);
    // A reversed pair is two lone characters joined back: one required bigram, never two soft characters.
    expect(soft('截拦')).toEqual(['截拦']);
  });

  it('matches Latin synonyms as whole words only', () => {
    expect(parseQuery('hooks', { synonyms: [['hook', '钩子']] }).groups).toEqual([{ text: 'hooks', alternatives: [{ tokens: ['hooks'], synonym: false }] }]);
  });
});

describe('sections of a rendered page', () => {
  it('cuts at h2/h3 with their ids, drops anchors and copy buttons, keeps identifiers of code', () => {
    const html =
      '<p>开头 &#x3C;a&#x3E;</p><h2 id="安装">安装<a class="heading-anchor" href="#安装">#</a></h2><p>正文</p>' +
      '<div class="code-block"><div class="code-header"><span>Java</span><button>复制</button></div><pre><code>ioctl(fd, BINDER_WRITE_READ, &#x26;bwr); int x;</code></pre></div>' +
      '<h3 id="配置-path">配置 PATH</h3><ul><li>一</li><li>二</li></ul>';
    expect(sectionsFromHtml(html)).toEqual([
      { id: null, heading: '', depth: 0, text: '开头 <a>', code: '' },
      { id: '安装', heading: '安装', depth: 2, text: '正文', code: 'BINDER_WRITE_READ' },
      { id: '配置-path', heading: '配置 PATH', depth: 3, text: '一 二', code: '' },
    ]);
    expect(codeIdentifiers('mRemote.transact(code) onTransact file_hash_module int main')).toEqual(['mRemote.transact', 'onTransact', 'file_hash_module']);
  });
});

describe('engine and ranking', () => {
  const page = (over: Partial<SearchPageInput>): SearchPageInput => ({ kind: 'post', url: '/x', title: '标题', crumb: '博客', sections: [], ...over });
  const pages: SearchPageInput[] = [
    page({ kind: 'doc', url: '/docs/konker/Introduce', title: '空壳（Konker）简介', crumb: '文档', product: { names: ['Konker', '空壳'], tagline: 'Android 平台应用多开框架', keywords: [] }, sections: [] }),
    page({ url: '/blog/new', date: '2024-05-01', title: '正文提到', sections: [{ id: null, heading: '', depth: 0, text: '这里讲 Binder 拦截和多开', code: '' }] }),
    page({ url: '/blog/old', date: '2023-05-01', title: '正文提到', sections: [{ id: null, heading: '', depth: 0, text: '这里讲 Binder 拦截和多开', code: '' }] }),
    page({
      url: '/blog/heading',
      date: '2022-01-01',
      title: '另一篇',
      sections: [
        { id: 'binder-拦截原理', heading: 'Binder 拦截原理', depth: 2, text: '细节', code: '' },
        { id: '其他', heading: '其他', depth: 2, text: '拦截 binder 的另一种办法', code: 'BINDER_WRITE_READ' },
      ],
    }),
    page({ url: '/blog/title', date: '2021-01-01', title: '深入 Binder 拦截', sections: [{ id: '正文', heading: '正文', depth: 2, text: '无关', code: '' }] }),
  ];
  const { records, store } = buildSearchRecords(pages, toSyllables);
  const engine = loadSiteSearch(JSON.parse(JSON.stringify(buildIndexFile(records, { t2s: {}, synonyms: [['多开', '双开']] }))), store);
  const urls = (q: string) => engine.search(q).map((h) => h.url);

  it('shards the postings the build hands over exactly as it shards those decoded from the index text', () => {
    const meta = { t2s: {}, synonyms: [['多开', '双开']] };
    const postings = indexPostings(records, fieldTokens);
    const index = encodeIndexFile(postings, meta);
    expect(index).toEqual(buildIndexFile(records, meta));
    const decoded = shardFiles(index, store);
    expect(decoded.files.size).toBeGreaterThan(3);
    expect(shardFiles(index, store, postings.postings)).toEqual(decoded);
  });

  it('holds each built postings list as an Int32Array of its own length (half the memory of a growable array)', () => {
    const lists = [...indexPostings(records, fieldTokens).postings.values()];
    expect(lists.length).toBeGreaterThan(10);
    for (const list of lists) {
      expect(list).toBeInstanceOf(Int32Array);
      expect((list as Int32Array).buffer.byteLength).toBe(list.length * 4);
    }
  });

  it('builds the same index with tokens kept from the last build, tokenizing only texts it has not seen (gatsby develop)', () => {
    const meta = { t2s: {}, synonyms: [['多开', '双开']] };
    const cache = cachedFieldTokens();
    const seen: string[] = [];
    const counted: typeof fieldTokens = (field, text) => {
      seen.push(text);
      return cache.tokens(field, text);
    };
    expect(buildIndexFile(records, meta, cache.tokens)).toEqual(buildIndexFile(records, meta));
    cache.endBuild();
    const edited = records.map((r, i) => (i === 1 ? { ...r, body: `${r.body} 新加的一段` } : r));
    const first = cache.tokens('body', edited[2]?.body as string);
    expect(buildIndexFile(edited, meta, counted)).toEqual(buildIndexFile(edited, meta));
    expect(cache.tokens('body', edited[2]?.body as string)).toBe(first); // kept, not tokenized again
    expect(seen.length).toBeGreaterThan(0);
    cache.endBuild();
    cache.endBuild(); // a build that used nothing: everything before it is forgotten
    expect(cache.tokens('body', edited[2]?.body as string)).not.toBe(first);
  });

  it('ranks title > section heading > body, newer posts first among equals', () => {
    expect(urls('binder 拦截')).toEqual(['/blog/title', '/blog/heading', '/blog/new', '/blog/old']);
    expect(urls('拦截原理')).toEqual(['/blog/heading#binder-拦截原理']);
  });
  it('puts a product page first for its tagline words, and finds it by synonym, typo and pinyin', () => {
    expect(urls('多开')[0]).toBe('/docs/konker/Introduce');
    expect(urls('双开')[0]).toBe('/docs/konker/Introduce');
    expect(urls('konkr')[0]).toBe('/docs/konker/Introduce');
    expect(urls('kongke')[0]).toBe('/docs/konker/Introduce');
  });
  it('links a section hit to its heading and lists other matching sections under the page', () => {
    const hit = engine.search('binder_write_read')[0];
    expect(hit?.url).toBe('/blog/heading#其他');
    // Two matching sections: the page once, both sections under it (the heading hit first).
    expect(
      engine
        .search('拦截 binder')
        .find((h) => h.url.startsWith('/blog/heading'))
        ?.sections.map((s) => s.url),
    ).toEqual(['/blog/heading#binder-拦截原理', '/blog/heading#其他']);
  });
  it('tries one typo only for a word the index does not hold', () => {
    // 'konker' is indexed: no fuzzy neighbours; 'konkr' is not: it finds Konker, ranked as a typo.
    expect(urls('konker')).toEqual(['/docs/konker/Introduce']);
    expect(urls('binderx')).toEqual(urls('binder').filter((u) => urls('binderx').includes(u)));
  });
  it('finds a single character in titles and headings', () => {
    expect(urls('壳')).toEqual(['/docs/konker/Introduce']);
    expect(urls('细')).toEqual([]);
  });
  it('finds nothing for reversed characters', () => {
    expect(urls('截拦')).toEqual([]);
    expect(urls('开多')).toEqual([]);
  });
});

describe('snippets', () => {
  it('highlights every occurrence case-insensitively, as text parts, next to an ellipsis', () => {
    expect(highlight('…Binder', ['binder'])).toEqual([
      { text: '…', match: false },
      { text: 'Binder', match: true },
    ]);
    expect(highlight('Binder 与 binder', ['binder'])).toEqual([
      { text: 'Binder', match: true },
      { text: ' 与 ', match: false },
      { text: 'binder', match: true },
    ]);
  });
  it('cuts a snippet around the first match', () => {
    const snippet = snippetAround(`${'前'.repeat(100)}协作${'后'.repeat(100)}`, ['协作'], 40);
    expect(snippet).toContain('协作');
    expect(snippet.startsWith('…')).toBe(true);
  });
});
