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
 * Hover leave closes 210 ms after the pointer leaves: Radix asks to close after its fixed 150 ms and
 * the menu waits the difference. Every other close (a click on the open trigger, Escape, a click or
 * focus outside, a route change) is immediate. Radix keeps its hover-intent open timer running when
 * the trigger is clicked, and that timer's callback still sees the menu as closed: a late open
 * within 210 ms of a click-close is dropped before it can cancel anything. A pointer coming back
 * during the extra wait keeps the panel open.
 */
interface MenuState {
  value: string;
  onValueChange: (next: string) => void;
  /** Call before Radix handles an event that closes the menu at once. */
  closeNow: () => void;
  onTriggerClick: (item: string) => void;
  cancelClose: () => void;
}

function useMenuValue(pathname: string): MenuState {
  const [value, setValue] = useState('');
  const closeTimer = useRef<number>();
  const clickClosedAt = useRef(-Infinity);
  const immediate = useRef(false);
  useEffect(() => {
    window.clearTimeout(closeTimer.current);
    setValue('');
  }, [pathname]);
  useEffect(() => () => window.clearTimeout(closeTimer.current), []);
  // Radix asks to close synchronously inside the same event handler; the flag does not outlive it.
  const closeNow = () => {
    immediate.current = true;
    queueMicrotask(() => {
      immediate.current = false;
    });
  };
  const onValueChange = (next: string) => {
    if (next !== '' && performance.now() - clickClosedAt.current <= POPOVER_DELAY_MS) return;
    window.clearTimeout(closeTimer.current);
    if (next !== '') setValue(next);
    else if (immediate.current) setValue('');
    else closeTimer.current = window.setTimeout(() => setValue(''), EXTRA_CLOSE_DELAY_MS);
  };
  return {
    value,
    onValueChange,
    closeNow,
    onTriggerClick: (item: string) => {
      if (value !== item) return;
      clickClosedAt.current = performance.now();
      closeNow();
    },
    cancelClose: () => window.clearTimeout(closeTimer.current),
  };
}

export function DesktopMenu({ items, pathname }: { items: NavbarItem[]; pathname: string }) {
  const { value, onValueChange, closeNow, onTriggerClick, cancelClose } = useMenuValue(pathname);
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
            <NavigationMenu.Item key={item.label} value={item.label} className="menu-item" data-popover={item.label} onPointerEnter={cancelClose}>
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
              <NavigationMenu.Content
                className="menu-content"
                forceMount
                onEscapeKeyDown={closeNow}
                onPointerDownOutside={closeNow}
                onFocusOutside={closeNow}
              >
                <PopoverPanel width={popover.width} items={popover.items} />
              </NavigationMenu.Content>
            </NavigationMenu.Item>
          );
        })}
      </NavigationMenu.List>
    </NavigationMenu.Root>
  );
}
