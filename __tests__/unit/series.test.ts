/**
 * Series (src/lib/series.ts, gatsby/content/series.ts): the check of what editors write, the box each
 * part shows (first and last part), its Markdown version, and the frontmatter fields of the content model.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ContentError, validatePost } from '../../gatsby/content/model';
import { loadSeriesNames, seriesMessages } from '../../gatsby/content/series';
import { seriesMarkdown } from '../../gatsby/markdown/markdown-version-tree';
import { seriesBoxes, seriesLinks, seriesProblems, type SeriesMember } from '../../src/lib/series';

const NAMES = { aosp: 'AOSP 系列', ds: 'DeepSeek 系列' };
const part = (slug: string, date: string, series?: string, seriesPosition?: number): SeriesMember => ({ slug, path: `/blog/${slug}`, title: `标题 ${slug}`, date, series, seriesPosition });
const AOSP = [part('build', '2023-12-15', 'aosp', 1), part('flash', '2023-12-29', 'aosp', 2), part('framework', '2024-01-26', 'aosp', 3), part('other', '2024-02-01')];

describe('seriesProblems', () => {
  it('accepts a series numbered 1…n', () => {
    expect(seriesProblems(AOSP, NAMES)).toEqual([]);
  });

  it('reports an unknown series and a repeated place', () => {
    expect(seriesProblems([part('a', '2024-01-01', 'nope', 1)], NAMES)).toEqual([{ slug: 'a', field: 'series', message: expect.stringContaining('未知的系列“nope”') }]);
    expect(seriesProblems([part('a', '2024-01-01', 'aosp', 1), part('b', '2024-01-02', 'aosp', 1)], NAMES)).toEqual([{ slug: 'b', field: 'series_position', message: '系列“aosp”的第 1 篇重复：/blog/a 也是第 1 篇' }]);
  });

  it('accepts what deleting a part leaves: a gap, a series of one', () => {
    expect(seriesProblems([part('a', '2024-01-01', 'aosp', 1), part('c', '2024-01-03', 'aosp', 3)], NAMES)).toEqual([]);
    expect(seriesProblems([part('a', '2024-01-01', 'aosp', 1)], NAMES)).toEqual([]);
    expect(seriesProblems([part('c', '2024-01-03', 'aosp', 3)], NAMES)).toEqual([]);
  });

  it('names the file and the frontmatter line', () => {
    const raw = '---\nslug: c\ntitle: 标题\ndate: 2024-01-03\nseries: aosp\nseries_position: 1\n---\n正文\n';
    const posts = [
      { ...part('a', '2024-01-01', 'aosp', 1), file: 'content/blog/2024-01-01-a/index.mdx', raw: '---\nslug: a\nseries: aosp\nseries_position: 1\n---\n' },
      { ...part('c', '2024-01-03', 'aosp', 1), file: 'content/blog/2024-01-03-c/index.mdx', raw },
    ];
    expect(seriesMessages(posts, NAMES)).toEqual(['content/blog/2024-01-03-c/index.mdx:6 系列：系列“aosp”的第 1 篇重复：/blog/a 也是第 1 篇']);
  });
});

describe('seriesBoxes', () => {
  const published = new Set(AOSP.map((p) => p.slug));
  const boxes = seriesBoxes(AOSP, published, NAMES);

  it('read from the first part: every part with its date, later parts labelled, next part', () => {
    const box = boxes.get('build');
    expect(box).toMatchObject({ name: 'AOSP 系列', index: 1, previous: null, next: { path: '/blog/flash', later: true } });
    expect(box?.parts.map((p) => [p.path, p.date, p.current, p.later])).toEqual([
      ['/blog/build', '2023-12-15', true, false],
      ['/blog/flash', '2023-12-29', false, true],
      ['/blog/framework', '2024-01-26', false, true],
    ]);
  });

  it('read from the last part: nothing is later, previous part, no next', () => {
    const box = boxes.get('framework');
    expect(box).toMatchObject({ index: 3, next: null, previous: { path: '/blog/flash', later: false } });
    expect(box?.parts.some((p) => p.later)).toBe(false);
  });

  it('leaves out unpublished parts (drafts, unlisted) but not the page itself; no box for posts outside a series', () => {
    const withoutDraft = seriesBoxes(AOSP, new Set(['build', 'framework']), NAMES);
    expect(withoutDraft.get('build')?.parts.map((p) => p.path)).toEqual(['/blog/build', '/blog/framework']);
    expect(withoutDraft.get('flash')?.parts.map((p) => p.path)).toEqual(['/blog/build', '/blog/flash', '/blog/framework']);
    expect(boxes.has('other')).toBe(false);
  });

  it('after a part is deleted: the rest in order, counted 1…n; one part left shows no box', () => {
    const gap = seriesBoxes([AOSP[0]!, AOSP[2]!], new Set(['build', 'framework']), NAMES);
    expect(gap.get('framework')).toMatchObject({ index: 2, previous: { path: '/blog/build' }, next: null });
    expect(gap.get('framework')?.parts.map((p) => p.path)).toEqual(['/blog/build', '/blog/framework']);
    expect(seriesBoxes([AOSP[1]!], new Set(['flash']), NAMES).size).toBe(0);
  });

  it('links every part from the others (the orphan check counts these)', () => {
    expect(seriesLinks(boxes).find((l) => l.from === '/blog/flash')?.to).toEqual(['/blog/build', '/blog/framework']);
  });

  it('is in the Markdown version: a heading line, parts as links with dates, the current part bold, later parts labelled', () => {
    const [rule, heading, list] = seriesMarkdown(boxes.get('build')!, '/fomosite');
    expect(rule).toEqual({ type: 'thematicBreak' });
    expect(JSON.stringify(heading)).toContain('系列：AOSP 系列 · 第 1 篇，共 3 篇');
    const items = JSON.stringify(list);
    expect(items).toContain('"type":"strong","children":[{"type":"text","value":"标题 build"}]');
    expect(items).toContain('"url":"/fomosite/blog/flash"');
    expect(items).toContain('（2023年12月29日，本文之后发表）');
    expect(items).toContain('（本篇，2023年12月15日）');
  });
});

describe('series in frontmatter and content/series.yaml', () => {
  const post = { slug: 'a', title: '标题', date: '2024-01-01', tags: ['android'], authors: ['tiony.bo'], description: '说明' };
  const field = (raw: Record<string, unknown>) => {
    try {
      validatePost(raw, 'content/blog/x/index.mdx');
      return null;
    } catch (error) {
      return (error as ContentError).field;
    }
  };

  it('takes series and series_position together, a key and a place from 1', () => {
    expect(validatePost({ ...post, series: 'aosp', series_position: 2 }, 'f')).toMatchObject({ series: 'aosp', series_position: 2 });
    expect(field({ ...post, series: 'aosp' })).toBe('series_position');
    expect(field({ ...post, series_position: 1 })).toBe('series');
    expect(field({ ...post, series: 'aosp', series_position: 0 })).toBe('series_position');
    expect(field({ ...post, series: 'aosp', series_position: 1.5 })).toBe('series_position');
    expect(field({ ...post, series: 'AOSP 系列', series_position: 1 })).toBe('series');
  });

  it('reads the names, and rejects a file that is not a map of keys to names', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'series-'));
    writeFileSync(path.join(dir, 'series.yaml'), '# 注释\naosp: AOSP 系列\n');
    expect(loadSeriesNames(dir)).toEqual({ aosp: 'AOSP 系列' });
    writeFileSync(path.join(dir, 'series.yaml'), '- aosp\n');
    expect(() => loadSeriesNames(dir)).toThrow('content/series.yaml 系列文件要写成“键: 系列名”的映射');
    writeFileSync(path.join(dir, 'series.yaml'), 'aosp: [\n');
    expect(() => loadSeriesNames(dir)).toThrow(/content\/series\.yaml:\d+ 系列文件的 YAML 格式错误/);
  });
});
