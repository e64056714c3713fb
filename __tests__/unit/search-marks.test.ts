/** Where the words of a search are marked on the page a result led to (src/lib/search/marks.ts). */
import { markRanges } from '../../src/lib/search/marks';

const marked = (text: string, terms: string[]) => markRanges(text, terms).map(([a, b]) => text.slice(a, b));

describe('marks on arrival', () => {
  it('finds every occurrence, case-insensitively, longest word first, without overlaps', () => {
    expect(marked('深入 Binder 拦截：binder 驱动拦截器', ['binder', '拦截'])).toEqual(['Binder', '拦截', 'binder', '拦截']);
    expect(marked('拦截器', ['拦截', '拦截器'])).toEqual(['拦截器']);
    expect(markRanges('abc 拦截', ['拦截'])).toEqual([[4, 6]]);
  });

  it('finds a Latin word only where a word starts; Chinese anywhere', () => {
    expect(marked('UI 自动化 build Binderceptor unbinder', ['ui', 'binder'])).toEqual(['UI', 'Binder']);
    expect(marked('用多开框架', ['多开'])).toEqual(['多开']);
  });

  it('marks nothing for no words, or where lower-casing would shift the offsets', () => {
    expect(markRanges('binder', [])).toEqual([]);
    expect(markRanges('İstanbul binder', ['binder'])).toEqual([]);
  });
});
