import { css } from '@emotion/react';
import { withPrefix } from 'gatsby';
import { COPY_MARKDOWN_LABEL, twinPath, VIEW_MARKDOWN_LABEL } from '../../lib/twin-path';
import { encodePath } from '../../lib/url-path';
import { c } from '../../theme/tokens';
import { copyMarkdownOnClick } from './copy-code';
import { copyButton } from './prose';

const bar = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 14px;
  margin: 0 0 20px;
  font-size: 13px;
  button {
    ${copyButton}
    font-size: 13px;
  }
  html:not([data-js]) & button {
    display: none;
  }
  a {
    color: ${c('link')};
  }
`;

/**
 * 复制 Markdown / 查看 Markdown under a post's or doc's title: the page's Markdown twin (its URL +
 * .md). The link works without JavaScript; the button (hidden without it) copies the twin and
 * confirms like the code blocks' copy buttons, announced through a live region.
 */
export function TwinLinks({ pagePath }: { pagePath: string }) {
  const href = withPrefix(encodePath(twinPath(pagePath)));
  return (
    <div css={bar} data-testid="twin-links">
      <button type="button" data-copy-markdown={href} onClick={copyMarkdownOnClick}>
        <span>{COPY_MARKDOWN_LABEL}</span>
      </button>
      <a href={href} type="text/markdown">
        {VIEW_MARKDOWN_LABEL}
      </a>
      <span role="status" className="visually-hidden" />
    </div>
  );
}
