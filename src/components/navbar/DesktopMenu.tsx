import { useRef } from 'react';
import { css } from '@emotion/react';
import { Link } from 'gatsby';
import type { NavbarItem } from '../../config/site';
import { c } from '../../theme/tokens';
import { ChevronIcon } from '../icons';
import { PopoverPanel } from './PopoverPanel';
import { usePopoverMenu } from './usePopoverMenu';

const root = css`
  position: relative;
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

export function DesktopMenu({ items, pathname }: { items: NavbarItem[]; pathname: string }) {
  const rootRef = useRef<HTMLElement>(null);
  const menu = usePopoverMenu(pathname, rootRef);
  return (
    <nav ref={rootRef} css={root} aria-label="主导航">
      <ul className="menu">
        {items.map((item, index) => {
          const popover = item.isPopover ? { width: item.width, items: item.items } : item.popover;
          if (!popover) {
            return (
              <li key={item.label} className="menu-item">
                <Link className={`menu-trigger ${item.className ?? ''}`} to={item.href ?? '/'}>
                  {item.label}
                </Link>
              </li>
            );
          }
          const open = menu.open === item.label;
          const state = open ? 'open' : 'closed';
          const panelId = `navbar-popover-${index}`;
          const { onClick, ...hover } = menu.trigger(item.label);
          return (
            <li key={item.label} className="menu-item" data-popover={item.label} {...menu.item(item.label)}>
              {item.isPopover ? (
                <button type="button" className={`menu-trigger ${item.className ?? ''}`} data-state={state} aria-expanded={open} aria-controls={panelId} onClick={onClick} {...hover}>
                  {item.label}
                  <ChevronIcon size={14} />
                </button>
              ) : (
                <Link className={`menu-trigger ${item.className ?? ''}`} to={item.href ?? '/'} data-state={state} aria-expanded={open} aria-controls={panelId} {...hover}>
                  {item.label}
                </Link>
              )}
              <div className="menu-content" id={panelId} data-state={state}>
                <PopoverPanel width={popover.width} items={popover.items} />
              </div>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
