import { css } from '@emotion/react';
import { siteConfig } from '../../config/site';
import { c } from '../../theme/tokens';
import { GiteeIcon, GitHubIcon } from '../icons';

const link = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 36px;
  height: 36px;
  border-radius: 50%;
  color: ${c('textSoft')};
  &:hover {
    background: ${c('bgSoft')};
    color: ${c('text')};
  }
`;

export function CodeHostLinks() {
  return (
    <>
      {siteConfig.codeHosts.map((host) => (
        <a key={host.name} css={link} href={host.href} target="_blank" rel="noopener noreferrer" aria-label={`${host.name}（在新窗口打开）`} title={host.name}>
          {host.name === 'GitHub' ? <GitHubIcon /> : <GiteeIcon />}
        </a>
      ))}
    </>
  );
}
