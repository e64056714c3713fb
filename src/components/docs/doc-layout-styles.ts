import { c, mq } from '../../theme/tokens';

/**
 * The doc page's three columns (sidebar, content, table of contents) and its title and phone table of
 * contents, under `.doc-grid` (src/templates/doc.tsx). Part of the build-time global stylesheet
 * (GlobalStyles): no bytes in the page's JavaScript.
 */
export const docLayoutStyles = `
  .doc-grid {
    max-width: 1440px;
    margin: 0 auto;
    display: grid;
    grid-template-columns: 280px minmax(0, 1fr) 240px;
    gap: 40px;
    padding: 0 24px;
    &.no-sidebar {
      grid-template-columns: minmax(0, 1fr) 240px;
      max-width: 1160px;
    }
    ${mq.mobile} {
      &,
      &.no-sidebar {
        grid-template-columns: minmax(0, 1fr);
        padding: 0 16px;
      }
    }
    .sidebar-col {
      border-right: 1px solid ${c('border')};
      padding: 24px 12px 24px 0;
      position: sticky;
      top: 60px;
      align-self: start;
      max-height: calc(100vh - 60px);
      overflow-y: auto;
    }
    .content-col {
      min-width: 0;
      padding-top: 24px;
      max-width: 860px;
    }
    .toc-col {
      position: sticky;
      top: 84px;
      align-self: start;
      max-height: calc(100vh - 100px);
      overflow-y: auto;
      padding-top: 24px;
    }
    ${mq.mobile} {
      .sidebar-col,
      .toc-col {
        display: none;
      }
      .content-col {
        padding-top: 16px;
      }
    }
    h1 {
      font-size: 2.1rem;
      line-height: 1.3;
      margin: 0 0 20px;
    }
    ${mq.mobile} {
      h1 {
        font-size: 1.7rem;
      }
    }
    .mobile-toc {
      display: none;
      margin: 0 0 20px;
      border: 1px solid ${c('border')};
      border-radius: 8px;
      padding: 0 14px;
      summary {
        cursor: pointer;
        padding: 10px 0;
        font-weight: 600;
      }
    }
    ${mq.mobile} {
      .mobile-toc {
        display: block;
      }
    }
  }
`;
