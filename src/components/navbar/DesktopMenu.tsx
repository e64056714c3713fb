import { useEffect, useRef, useState } from 'react';
import { css } from '@emotion/react';
import { Link } from 'gatsby';
import * as NavigationMenu from '@radix-ui/react-navigation-menu';
import type { NavbarItem } from '../../config/site';
import { EXTRA_CLOSE_DELAY_MS, POPOVER_DELAY_MS } from '../../lib/delay';
import { c } from '../../theme/tokens';
import { ChevronIcon } from '../icons';
import { PopoverPanel } from './PopoverPanel';

const root = css`
  position: relative;
  > div {
    height: 100%;
  }
  ul.menu {
    display: flex;
    align-items: center;
    gap: 2px;
    list-style: none;
    margin: 0;
    padding: 0;
  }
  li.menu-item {
    position: relative;
  }
  .menu-trigger {
    display: inline-flex;
    align-items: center;
    gap: 2px;
    padding: 6px 12px;
    border: 0;
    border-radius: 8px;
    background: transparent;
    color: ${c('text')};
    font-size: 15px;
    font-weight: 500;
    cursor: pointer;
    text-decoration: none;
    white-space: nowrap;
  }
  .menu-trigger:hover,
  .menu-trigger[data-state='open'] {
    background: ${c('bgSoft')};
    text-decoration: none;
  }
  .menu-trigger svg {
    transition: transform 0.15s;
  }
  .menu-trigger[data-state='open'] svg {
    transform: rotate(180deg);
  }
  .menu-content {
    position: absolute;
    top: calc(100% + 8px);
    left: 0;
    z-index: 50;
  }
  .menu-content[data-state='closed'] {
    display: none;
  }
  /* Without JavaScript the panels open on hover and keyboard focus. */
  html:not([data-js]) & li.menu-item:hover > .menu-content,
  html:not([data-js]) & li.menu-item:focus-within > .menu-content {
    display: block;
  }
  /* Keep the panel reachable across the gap below the trigger. */
  html:not([data-js]) & li.menu-item:hover::after {
    content: '';
    position: absolute;
    left: 0;
    right: 0;
    top: 100%;
    height: 10px;
  }
`;

/**
 * Route changes close the open popover; a close request from Radix lands 210 ms after leave.
 * Radix keeps the hover-intent open timer running when the trigger is clicked, so a click that
 * closes a panel within 210 ms of the pointer arriving would see it reopen: such a late open is
 * ignored.
 */
function useMenuValue(pathname: string): [string, (next: string) => void, (item: string) => void] {
  const [value, setValue] = useState('');
  const closeTimer = useRef<number>();
  const clickClosedAt = useRef(0);
  useEffect(() => {
    window.clearTimeout(closeTimer.current);
    setValue('');
  }, [pathname]);
  useEffect(() => () => window.clearTimeout(closeTimer.current), []);
  const onValueChange = (next: string) => {
    window.clearTimeout(closeTimer.current);
    if (next === '') closeTimer.current = window.setTimeout(() => setValue(''), EXTRA_CLOSE_DELAY_MS);
    else if (performance.now() - clickClosedAt.current > POPOVER_DELAY_MS) setValue(next);
  };
  const onTriggerClick = (item: string) => {
    if (value === item) clickClosedAt.current = performance.now();
  };
  return [value, onValueChange, onTriggerClick];
}

export function DesktopMenu({ items, pathname }: { items: NavbarItem[]; pathname: string }) {
  const [value, onValueChange, onTriggerClick] = useMenuValue(pathname);
  return (
    <NavigationMenu.Root
      css={root}
      value={value}
      onValueChange={onValueChange}
      delayDuration={POPOVER_DELAY_MS}
      skipDelayDuration={0}
      aria-label="主导航"
    >
      <NavigationMenu.List className="menu">
        {items.map((item) => {
          const popover = item.isPopover ? { width: item.width, items: item.items } : item.popover;
          if (!popover) {
            return (
              <NavigationMenu.Item key={item.label} className="menu-item">
                <NavigationMenu.Link asChild>
                  <Link className={`menu-trigger ${item.className ?? ''}`} to={item.href ?? '/'}>
                    {item.label}
                  </Link>
                </NavigationMenu.Link>
              </NavigationMenu.Item>
            );
          }
          return (
            <NavigationMenu.Item key={item.label} value={item.label} className="menu-item" data-popover={item.label}>
              {item.isPopover ? (
                <NavigationMenu.Trigger className={`menu-trigger ${item.className ?? ''}`} onClick={() => onTriggerClick(item.label)}>
                  {item.label}
                  <ChevronIcon size={14} />
                </NavigationMenu.Trigger>
              ) : (
                <NavigationMenu.Trigger asChild>
                  <Link className={`menu-trigger ${item.className ?? ''}`} to={item.href ?? '/'}>
                    {item.label}
                  </Link>
                </NavigationMenu.Trigger>
              )}
              <NavigationMenu.Content className="menu-content" forceMount>
                <PopoverPanel width={popover.width} items={popover.items} />
              </NavigationMenu.Content>
            </NavigationMenu.Item>
          );
        })}
      </NavigationMenu.List>
    </NavigationMenu.Root>
  );
}
