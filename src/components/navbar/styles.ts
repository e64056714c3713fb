import { css } from '@emotion/react';
import { c } from '../../theme/tokens';

/** 40 px square icon button of the mobile navbar and its menu (open, close). */
export const iconButton = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 40px;
  height: 40px;
  border: 0;
  border-radius: 8px;
  background: transparent;
  color: ${c('text')};
  cursor: pointer;
  &:hover {
    background: ${c('bgSoft')};
  }
`;
