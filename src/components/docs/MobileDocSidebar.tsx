import { useEffect, useRef, useState, type ReactNode } from 'react';
import { css } from '@emotion/react';
import { c, layout, mq } from '../../theme/tokens';
import { CloseIcon, MenuIcon } from '../icons';

const styles = css`
  display: none;
  ${mq.mobile} {
    display: block;
  }
  .toggle {
    display: inline-flex;
    align-items: center;
    gap: 8px;
    margin: 0 0 16px;
    padding: 8px 14px;
    border-radius: 8px;
    border: 1px solid ${c('border')};
    background: ${c('surface')};
    color: ${c('text')};
    cursor: pointer;
  }
  .panel {
    position: fixed;
    inset: 0 20% 0 0;
    max-width: 360px;
    z-index: 150;
    background: ${c('bg')};
    border-right: 1px solid ${c('border')};
    box-shadow: ${c('shadow')};
    padding: 16px 12px 32px;
    overflow-y: auto;
  }
  .panel-head {
    display: flex;
    justify-content: flex-end;
    margin-bottom: 8px;
  }
  .panel-head button {
    padding: 6px;
    border: 0;
    border-radius: 6px;
    background: transparent;
    color: ${c('text')};
    cursor: pointer;
  }
  .backdrop {
    position: fixed;
    inset: 0;
    z-index: 140;
    background: rgba(0, 0, 0, 0.35);
    border: 0;
  }
`;

const FOCUSABLE = 'a[href], button:not([disabled]), select:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The docs sidebar on small screens: a toggle opening it as a modal panel. Focus moves into the
 * panel and Tab / Shift+Tab stay inside it; Escape and the close buttons close it and give focus
 * back to the toggle. It also closes on back navigation, when the window grows past the 996 px
 * breakpoint, and on route change.
 */
export function MobileDocSidebar({ pathname, children }: { pathname: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => setOpen(false), [pathname]);
  /** Closes the panel; focus that was in it goes back to the toggle instead of being lost. */
  const close = () => {
    const hadFocus = !panel.current || panel.current.contains(document.activeElement) || document.activeElement === document.body;
    setOpen(false);
    if (hadFocus) toggle.current?.focus();
  };
  useEffect(() => {
    if (open) panel.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  }, [open]);
  /** Tab from the last control wraps to the first, Shift+Tab from the first to the last. */
  const trapTab = (event: React.KeyboardEvent) => {
    if (event.key !== 'Tab' || !panel.current) return;
    const controls = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = controls[0];
    const last = controls[controls.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };
  useEffect(() => {
    if (!open) return undefined;
    const query = window.matchMedia(`(min-width: ${layout.mobileBreakpoint}px)`);
    const onWide = () => {
      if (query.matches) setOpen(false);
    };
    const onPop = () => close();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    query.addEventListener('change', onWide);
    window.addEventListener('popstate', onPop);
    window.addEventListener('keydown', onKey);
    return () => {
      query.removeEventListener('change', onWide);
      window.removeEventListener('popstate', onPop);
      window.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return (
    <div css={styles}>
      <button ref={toggle} type="button" className="toggle" aria-expanded={open} aria-controls="mobile-doc-sidebar" onClick={() => setOpen(true)} data-testid="mobile-sidebar-toggle">
        <MenuIcon size={18} />
        文档目录
      </button>
      {open ? (
        <>
          <button type="button" className="backdrop" aria-label="关闭文档目录" tabIndex={-1} onClick={close} />
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- a modal dialog keeps Tab among its own controls */}
          <div ref={panel} className="panel" id="mobile-doc-sidebar" role="dialog" aria-modal="true" aria-label="文档目录" data-testid="mobile-sidebar-panel" onKeyDown={trapTab}>
            <div className="panel-head">
              <button type="button" onClick={close} aria-label="关闭文档目录">
                <CloseIcon />
              </button>
            </div>
            {children}
          </div>
        </>
      ) : null}
    </div>
  );
}
