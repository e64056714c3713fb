import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import { css } from '@emotion/react';
import type { NavbarItem } from '../../config/site';
import { c, layout } from '../../theme/tokens';
import { MenuIcon } from '../icons';
import { LoadingFallback } from '../layout/LoadingFallback';
import type Dialog from './MobileMenuDialog';
import { iconButton } from './styles';

/** Where the menu's loading state shows until its code has arrived: a panel under the navbar. */
const pending = css`
  position: fixed;
  top: ${layout.navbarHeight}px;
  left: 0;
  right: 0;
  z-index: 200;
  background: ${c('bg')};
  border-bottom: 1px solid ${c('border')};
`;

/**
 * Radix Dialog and the menu markup load on first use: they weigh nothing on pages never opened on
 * a phone. A failed download is caught here (an error thrown by a lazy component would otherwise
 * take the whole page down): the spec's loading fallback shows it with Retry, which downloads again.
 */
function lazyDialog(onError: (error: Error) => void) {
  return lazy((): Promise<{ default: ComponentType<ComponentProps<typeof Dialog>> }> =>
    import(/* webpackChunkName: "mobile-menu" */ './MobileMenuDialog').catch((error: unknown) => {
      onError(error instanceof Error ? error : new Error(String(error)));
      return { default: () => null };
    }),
  );
}

export function MobileMenu({ items, pathname, search, extra }: { items: NavbarItem[]; pathname: string; search?: ReactNode; extra?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState<Error | null>(null);
  // A new lazy component per attempt: React keeps a failed one failed.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const MobileMenuDialog = useMemo(() => lazyDialog(setFailed), [attempt]);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => setOpen(false), [pathname]);
  const preload = () => setWanted(true);
  const retry = () => {
    setFailed(null);
    setAttempt((n) => n + 1);
  };
  return (
    <>
      <button
        ref={button}
        type="button"
        css={iconButton}
        aria-label="打开菜单"
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid="mobile-menu-button"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setWanted(true);
          setOpen(true);
          if (failed) retry();
        }}
      >
        <MenuIcon />
      </button>
      {wanted && failed && open ? (
        <div css={pending}>
          <LoadingFallback error={failed} onRetry={retry} />
        </div>
      ) : null}
      {wanted && !failed ? (
        <Suspense
          fallback={
            open ? (
              <div css={pending}>
                <LoadingFallback />
              </div>
            ) : null
          }
        >
          <MobileMenuDialog items={items} open={open} onOpenChange={setOpen} search={search} extra={extra} returnFocusTo={button} />
        </Suspense>
      ) : null}
    </>
  );
}
