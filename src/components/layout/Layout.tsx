import type { ReactNode } from 'react';
import { css } from '@emotion/react';
import { siteConfig } from '../../config/site';
import { Navbar } from '../navbar/Navbar';
import { AnnouncementBar } from './AnnouncementBar';
import { CrashProbe, ErrorBoundary } from './ErrorBoundary';
import { Footer } from './Footer';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink';

export interface LayoutProps {
  /** Page title, used for the main landmark's accessible name. Document metadata lives in Head. */
  title?: string;
  description?: string;
  /** Site path of the page, for route-change behaviour in the chrome. */
  pathname: string;
  noFooter?: boolean;
  wrapperClassName?: string;
  children: ReactNode;
}

const page = css`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
  main {
    flex: 1;
    outline: none;
  }
`;

export function Layout({ title, pathname, noFooter = false, wrapperClassName, children }: LayoutProps) {
  return (
    <div css={page} className={wrapperClassName}>
      <SkipLink />
      {siteConfig.announcement ? <AnnouncementBar announcement={siteConfig.announcement} /> : null}
      <Navbar pathname={pathname} />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} aria-label={title}>
        <ErrorBoundary key={pathname}>
          <CrashProbe />
          {children}
        </ErrorBoundary>
      </main>
      {noFooter ? null : <Footer />}
    </div>
  );
}
