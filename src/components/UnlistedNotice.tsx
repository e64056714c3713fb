import { css } from '@emotion/react';
import { c } from '../theme/tokens';

const notice = css`
  margin: 0 0 20px;
  padding: 10px 14px;
  border-radius: 8px;
  border: 1px solid ${c('warning')};
  background: ${c('bgSoft')};
  font-size: 14px;
  color: ${c('textSoft')};
`;

export function UnlistedNotice() {
  return (
    <div css={notice} role="note" data-testid="unlisted-notice">
      <strong>未收录页面：</strong>此页面不会被搜索引擎收录，也不出现在列表中，只有知道链接的读者才能访问。
    </div>
  );
}
