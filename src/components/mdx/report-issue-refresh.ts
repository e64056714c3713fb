/**
 * The 纠错 link's address with what the reader was looking at (ReportIssueLink.tsx loads this on first
 * use): the selected text and the h2/h3 it sits under or, with nothing selected, the last heading
 * scrolled past the navbar (src/lib/reading-context.ts), in the issue's body (src/lib/report-issue.ts).
 */
import { siteConfig } from '../../config/site';
import { headingAt } from '../../lib/reading-context';
import { issueUrl, repositoryOf } from '../../lib/report-issue';

export interface Snapshot {
  text: string;
  range: Range | null;
}

/** The new-issue address for this page (title from its h1, address on the site's domain) and what the reader saw. */
export function refreshedHref(seen: Snapshot): string {
  const title = (document.querySelector('article h1')?.textContent ?? document.title).trim();
  const pageUrl = `${siteConfig.url}${location.pathname.replace(/\/$/, '')}`;
  const heading = headingAt(document, seen.range?.startContainer ?? null);
  return issueUrl(repositoryOf(siteConfig.editUrlBase), { title, pageUrl, selection: seen.text.trim(), ...(heading ? { heading } : {}) });
}
