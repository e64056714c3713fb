import { css } from '@emotion/react';
import { Link } from 'gatsby';
import { siteConfig } from '../../config/site';
import { c, layout, mq } from '../../theme/tokens';

const footer = css`
  margin-top: 64px;
  border-top: 1px solid ${c('border')};
  background: ${c('bgSoft')};
  color: ${c('textSoft')};
  font-size: 14px;
  .inner {
    max-width: ${layout.contentMaxWidth}px;
    margin: 0 auto;
    padding: 40px 24px 28px;
  }
  .groups {
    display: grid;
    grid-template-columns: repeat(5, minmax(0, 1fr));
    gap: 24px;
  }
  ${mq.mobile} {
    .groups {
      grid-template-columns: repeat(2, minmax(0, 1fr));
    }
  }
  h2 {
    font-size: 14px;
    font-weight: 650;
    color: ${c('text')};
    margin: 0 0 10px;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  li {
    margin: 6px 0;
    line-height: 1.5;
  }
  a {
    color: ${c('textSoft')};
  }
  a:hover {
    color: ${c('link')};
  }
  .bottom {
    margin-top: 32px;
    padding-top: 20px;
    border-top: 1px solid ${c('border')};
    display: flex;
    flex-wrap: wrap;
    gap: 8px 24px;
    justify-content: center;
    color: ${c('textMute')};
  }
`;

function FooterLink({ to, label }: { to: string; label: string }) {
  return to.startsWith('/') ? (
    <Link to={to}>{label}</Link>
  ) : (
    <a href={to} target="_blank" rel="noopener noreferrer">
      {label}
    </a>
  );
}

export function Footer() {
  const { groups, copyright, icp } = siteConfig.footer;
  return (
    <footer css={footer} data-testid="footer">
      <div className="inner">
        <div className="groups">
          {groups.map((group) => (
            <nav key={group.title} aria-label={group.title}>
              <h2>{group.title}</h2>
              <ul>
                {group.items.map((item) => (
                  <li key={item.label}>
                    <FooterLink {...item} />
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <div className="bottom">
          <span>{copyright}</span>
          <a href={icp.href} target="_blank" rel="noopener noreferrer">
            {icp.label}
          </a>
        </div>
      </div>
    </footer>
  );
}
