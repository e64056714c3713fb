import type { ReactNode } from 'react';
import { css } from '@emotion/react';
import { c, type ColorTokens } from '../../theme/tokens';

type CalloutType = 'info' | 'tip' | 'warning' | 'danger';

const LABELS: Record<CalloutType, string> = { info: '说明', tip: '提示', warning: '注意', danger: '警告' };
const TOKENS: Record<CalloutType, keyof ColorTokens> = { info: 'info', tip: 'tip', warning: 'warning', danger: 'danger' };

const box = (type: CalloutType) => css`
  margin: 0 0 1.2em;
  padding: 0.8em 1em;
  border: 1px solid ${c('border')};
  border-left: 4px solid ${c(TOKENS[type])};
  border-radius: 6px;
  background: ${c('bgSoft')};
  > p:last-child {
    margin-bottom: 0;
  }
`;

const heading = (type: CalloutType) => css`
  display: block;
  font-weight: 650;
  color: ${c(TOKENS[type])};
  margin-bottom: 0.3em;
`;

export function Callout({ type = 'info', title, children }: { type?: CalloutType; title?: string; children: ReactNode }) {
  const kind: CalloutType = type in LABELS ? type : 'info';
  return (
    <aside css={box(kind)} role="note" aria-label={title ?? LABELS[kind]}>
      <strong css={heading(kind)}>{title ?? LABELS[kind]}</strong>
      {children}
    </aside>
  );
}
