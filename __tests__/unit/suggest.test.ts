import { cleanPath, editDistance, pathWords, suggestPages, type PageRef } from '../../src/lib/suggest';

/** A small site in its own order: docs in sidebar order (Introduce first), then posts, then lists. */
const pages: PageRef[] = [
  { path: '/docs/intro', title: '简介' },
  { path: '/docs/desktop/wing/Introduce', title: 'Wing 介绍' },
  { path: '/docs/desktop/wing/Get start', title: '快速开始' },
  { path: '/docs/desktop/wing/User guide', title: '使用指南' },
  { path: '/docs/desktop/tinyui/Introduce', title: 'Tinyui 介绍' },
  { path: '/docs/mobile/konker/desc/app-setting', title: '应用设置' },
  { path: '/blog/binder', title: 'Binder 机制' },
  { path: '/blog/binderservice', title: 'Binder 服务' },
  { path: '/blog/konkerweakness', title: '空壳的不足' },
  { path: '/blog/konkerinstall', title: '空壳的安装' },
  { path: '/blog/cos', title: 'COS' },
  { path: '/blog/hiddenApi', title: '隐藏 API' },
  { path: '/blog', title: '博客' },
  { path: '/blog/tags/android', title: '标签：android' },
];
const paths = (requested: string, list = pages) => suggestPages(requested, list).map((p) => p.path);

describe('cleanPath', () => {
  it('drops query, hash, trailing slashes and index / .html / .md endings, and decodes', () => {
    expect(cleanPath('/blog/binder/index.html?x=1#top')).toBe('/blog/binder');
    expect(cleanPath('/blog/binder/index/')).toBe('/blog/binder');
    expect(cleanPath('/blog/binder.html')).toBe('/blog/binder');
    expect(cleanPath('/docs/desktop/wing/Get%20start.md')).toBe('/docs/desktop/wing/Get start');
    expect(cleanPath('/bad%E0%A4%A')).toBe('/bad%E0%A4%A');
  });
});

describe('editDistance', () => {
  it('counts inserts, deletes, substitutions and swaps, and stops past the limit', () => {
    expect(editDistance('binder', 'bindr')).toBe(1);
    expect(editDistance('cos', 'cso')).toBe(1);
    expect(editDistance('konker', 'knokre')).toBe(2);
    expect(editDistance('binder', 'oneway')).toBe(3);
    expect(editDistance('abc', 'abc')).toBe(0);
  });
});

describe('suggestPages', () => {
  it('finds the page behind an /index or other capitals first', () => {
    expect(paths('/blog/binder/index')[0]).toBe('/blog/binder');
    expect(paths('/Blog/HiddenAPI')[0]).toBe('/blog/hiddenApi');
    expect(paths('/docs/desktop/wing/get-start')[0]).toBe('/docs/desktop/wing/Get start');
  });

  it('sends a folder to its first page in the site’s order', () => {
    expect(paths('/docs/desktop/wing')[0]).toBe('/docs/desktop/wing/Introduce');
    // Order decides, not the alphabet.
    const reordered = [pages[3] as PageRef, ...pages.filter((_, i) => i !== 3)];
    expect(paths('/docs/desktop/wing', reordered)[0]).toBe('/docs/desktop/wing/User guide');
  });

  it('finds a slug one or two edits away, in any segment', () => {
    expect(paths('/blog/bindr')[0]).toBe('/blog/binder');
    expect(paths('/blog/konkerwaekness')[0]).toBe('/blog/konkerweakness');
    expect(paths('/blog/cso')[0]).toBe('/blog/cos');
    expect(paths('/docs/dekstop/tinyui/Introduce')[0]).toBe('/docs/desktop/tinyui/Introduce');
    expect(paths('/blog/bxndxrxx')).not.toContain('/blog/binder');
  });

  it('completes an address cut short, shortest rest first', () => {
    expect(paths('/blog/konkerwe')[0]).toBe('/blog/konkerweakness');
    expect(paths('/blog/konker').slice(0, 2).sort()).toEqual(['/blog/konkerinstall', '/blog/konkerweakness']);
    expect(paths('/blog/binde')[0]).toBe('/blog/binder');
    expect(paths('/docs/desktop/wing/User%20gu')[0]).toBe('/docs/desktop/wing/User guide');
  });

  it('drops trailing segments too many, nearest first, never to the home page', () => {
    expect(paths('/blog/binder/extra')[0]).toBe('/blog/binder');
    expect(paths('/docs/desktop/wing/nothing/here')[0]).toBe('/docs/desktop/wing/Introduce');
    expect(paths('/zzz/qqq')).toEqual([]);
    // Not the sections the text links already, nor an area's first page.
    expect(paths('/blog/nothing-like-it')).toEqual([]);
    expect(paths('/docs/desktop/nothing')).toEqual([]);
  });

  it('puts close paths before looser ones and gives at most five', () => {
    const found = paths('/blog/konkerweakness/old');
    expect(found[0]).toBe('/blog/konkerweakness');
    expect(paths('/blog/b').length).toBeLessThanOrEqual(5);
    expect(paths('/docs/desktop/wing').slice(0, 3)).toEqual(['/docs/desktop/wing/Introduce', '/docs/desktop/wing/Get start', '/docs/desktop/wing/User guide']);
    expect(paths('/')).toEqual([]);
  });
});

describe('pathWords', () => {
  it('gives the words of the last segments that are not filing', () => {
    expect(pathWords('/blog/konker-weak_ness')).toEqual(['konker', 'weak', 'ness']);
    expect(pathWords('/docs/desktop/wingg')).toEqual(['wingg']);
    expect(pathWords('/docs/desktop/wing/User%20guide')).toEqual(['wing', 'user', 'guide']);
    expect(pathWords('/blog/hiddenApi2')).toEqual(['hidden', 'api']);
    expect(pathWords('/blog/tags/空壳/page/3')).toEqual(['空壳']);
  });
});
