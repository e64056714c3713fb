import { css } from '@emotion/react';
import { siteConfig } from '../../config/site';
import { encodePath } from '../../lib/url-path';
import { c } from '../../theme/tokens';

const link = css`
  display: inline-block;
  margin-top: 32px;
  font-size: 14px;
  color: ${c('textSoft')};
`;

/** `desktop/wing/Get start` → …/content/docs/desktop/wing/Get%20start.mdx */
export function editUrl(docId: string): string {
  return `${siteConfig.editUrlBase}/${encodePath(docId)}.mdx`;
}

export function EditLink({ docId }: { docId: string }) {
  return (
    <a css={link} href={editUrl(docId)} target="_blank" rel="noopener noreferrer" data-testid="edit-link">
      ✎ 在代码仓库中编辑此页
    </a>
  );
}
