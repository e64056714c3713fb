import { css } from '@emotion/react';
import { useColorMode } from '../../hooks/useColorMode';
import { c } from '../../theme/tokens';
import { MoonIcon, SunIcon } from '../icons';

const button = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 36px;
  height: 36px;
  border: 0;
  border-radius: 50%;
  background: transparent;
  color: ${c('textSoft')};
  cursor: pointer;
  &:hover {
    background: ${c('bgSoft')};
    color: ${c('text')};
  }
  .icon-dark {
    display: none;
  }
  html[data-theme='dark'] & .icon-dark {
    display: inline;
  }
  html[data-theme='dark'] & .icon-light {
    display: none;
  }
`;

/** Icons follow the html[data-theme] attribute, so the right one shows before hydration too. */
export function ColorModeToggle() {
  const [mode, toggle] = useColorMode();
  const label = mode === 'dark' ? '切换到浅色模式' : '切换到深色模式';
  return (
    <button type="button" css={button} onClick={toggle} aria-label={label} title={label} data-testid="color-mode-toggle">
      <SunIcon className="icon-light" />
      <MoonIcon className="icon-dark" />
    </button>
  );
}
