import { Component, type ErrorInfo, type ReactNode } from 'react';
import { css } from '@emotion/react';
import { c } from '../../theme/tokens';

const box = css`
  max-width: 640px;
  margin: 64px auto;
  padding: 32px 24px;
  text-align: center;
  h1 {
    font-size: 28px;
    margin: 0 0 8px;
  }
  p {
    color: ${c('textSoft')};
  }
  pre {
    text-align: left;
    white-space: pre-wrap;
    font-size: 13px;
    background: ${c('bgSoft')};
    padding: 12px;
    border-radius: 6px;
    color: ${c('danger')};
  }
  button {
    margin-top: 12px;
    padding: 8px 20px;
    border-radius: 8px;
    border: 0;
    background: ${c('primary')};
    color: ${c('onPrimary')};
    font-weight: 600;
    cursor: pointer;
  }
`;

interface State {
  error: Error | null;
}

export const PAGE_ERROR_TITLE = 'Page Error';

/** Catches rendering crashes in page content: 'This page crashed' with 'Try again'. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };
  private errorTitle: HTMLTitleElement | null = null;

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    (window as unknown as { __IOFOMO_CRASH_ONCE__?: boolean }).__IOFOMO_CRASH_ONCE__ = false;
    this.showErrorTitle();
    console.error('页面渲染出错', error, info.componentStack);
  }

  override componentWillUnmount(): void {
    this.errorTitle?.remove();
  }

  /**
   * document.title is the first <title> in the document, so a <title> of our own at the top of
   * <head> shows 'Page Error' whatever Gatsby's Head writes into its own <title> meanwhile;
   * removing it on retry brings the page's title back.
   */
  private showErrorTitle(): void {
    if (!this.errorTitle) {
      this.errorTitle = document.createElement('title');
      this.errorTitle.textContent = PAGE_ERROR_TITLE;
      this.errorTitle.setAttribute('data-error-title', '');
    }
    document.head.prepend(this.errorTitle);
  }

  private retry = () => {
    this.errorTitle?.remove();
    this.errorTitle = null;
    this.setState({ error: null });
  };

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div css={box} role="alert" data-testid="error-boundary">
        <h1>This page crashed</h1>
        <p>页面出错了（the page has crashed）。可以重试；如果问题仍然存在，请刷新页面或稍后再来。</p>
        <pre>{error.message}</pre>
        <button type="button" onClick={this.retry}>
          Try again
        </button>
      </div>
    );
  }
}

/**
 * Test hook for the error boundary: while a test has set window.__IOFOMO_CRASH_ONCE__, page
 * content throws on render (React retries a failed render once, so throwing a single time would
 * be swallowed); the boundary clears the flag when it catches. Inert for readers.
 */
export function CrashProbe() {
  if (typeof window !== 'undefined' && (window as unknown as { __IOFOMO_CRASH_ONCE__?: boolean }).__IOFOMO_CRASH_ONCE__) {
    throw new Error('测试用的渲染错误（__IOFOMO_CRASH_ONCE__）');
  }
  return null;
}
