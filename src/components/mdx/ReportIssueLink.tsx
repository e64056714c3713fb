import { useRef, type MouseEvent } from 'react';
import { REPORT_ISSUE_LABEL } from '../../lib/markdown/copy-labels';
import type { Snapshot } from './report-issue-refresh';

/** The reader's selection as it is now (a pointer press clears it before the click). */
function snapshot(): Snapshot {
  const selection = document.getSelection();
  return selection && !selection.isCollapsed ? { text: selection.toString(), range: selection.getRangeAt(0).cloneRange() } : { text: '', range: null };
}

/**
 * 纠错: a link to a new issue in the site's repository, prefilled at build time with the page's title
 * and address (`href`, src/lib/report-issue.ts via the page context); without JavaScript that is what
 * it carries (middle-click too). The page's title and address for the refresh are read from the page. A click with JavaScript opens it with the selected text and the
 * heading the reader is under (./report-issue-refresh.ts, loaded by that click: nothing before).
 */
export function ReportIssueLink({ href }: { href: string }) {
  const noted = useRef<Snapshot | null>(null);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const now = snapshot();
    const seen = now.text ? now : (noted.current ?? now);
    event.preventDefault();
    void import(/* webpackChunkName: "page-actions" */ './report-issue-refresh').then((m) => window.open(m.refreshedHref(seen), '_blank', 'noopener,noreferrer'));
  };
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" onMouseDown={() => (noted.current = snapshot())} onClick={onClick}>
      {REPORT_ISSUE_LABEL}
    </a>
  );
}
