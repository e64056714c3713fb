import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { css } from '@emotion/react';
import { navigate } from 'gatsby';
import { searchLink } from '../../lib/search/search-link';
import { c } from '../../theme/tokens';
import { SearchIcon } from '../icons';
import { loadSearch, type LoadedSearch } from './load';
import { stepOption } from '../../lib/search/combobox';
import type { Panel, SearchOption } from '../../lib/search/options';
import { isComposingKey, useImeInput } from './use-ime-input';

const NO_PANEL: Panel = { query: '', total: 0, terms: [], results: [], options: [] };

type Status = 'idle' | 'loading' | 'ready' | 'error' | 'empty';

export const PLACEHOLDERS: Record<Status, string> = {
  idle: 'Search',
  loading: 'Loading...',
  ready: 'Search',
  error: '搜索加载失败',
  empty: '暂无可搜索的内容',
};

const box = css`
  position: relative;
  .field {
    display: flex;
    align-items: center;
    gap: 6px;
    height: 36px;
    width: 180px;
    padding: 0 10px;
    border-radius: 8px;
    border: 1px solid ${c('border')};
    background: ${c('bgSoft')};
    color: ${c('textMute')};
    transition:
      width 0.2s ease,
      border-color 0.15s;
  }
  &[data-expanded='true'] .field {
    width: 280px;
    border-color: ${c('primary')};
    background: ${c('surface')};
  }
  &.full .field,
  &.full[data-expanded='true'] .field {
    width: 100%;
  }
  input {
    flex: 1;
    min-width: 0;
    border: 0;
    outline: none;
    background: transparent;
    color: ${c('text')};
    font: inherit;
    font-size: 14px;
  }
  input::placeholder {
    color: ${c('textMute')};
  }
  kbd {
    font-size: 11px;
    padding: 1px 5px;
    border: 1px solid ${c('border')};
    border-radius: 4px;
    color: ${c('textMute')};
  }
  .retry {
    font-size: 12px;
    border: 0;
    background: transparent;
    color: ${c('link')};
    cursor: pointer;
  }
`;

export function SearchBox({ variant = 'navbar' }: { variant?: 'navbar' | 'full' }) {
  const [status, setStatus] = useState<Status>('idle');
  const [query, setQuery] = useState('');
  /** What the panel shows: the query searched, its results and options (options.ts panelFor). */
  const [panel, setPanel] = useState<Panel>(NO_PANEL);
  /** The query's pieces are being fetched: the panel still shows the previous query's results (aria-busy). */
  const [busy, setBusy] = useState(false);
  const { options } = panel;
  /** The option chosen with the arrow keys; -1 until one is (Enter then opens the results page). */
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const search = useRef<LoadedSearch | null>(null);
  /** The last query run: pieces that arrive for an older one only run this one again. */
  const latest = useRef('');
  /** The input is disabled while loading, which drops focus: give it back once ready. */
  const refocus = useRef(false);
  /** Closes the panel shortly after blur (so a click on a result still lands); cancelled by focus. */
  const closeTimer = useRef<number>();
  useEffect(() => () => window.clearTimeout(closeTimer.current), []);
  const input = useRef<HTMLInputElement>(null);
  const field = useRef<HTMLDivElement>(null);
  const listId = useId();

  const run = useCallback(function runQuery(value: string) {
    setActive(-1);
    latest.current = value;
    const loaded = search.current;
    if (!loaded) {
      setPanel({ ...NO_PANEL, query: value });
      return;
    }
    try {
      setPanel(loaded.ui.panelFor(loaded.engine, value));
      setBusy(false);
    } catch (error) {
      // The query's pieces are on their way: the panel keeps what it shows until they arrive.
      if (!(error instanceof loaded.ui.NotLoaded)) throw error;
      setBusy(true);
      error.load.then(
        () => latest.current === value && runQuery(value),
        () => {
          if (latest.current !== value) return;
          setBusy(false);
          setStatus('error');
        },
      );
    }
  }, []);
  const ime = useImeInput(
    (value) => {
      window.clearTimeout(closeTimer.current);
      setQuery(value);
      setOpen(true);
    },
    (value) => run(value),
  );

  const ensureLoaded = useCallback(() => {
    if (status === 'loading' || status === 'ready' || status === 'empty') return;
    refocus.current = true;
    // Disabling the focused input would drop focus to <body> (out of the mobile menu's focus
    // trap): park it on the field wrapper until the input is enabled again.
    if (document.activeElement === input.current) field.current?.focus();
    setStatus('loading');
    loadSearch().then(
      (loaded) => {
        search.current = loaded;
        setStatus(loaded.engine.size > 0 ? 'ready' : 'empty');
      },
      () => setStatus('error'),
    );
  }, [status]);

  useEffect(() => {
    if (status === 'ready' && refocus.current) {
      refocus.current = false;
      setExpanded(true);
      input.current?.focus();
      // Text typed before the engine was ready is searched now, unless an input method is still composing it.
      if (query && !ime.composing.current) run(query);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status]);

  // Ctrl/⌘+K and '/' focus the navbar box from anywhere on the page.
  useEffect(() => {
    if (variant !== 'navbar') return undefined;
    const onKey = (event: globalThis.KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const typing = target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable);
      if (((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') || (event.key === '/' && !typing)) {
        if (!input.current || input.current.offsetParent === null) return;
        event.preventDefault();
        input.current.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [variant]);

  /** Client-side, to the page or the section's heading (spec §7: '/' when a result has no url), or to the results page. */
  const go = (link: string) => {
    setOpen(false);
    input.current?.blur();
    void navigate(link);
  };
  const select = (option: SearchOption | undefined) => go(option?.url ? option.link : '/');

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    ensureLoaded();
    // While an input method is composing, Enter confirms the composition: never a result.
    if (isComposingKey(ime, event)) return;
    if (event.key === 'ArrowDown' && options.length) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => stepOption(i, options.length, 'ArrowDown'));
    } else if (event.key === 'ArrowUp' && options.length) {
      event.preventDefault();
      setActive((i) => stepOption(i, options.length, 'ArrowUp'));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      // An option chosen with the arrow keys opens; otherwise the query goes to the results page.
      if (open && options[active]) select(options[active]);
      else if (query.trim()) go(searchLink(query));
    } else if (event.key === 'Escape') {
      // Combobox pattern: Escape closes the results and keeps focus in the box; a second Escape clears it.
      if (open) setOpen(false);
      else if (query) {
        setQuery('');
        run('');
      }
    }
  };

  const disabled = status === 'loading' || status === 'empty';
  const showPanel = open && panel.query.trim() !== '' && status === 'ready';
  const Results = search.current?.ui.SearchResults;
  return (
    <div css={box} className={variant === 'full' ? 'full' : undefined} data-expanded={expanded} data-status={status} data-query={panel.query} aria-busy={busy} data-testid={`search-${variant}`}>
      <div
        className="field"
        ref={field}
        tabIndex={-1}
        onBlur={(event) => {
          // Focus parked here while loading (see ensureLoaded) that moves on elsewhere is not given back.
          if (event.target === field.current && !field.current.contains(event.relatedTarget as Node | null)) {
            refocus.current = false;
            if (!query) setExpanded(false);
          }
        }}
      >
        <SearchIcon size={16} />
        <input
          ref={input}
          type="search"
          role="combobox"
          aria-label="搜索文档和博客"
          aria-expanded={showPanel}
          aria-controls={showPanel ? listId : undefined}
          aria-autocomplete="list"
          aria-activedescendant={showPanel && options[active] ? `${listId}-${active}` : undefined}
          placeholder={PLACEHOLDERS[status]}
          disabled={disabled}
          value={query}
          onFocus={() => {
            window.clearTimeout(closeTimer.current);
            setExpanded(true);
            setOpen(true);
            ensureLoaded();
          }}
          onBlur={(event) => {
            // Focus that leaves the box while the engine loads is the reader moving on: do not pull it back.
            if (refocus.current && event.relatedTarget !== field.current) refocus.current = false;
            if (!query && !refocus.current) setExpanded(false);
            // Focus parked on the field while loading is not a real blur: keep the panel.
            if (refocus.current) return;
            window.clearTimeout(closeTimer.current);
            closeTimer.current = window.setTimeout(() => setOpen(false), 150);
          }}
          {...ime.inputProps}
          onKeyDown={onKeyDown}
          autoComplete="off"
          spellCheck={false}
        />
        {status === 'error' ? (
          <button type="button" className="retry" onClick={ensureLoaded}>
            Retry
          </button>
        ) : variant === 'navbar' && !expanded ? (
          <kbd aria-hidden="true">Ctrl K</kbd>
        ) : null}
      </div>
      {showPanel && Results ? <Results id={listId} query={panel.query} total={panel.total} terms={panel.terms} results={panel.results} active={active} onHover={setActive} onSelect={select} /> : null}
    </div>
  );
}
