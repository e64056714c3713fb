import { useEffect, useRef, useState } from 'react';
import { css } from '@emotion/react';
import { c } from '../../theme/tokens';

const button = css`
  font-size: 12px;
  line-height: 1;
  padding: 6px 10px;
  border-radius: 5px;
  border: 1px solid ${c('border')};
  background: ${c('surface')};
  color: ${c('textSoft')};
  cursor: pointer;
  &:hover {
    color: ${c('text')};
    border-color: ${c('textMute')};
  }
`;

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Clipboard API blocked (insecure origin, permissions): fall back to a hidden textarea.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}

export const COPIED_TEXT = '已复制';

export function CopyButton({ code }: { code: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<number>();
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const onClick = async () => {
    const ok = await copyText(code);
    setState(ok ? 'copied' : 'failed');
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setState('idle'), 2000);
  };
  return (
    <button type="button" css={button} onClick={onClick} aria-label="复制代码" data-copy-button="">
      <span aria-live="polite">{state === 'copied' ? COPIED_TEXT : state === 'failed' ? '复制失败' : '复制'}</span>
    </button>
  );
}
