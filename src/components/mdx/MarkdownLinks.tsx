import { withPrefix } from 'gatsby';
import { COPY_MARKDOWN_LABEL, markdownPath, VIEW_MARKDOWN_LABEL } from '../../lib/markdown-path';
import { encodePath } from '../../lib/url-path';
import { copyMarkdownOnClick } from './copy-code';
import { AiMenu } from './AiMenu';
import { ReportIssueLink } from './ReportIssueLink';

/**
 * 复制 Markdown / 查看 Markdown / 在 AI 中打开 / 纠错 under a post's or doc's title: the page's
 * Markdown version (its URL + .md). The links work without JavaScript; the buttons (hidden without it) copy the
 * Markdown version and confirm like the code blocks' copy buttons, announced through a live region, or open the
 * assistants' menu (AiMenu.tsx). Styled by the build-time global CSS (.markdown-links, .copy-button,
 * .ai-menu in GlobalStyles): no styles in the page's JS.
 */
export function MarkdownLinks({ pagePath, issueHref, unlisted }: { pagePath: string; issueHref: string; unlisted?: boolean | null }) {
  const href = withPrefix(encodePath(markdownPath(pagePath)));
  const report = <ReportIssueLink href={issueHref} />;
  // An unlisted page has no Markdown version (gatsby/exports/build-exports.ts): 纠错 only.
  if (unlisted) return <div className="markdown-links">{report}</div>;
  return (
    <div className="markdown-links" data-testid="markdown-links">
      <button type="button" className="copy-button" data-copy-markdown={href} onClick={copyMarkdownOnClick}>
        <span>{COPY_MARKDOWN_LABEL}</span>
      </button>
      <a href={href} type="text/markdown">
        {VIEW_MARKDOWN_LABEL}
      </a>
      <AiMenu />
      {report}
      <span role="status" className="visually-hidden" />
    </div>
  );
}
