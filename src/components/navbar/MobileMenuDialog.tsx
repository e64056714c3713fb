import type { ReactNode, RefObject } from 'react';
import { css, keyframes } from '@emotion/react';
import { Link } from 'gatsby';
import * as Dialog from '@radix-ui/react-dialog';
import type { NavbarItem, PopoverEntry } from '../../config/site';
import { c, layout, mq } from '../../theme/tokens';
import { CloseIcon } from '../icons';
import { iconButton } from './styles';

const fadeIn = keyframes`from { opacity: 0; transform: translateY(-6px); } to { opacity: 1; transform: none; }`;
const fadeOut = keyframes`from { opacity: 1; } to { opacity: 0; }`;

const modal = css`
  position: fixed;
  inset: 0;
  z-index: 200;
  background: ${c('bg')};
  overflow-y: auto;
  padding: 12px 16px 32px;
  &[data-state='open'] {
    animation: ${fadeIn} ${layout.modalTransitionMs}ms ease-out;
  }
  &[data-state='closed'] {
    animation: ${fadeOut} ${layout.modalTransitionMs}ms ease-in;
  }
  .modal-head {
    display: flex;
    align-items: center;
    justify-content: space-between;
    min-height: 44px;
    margin-bottom: 8px;
  }
  .modal-title {
    font-size: 18px;
    font-weight: 650;
    margin: 0;
  }
  .modal-search {
    margin: 0 0 16px;
  }
  .sections-grid {
    display: grid;
    grid-template-columns: repeat(2, minmax(0, 1fr));
    gap: 20px 16px;
  }
  @media (min-width: 720px) {
    .sections-grid {
      grid-template-columns: repeat(3, minmax(0, 1fr));
    }
  }
  .sections-collapsible {
    display: none;
  }
  ${mq.narrowPhone} {
    .sections-grid {
      display: none;
    }
    .sections-collapsible {
      display: block;
    }
  }
  h3,
  summary {
    font-size: 14px;
    font-weight: 650;
    color: ${c('textMute')};
    margin: 0 0 6px;
  }
  summary {
    cursor: pointer;
    padding: 12px 0;
    font-size: 16px;
    color: ${c('text')};
  }
  details {
    border-bottom: 1px solid ${c('border')};
  }
  ul {
    list-style: none;
    margin: 0 0 8px;
    padding: 0;
  }
  li a {
    display: block;
    padding: 7px 0;
    color: ${c('text')};
  }
  li small {
    display: block;
    color: ${c('textMute')};
    font-size: 12.5px;
    line-height: 1.4;
  }
  .modal-extra {
    margin-top: 20px;
    padding-top: 16px;
    border-top: 1px solid ${c('border')};
    display: flex;
    flex-wrap: wrap;
    gap: 12px;
    align-items: center;
  }
`;

interface Section {
  title: string;
  href?: string;
  entries: PopoverEntry[];
}

export function menuSections(items: NavbarItem[]): Section[] {
  return items.map((item) => ({
    title: item.label,
    href: item.href,
    entries: item.isPopover ? item.items : (item.popover?.items ?? []),
  }));
}

function EntryList({ entries }: { entries: PopoverEntry[] }) {
  return (
    <ul>
      {entries.map((entry) => (
        <li key={entry.href + entry.label}>
          <Link to={entry.href}>
            {entry.label}
            <small>{entry.description}</small>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export interface MobileMenuDialogProps {
  items: NavbarItem[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  search?: ReactNode;
  extra?: ReactNode;
  /** The menu button: focus goes back to it when the dialog closes. */
  returnFocusTo: RefObject<HTMLButtonElement>;
}

/** The full-screen menu (Radix Dialog: focus trap, Escape), loaded on the first tap of the menu button. */
export default function MobileMenuDialog({ items, open, onOpenChange, search, extra, returnFocusTo }: MobileMenuDialogProps) {
  const sections = menuSections(items);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Content
          css={modal}
          aria-describedby={undefined}
          data-testid="mobile-menu"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
        >
          <div className="modal-head">
            <Dialog.Title className="modal-title">菜单</Dialog.Title>
            <Dialog.Close css={iconButton} aria-label="关闭菜单">
              <CloseIcon />
            </Dialog.Close>
          </div>
          {search ? <div className="modal-search">{search}</div> : null}
          <nav aria-label="主导航">
            <div className="sections-grid">
              {sections.map((section) => (
                <section key={section.title}>
                  <h3>{section.href ? <Link to={section.href}>{section.title}</Link> : section.title}</h3>
                  <EntryList entries={section.entries} />
                </section>
              ))}
            </div>
            <div className="sections-collapsible">
              {sections.map((section) => (
                <details key={section.title}>
                  <summary>{section.title}</summary>
                  <EntryList entries={section.entries} />
                </details>
              ))}
            </div>
          </nav>
          {extra ? <div className="modal-extra">{extra}</div> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
