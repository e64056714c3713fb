import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { Link, navigate, withPrefix } from 'gatsby';
import { applyFilters, canonicalProduct, facets } from '../../lib/search/facets';
import { historyAction, PAGE_SIZE, readSearchState, SCROLL_KEY, SEARCH_PAGE_PATH, searchPageUrl, SETTLE_MS, SETTLED_MARK, type SearchPageState } from '../../lib/search/page-url';
import { SearchIcon } from '../icons';
import { loadedSearch, loadSearch, type LoadedSearch } from './load';
import { ResultItem } from './ResultItem';
import { kindLabel, SearchFilters } from './SearchFilters';
import { searchPage } from './search-page-styles';
import { useImeInput } from './use-ime-input';

type Status = 'idle' | 'loading' | 'ready' | 'error' | 'empty';

const noSubscription = () => () => {};

/**
 * The query string of the router's location. The server renders the page without one, so while
 * hydrating the first render uses '' and React renders again with the real one; a page entered by
 * client-side navigation has it at once (its results are on screen in the first render). It is the
 * router's location, not window.location: the results change in the same render as the location
 * Gatsby keeps each entry's scroll position under, so a position is never saved under the wrong entry.
 */
function useHydratedSearch(search: string): string {
  return useSyncExternalStore(
    noSubscription,
    () => search,
    () => '',
  );
}

/** The scroll position of this history entry, kept in the entry's own state. */
function useScrollMemory(restoreWhen: boolean): void {
  useEffect(() => {
    let timer: number | undefined;
    const save = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        const state: unknown = window.history.state;
        window.history.replaceState({ ...(state && typeof state === 'object' ? state : {}), [SCROLL_KEY]: window.scrollY }, '');
      }, 200);
    };
    window.addEventListener('scroll', save, { passive: true });
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('scroll', save);
    };
  }, []);
  const restored = useRef(false);
  useLayoutEffect(() => {
    if (!restoreWhen || restored.current) return;
    restored.current = true;
    const y = (window.history.state as Record<string, unknown> | null)?.[SCROLL_KEY];
    if (typeof y === 'number' && y > 0) window.scrollTo(0, y);
  }, [restoreWhen]);
}

/**
 * The results page (/search): every hit of the query in the address, filtered and shown ten at a
 * time. Typing rewrites the address (one history entry per settled query, see historyAction), so
 * Back, Forward, a reload and a shared link show the same results. It loads the same engine and
 * files as the search box, on first use.
 */
export function SearchPage({ locationSearch }: { locationSearch: string }) {
  const search = useHydratedSearch(locationSearch);
  const state = useMemo(() => readSearchState(search), [search]);
  const [text, setText] = useState(state.q);
  const [loaded, setLoaded] = useState<LoadedSearch | null>(() => loadedSearch());
  const [status, setStatus] = useState<Status>(loaded ? 'ready' : 'idle');
  /** Whether the engine was there when the page was first drawn (else the results arrive later). */
  const [loadedAtStart] = useState(() => loaded !== null);
  /** Queries this page sent to the address bar that have not arrived in it yet. */
  const pending = useRef<string[]>([]);
  /** Whether the address holds a settled query: the next one typed opens a history entry of its own. */
  const settled = useRef(true);
  const settleTimer = useRef<number>();
  const list = useRef<HTMLOListElement>(null);
  const focusFrom = useRef<number | null>(null);

  // The address changed without this page typing it (Back, Forward, a filter, the navbar box): show its query.
  useLayoutEffect(() => {
    const at = pending.current.indexOf(state.q);
    if (at >= 0) {
      pending.current.splice(0, at + 1);
      return;
    }
    pending.current = [];
    settled.current = true;
    setText(state.q);
  }, [state.q]);
  useEffect(() => () => window.clearTimeout(settleTimer.current), []);

  const ensureLoaded = useCallback(() => {
    const ready = loadedSearch();
    if (ready) {
      setLoaded(ready);
      setStatus(ready.engine.size > 0 ? 'ready' : 'empty');
      return;
    }
    setStatus('loading');
    loadSearch().then(
      (l) => {
        setLoaded(l);
        setStatus(l.engine.size > 0 ? 'ready' : 'empty');
      },
      () => setStatus('error'),
    );
  }, []);
  useEffect(() => {
    if (state.q.trim() && !loaded && status === 'idle') ensureLoaded();
  }, [state.q, loaded, status, ensureLoaded]);

  /** Bumped when pieces the query needed have arrived: the results are worked out again. */
  const [arrived, setArrived] = useState(0);
  const lastQuery = useRef('');
  const view = useMemo(() => {
    if (!loaded || !state.q.trim()) return null;
    try {
      const all = loaded.engine.searchAll(state.q);
      loaded.engine.facets();
      const canonical = canonicalProduct(all.pages, state.product);
      // The filtered results with the shown ones in their final order (their stored text loaded).
      const kept = loaded.engine.top(applyFilters(all.pages, { kind: state.kind, product: canonical }), state.shown);
      return { found: all, product: canonical, filtered: kept, shown: state.shown, waiting: null };
    } catch (error) {
      if (!(error instanceof loaded.ui.NotLoaded)) throw error;
      return { found: null, product: null, filtered: [], shown: 0, waiting: error.load };
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded, state.q, state.kind, state.product, state.shown, arrived]);
  useEffect(() => {
    if (!view?.waiting) return undefined;
    let current = true;
    view.waiting.then(
      () => current && setArrived((n) => n + 1),
      () => current && setStatus('error'),
    );
    return () => {
      current = false;
    };
  }, [view]);
  // While the pieces of a new state arrive ("more", a filter), the results of the last one stay.
  const lastView = useRef<typeof view>(null);
  if (view?.found) lastView.current = view;
  const display = view?.waiting && lastView.current?.found && state.q === lastQuery.current ? lastView.current : view;
  if (view?.found) lastQuery.current = state.q;
  const found = display?.found ?? null;
  const product = display?.found ? display.product : canonicalProduct([], state.product);
  const filtered = display?.filtered ?? [];
  // Only the results whose stored text is loaded (top() put them first).
  const shown = filtered.slice(0, display?.shown ?? 0);
  useScrollMemory(found !== null && !loadedAtStart);

  // After "more", the first new result takes focus.
  useEffect(() => {
    if (focusFrom.current === null || shown.length <= focusFrom.current) return;
    list.current?.querySelector<HTMLElement>(`li.result[data-index="${focusFrom.current}"] a`)?.focus();
    focusFrom.current = null;
  }, [shown.length]);

  /** Puts a query typed here into the address: a new entry, or the current one rewritten (historyAction). */
  const write = (q: string) => {
    const current = pending.current[pending.current.length - 1] ?? state.q;
    const action = historyAction({ q: current, settled: settled.current }, q);
    if (action === 'none') return;
    pending.current.push(q);
    settled.current = false;
    window.clearTimeout(settleTimer.current);
    settleTimer.current = window.setTimeout(() => {
      settled.current = true;
      performance.clearMarks(SETTLED_MARK);
      performance.mark(SETTLED_MARK, { detail: q });
    }, SETTLE_MS);
    // A new query keeps the kind filter; its products are those of its own results.
    void navigate(searchPageUrl({ q, kind: state.kind }), { replace: action === 'replace' });
  };

  const ime = useImeInput(setText, (value) => write(value));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!ime.composing.current) write(text);
    window.clearTimeout(settleTimer.current);
    settled.current = true;
    ensureLoaded();
  };

  const more = () => {
    focusFrom.current = state.shown;
    void navigate(searchPageUrl({ ...state, product, shown: state.shown + PAGE_SIZE }), { replace: true });
  };

  const query = state.q.trim();
  /** While the query's pieces are on their way the page still says it is loading. */
  const shownStatus: Status = view?.waiting && display === view && status === 'ready' ? 'loading' : status;
  return (
    <div css={searchPage} data-testid="search-page" data-status={shownStatus}>
      <h1>搜索</h1>
      <p className="search-nojs" data-testid="search-nojs">
        站内搜索需要 JavaScript：请在浏览器中启用 JavaScript 后再试。也可以从<Link to="/blog/archive">文章归档</Link>和<Link to="/docs/intro">文档总览</Link>找到全部内容。
      </p>
      <form className="search-form" role="search" action={withPrefix(SEARCH_PAGE_PATH)} method="get" onSubmit={onSubmit}>
        <label className="visually-hidden" htmlFor="search-page-input">
          搜索文档和博客
        </label>
        <div className="field">
          <SearchIcon size={18} />
          <input id="search-page-input" type="search" name="q" value={text} placeholder="输入关键词、产品名或拼音" autoComplete="off" spellCheck={false} onFocus={ensureLoaded} {...ime.inputProps} />
        </div>
        <button type="submit">搜索</button>
      </form>
      <Summary status={shownStatus} query={query} state={state} product={product} total={found?.pages.length ?? 0} filtered={filtered.length} shown={shown.length} onRetry={ensureLoaded} />
      {found && found.pages.length > 0 ? <SearchFilters state={state} counts={facets(found.pages, state.kind)} product={product} /> : null}
      {shown.length > 0 && found ? (
        <ol className="results" ref={list} data-testid="search-page-results">
          {shown.map((entry, i) => (
            <ResultItem key={entry.url} hit={entry.hit()} terms={found.terms} index={i} />
          ))}
        </ol>
      ) : null}
      {filtered.length > shown.length ? (
        <button type="button" className="more" onClick={more}>
          显示更多结果（还有 {filtered.length - shown.length} 条）
        </button>
      ) : null}
      {found && found.pages.length === 0 ? <NoResults query={query} /> : null}
    </div>
  );
}

interface SummaryProps {
  status: Status;
  query: string;
  state: SearchPageState;
  product: string | null;
  total: number;
  filtered: number;
  shown: number;
  onRetry: () => void;
}

/** One line that says where the search stands: announced politely as it changes. */
function Summary({ status, query, state, product, total, filtered, shown, onRetry }: SummaryProps) {
  const scope = [state.kind === 'all' ? '' : kindLabel(state.kind), product ?? ''].filter(Boolean).join(' · ');
  let line = '';
  if (status === 'error') line = '搜索加载失败。';
  else if (status === 'empty') line = '暂无可搜索的内容。';
  else if (!query) line = '输入关键词，在全部文档和博客中搜索。';
  else if (status !== 'ready') line = '正在加载搜索索引……';
  else if (total === 0) line = `没有找到与“${query}”相关的内容。`;
  else if (scope && filtered === 0) line = `“${query}”共有 ${total} 条结果，但在“${scope}”中没有。`;
  else line = `“${query}”共有 ${total} 条结果${scope ? `，“${scope}”中 ${filtered} 条` : ''}${filtered > shown ? `，显示前 ${shown} 条` : ''}。`;
  return (
    <div className="summary">
      <p role="status" data-testid="search-summary">
        {line}
      </p>
      {status === 'error' ? (
        <button type="button" className="retry" onClick={onRetry}>
          重试
        </button>
      ) : null}
      {scope && total > 0 && filtered === 0 ? <Link to={searchPageUrl({ q: query })}>查看全部 {total} 条结果</Link> : null}
    </div>
  );
}

/** What to try when nothing matched. */
function NoResults({ query }: { query: string }) {
  return (
    <div className="none" data-testid="search-none">
      <p>可以这样试试：</p>
      <ul>
        <li>换个说法，或只留最关键的词：“多开”比“怎样才能让应用多开”更容易找到；</li>
        <li>用产品名（Konker、Wing，或中文名“空壳”）、代码里的标识符，或拼音和首字母（lanjie、lj）；</li>
        <li>检查“{query}”有没有错别字；</li>
        <li>
          从<Link to="/blog/archive">文章归档</Link>和<Link to="/docs/intro">文档总览</Link>浏览全部内容。
        </li>
      </ul>
    </div>
  );
}
