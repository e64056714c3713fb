import { useEffect } from 'react';
import { css, keyframes } from '@emotion/react';
import { c } from '../../theme/tokens';

const spin = keyframes`to { transform: rotate(360deg); }`;

const box = css`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 12px;
  padding: 24px;
  color: ${c('textMute')};
  .spinner {
    width: 28px;
    height: 28px;
    border-radius: 50%;
    border: 3px solid ${c('border')};
    border-top-color: ${c('primary')};
    animation: ${spin} 0.8s linear infinite;
  }
  button {
    padding: 6px 16px;
    border-radius: 6px;
    border: 1px solid ${c('border')};
    background: ${c('surface')};
    color: ${c('text')};
    cursor: pointer;
  }
`;

/**
 * Shown while lazily loaded code arrives (the mobile menu); on failure the error text and a
 * 'Retry' button. The error itself goes to the console: its text is for developers.
 */
export function LoadingFallback({ error, onRetry }: { error?: Error | null; onRetry?: () => void }) {
  useEffect(() => {
    if (error) console.error('加载失败', error);
  }, [error]);
  if (error) {
    return (
      <div css={box} role="alert" data-testid="loading-error">
        <p>加载失败，请检查网络后重试。</p>
        {onRetry ? (
          <button type="button" onClick={onRetry}>
            Retry
          </button>
        ) : null}
      </div>
    );
  }
  return (
    <div css={box} role="status" aria-live="polite" data-testid="loading">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">Loading...</span>
    </div>
  );
}
