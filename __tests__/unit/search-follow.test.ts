/** The search quality set follows the content as editors move it (__tests__/search/follow.ts). */
import { followQueries } from '../search/follow';
import type { QueryCase } from '../search/queries';

const q = (query: string, expect: string): QueryCase => ({ q: query, expect, kind: 'section' });
const now = {
  ids: new Map([
    ['/docs/a', new Set(['install', 'run'])],
    ['/blog/b', new Set<string>()],
  ]),
  aliases: new Map([['/docs/a', { 安装: 'install', gone: 'nowhere' }]]),
};

describe('followQueries', () => {
  it('keeps a query whose page and section are there, as it is', () => {
    expect(followQueries([q('x', '/docs/a#run'), q('y', '/blog/b')], now)).toEqual({ cases: [q('x', '/docs/a#run'), q('y', '/blog/b')], followed: [], skipped: [] });
  });

  it('follows a reworded heading to the id its old anchor now lands on', () => {
    const result = followQueries([q('装', '/docs/a#安装')], now);
    expect(result.cases).toEqual([q('装', '/docs/a#install')]);
    expect(result.followed).toEqual([{ q: '装', from: '/docs/a#安装', to: '/docs/a#install' }]);
  });

  it('skips a query whose page was deleted, or whose section is gone without an alias to a heading the page has', () => {
    const result = followQueries([q('p', '/blog/deleted'), q('s', '/docs/a#other'), q('t', '/docs/a#gone')], now);
    expect(result.cases).toEqual([]);
    expect(result.skipped.map((s) => [s.q, s.why])).toEqual([
      ['p', 'the page is gone'],
      ['s', 'the section is gone and no anchor alias says where'],
      ['t', 'the section is gone and no anchor alias says where'],
    ]);
  });
});
