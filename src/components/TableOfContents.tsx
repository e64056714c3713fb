import { useEffect, useState } from 'react';
import { css } from '@emotion/react';
import type { TocEntry } from '../lib/types/toc';
import { c, layout } from '../theme/tokens';

const toc = css`
  font-size: 13.5px;
  line-height: 1.5;
  .toc-title {
    font-weight: 650;
    font-size: 13px;
    color: ${c('textMute')};
    margin: 0 0 8px;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    border-left: 1px solid ${c('border')};
  }
  li a {
    display: block;
    padding: 4px 0 4px 12px;
    margin-left: -1px;
    border-left: 2px solid transparent;
    color: ${c('textSoft')};
  }
  li.depth-3 a {
    padding-left: 24px;
  }
  li a:hover {
    color: ${c('link')};
    text-decoration: none;
  }
  li a[aria-current='true'] {
    color: ${c('primary')};
    border-left-color: ${c('primary')};
    font-weight: 600;
  }
`;

/** The heading the reader is in: the last one whose top has scrolled above the navbar line. */
function useActiveHeading(ids: string[]): string | null {
  const [active, setActive] = useState<string | null>(null);
  useEffect(() => {
    if (ids.length === 0) return undefined;
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const line = layout.navbarHeight + 24;
        let current: string | null = null;
        for (const id of ids) {
          const el = document.getElementById(id);
          if (el && el.getBoundingClientRect().top <= line) current = id;
        }
        setActive(current ?? ids[0] ?? null);
      });
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
    // The ids' text, not the array: the caller makes a new array on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ids.join('\n')]);
  return active;
}

export function TableOfContents({ entries, title = '本页目录' }: { entries: TocEntry[]; title?: string }) {
  const active = useActiveHeading(entries.map((e) => e.id));
  if (entries.length === 0) return null;
  return (
    <nav css={toc} aria-label={title} data-testid="toc">
      <p className="toc-title">{title}</p>
      <ul>
        {entries.map((entry) => (
          <li key={entry.id} className={`depth-${entry.depth}`}>
            <a href={`#${entry.id}`} aria-current={active === entry.id ? 'true' : undefined}>
              {entry.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
