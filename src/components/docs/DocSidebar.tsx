import { css } from '@emotion/react';
import { Link } from 'gatsby';
import type { Sidebar, SidebarLink } from '../../lib/docs';
import { c } from '../../theme/tokens';

const nav = css`
  font-size: 14.5px;
  line-height: 1.5;
  .sidebar-title {
    font-size: 13px;
    font-weight: 650;
    color: ${c('textMute')};
    margin: 0 0 8px;
    padding: 0 12px;
    letter-spacing: 0.02em;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  a {
    display: block;
    padding: 6px 12px;
    border-radius: 6px;
    color: ${c('textSoft')};
  }
  a:hover {
    background: ${c('bgSoft')};
    color: ${c('text')};
    text-decoration: none;
  }
  a[aria-current='page'] {
    background: ${c('primarySoft')};
    color: ${c('primary')};
    font-weight: 600;
  }
  .category {
    margin-top: 10px;
  }
  .category-label {
    display: block;
    padding: 6px 12px;
    font-weight: 600;
    color: ${c('text')};
  }
  .category ul {
    padding-left: 10px;
    border-left: 1px solid ${c('border')};
    margin-left: 12px;
  }
`;

function Item({ link, currentId }: { link: SidebarLink; currentId: string }) {
  return (
    <li>
      <Link to={link.path} aria-current={link.id === currentId ? 'page' : undefined}>
        {link.label}
      </Link>
    </li>
  );
}

/** Categories are always expanded: there is no control to collapse or hide them (spec §4). */
export function DocSidebar({ sidebar, currentId, title }: { sidebar: Sidebar; currentId: string; title: string }) {
  return (
    <nav css={nav} aria-label={`${title}文档`} data-testid="doc-sidebar">
      <p className="sidebar-title">{title}</p>
      <ul>
        {sidebar.items.map((item) =>
          item.kind === 'link' ? (
            <Item key={item.id} link={item} currentId={currentId} />
          ) : (
            <li key={item.label} className="category">
              <span className="category-label">{item.label}</span>
              <ul>
                {item.items.map((link) => (
                  <Item key={link.id} link={link} currentId={currentId} />
                ))}
              </ul>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
