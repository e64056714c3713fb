import { withPrefix } from 'gatsby';
import { COPY_MARKDOWN_LABEL, twinPath, VIEW_MARKDOWN_LABEL } from '../../lib/twin-path';
import { encodePath } from '../../lib/url-path';
import { copyMarkdownOnClick } from './copy-code';

/**
 * 复制 Markdown / 查看 Markdown under a post's or doc's title: the page's Markdown twin (its URL +
 * .md). The link works without JavaScript; the button (hidden without it) copies the twin and
 * confirms like the code blocks' copy buttons, announced through a live region. Styled by the
 * build-time global CSS (.twin-links, .copy-button in GlobalStyles): no styles in the page's JS.
 */
export function TwinLinks({ pagePath }: { pagePath: string }) {
  const href = withPrefix(encodePath(twinPath(pagePath)));
  return (
    <div className="twin-links" data-testid="twin-links">
      <button type="button" className="copy-button" data-copy-markdown={href} onClick={copyMarkdownOnClick}>
        <span>{COPY_MARKDOWN_LABEL}</span>
      </button>
      <a href={href} type="text/markdown">
        {VIEW_MARKDOWN_LABEL}
      </a>
      <span role="status" className="visually-hidden" />
    </div>
  );
}
