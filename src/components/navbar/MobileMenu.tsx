import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import type { NavbarItem } from '../../config/site';
import { MenuIcon } from '../icons';
import { iconButton } from './styles';

/** Radix Dialog and the menu markup load on first use: they weigh nothing on pages never opened on a phone. */
const MobileMenuDialog = lazy(() => import(/* webpackChunkName: "mobile-menu" */ './MobileMenuDialog'));

export function MobileMenu({ items, pathname, search, extra }: { items: NavbarItem[]; pathname: string; search?: ReactNode; extra?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => setOpen(false), [pathname]);
  const preload = () => setWanted(true);
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
        }}
      >
        <MenuIcon />
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <MobileMenuDialog items={items} open={open} onOpenChange={setOpen} search={search} extra={extra} returnFocusTo={button} />
        </Suspense>
      ) : null}
    </>
  );
}
