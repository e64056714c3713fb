import { css } from '@emotion/react';
import { Link, withPrefix } from 'gatsby';
import { siteConfig } from '../../config/site';
import { useHideOnScroll } from '../../hooks/useHideOnScroll';
import { c, layout, mq } from '../../theme/tokens';
import { LogoMark } from '../icons';
import { SearchBox } from '../search/SearchBox';
import { CodeHostLinks } from './CodeHostLinks';
import { ColorModeToggle } from './ColorModeToggle';
import { DesktopMenu } from './DesktopMenu';
import { MobileMenu } from './MobileMenu';

/**
 * Opaque, without a backdrop blur: a `backdrop-filter` on this sticky bar makes the compositor blur
 * what scrolls under it on every frame. In headless Chromium it was a sizeable share of the CPU of
 * loading a page (figures: docs/decisions/navbar-without-blur.md). Under a 94 % opaque bar the
 * blur was hardly visible, while phones paid for it on every scroll.
 */
const header = css`
  position: sticky;
  top: 0;
  z-index: 100;
  height: ${layout.navbarHeight}px;
  background: ${c('navbarBg')};
  border-bottom: 1px solid ${c('border')};
  transition: transform 0.2s ease;
  &[data-hidden='true'] {
    transform: translateY(-100%);
  }
  .inner {
    height: 100%;
    margin: 0 auto;
    padding: 0 16px;
    max-width: ${layout.headerMaxWidthNarrow}px;
    display: flex;
    align-items: center;
    gap: 16px;
  }
  @media (min-width: 1280px) {
    .inner {
      max-width: ${layout.headerMaxWidthWide}px;
    }
  }
  ${mq.mobile} {
    .inner {
      max-width: none;
    }
  }
  .brand {
    display: inline-flex;
    align-items: center;
    gap: 8px;
    font-size: 19px;
    font-weight: 700;
    color: ${c('text')};
    text-decoration: none;
    letter-spacing: 0.01em;
  }
  .left {
    display: flex;
    align-items: center;
    gap: 12px;
    flex: 1;
    min-width: 0;
  }
  .right {
    display: flex;
    align-items: center;
    gap: 4px;
  }
  .divider {
    width: 1px;
    height: 20px;
    background: ${c('border')};
    margin: 0 6px;
  }
  .noscript-links a {
    margin-left: 12px;
  }
`;

export function Navbar({ pathname }: { pathname: string }) {
  const visible = useHideOnScroll(layout.navbarHeight);
  return (
    <header css={header} data-hidden={visible ? 'false' : 'true'} data-testid="navbar">
      <div className="inner">
        <div className="left">
          <Link to="/" className="brand" aria-label={`${siteConfig.title} 首页`}>
            <LogoMark />
            <span>{siteConfig.title}</span>
          </Link>
          <div className="desktop-only">
            <DesktopMenu items={siteConfig.navbar} pathname={pathname} />
          </div>
        </div>
        <div className="right">
          <div className="desktop-only">
            <SearchBox />
          </div>
          <span className="divider desktop-only" />
          <span className="desktop-only">
            <CodeHostLinks />
          </span>
          <ColorModeToggle />
          <div className="mobile-only">
            <noscript>
              <span className="noscript-links">
                <a href={withPrefix('/docs/intro')}>文档</a>
                <a href={withPrefix('/blog')}>博客</a>
              </span>
            </noscript>
            <MobileMenu items={siteConfig.navbar} pathname={pathname} search={<SearchBox variant="full" />} extra={<CodeHostLinks />} />
          </div>
        </div>
      </div>
    </header>
  );
}
