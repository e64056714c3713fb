import { css } from '@emotion/react';
import { c } from '../../theme/tokens';

const skip = css`
  position: absolute;
  left: 12px;
  top: -60px;
  z-index: 1000;
  padding: 10px 16px;
  border-radius: 8px;
  background: ${c('primary')};
  color: ${c('onPrimary')};
  font-weight: 600;
  &:focus {
    top: 12px;
    text-decoration: none;
  }
`;

export const MAIN_CONTENT_ID = 'main-content';

/** The first focusable element of every page. */
export function SkipLink() {
  return (
    <a css={skip} href={`#${MAIN_CONTENT_ID}`} data-testid="skip-link">
      跳到主要内容
    </a>
  );
}
