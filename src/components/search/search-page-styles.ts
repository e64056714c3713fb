import { css } from '@emotion/react';
import { c, mq } from '../../theme/tokens';

/** The results page (SearchPage.tsx). Every control is at least 44 px tall; long words wrap at 320 px. */
export const searchPage = css`
  max-width: 880px;
  margin: 0 auto;
  padding: 32px 24px 48px;
  overflow-wrap: anywhere;
  ${mq.mobile} {
    padding: 20px 16px 40px;
  }
  h1 {
    font-size: 2rem;
    line-height: 1.3;
    margin: 0 0 16px;
  }
  /* Without JavaScript only this shows; with it, only the search. */
  html[data-js] & .search-nojs {
    display: none;
  }
  html:not([data-js]) & .search-form,
  html:not([data-js]) & .summary {
    display: none;
  }
  .search-nojs a,
  .summary a,
  .none a {
    text-decoration: underline;
    text-decoration-thickness: 1px;
  }
  .search-form {
    display: flex;
    gap: 8px;
  }
  .field {
    flex: 1;
    min-width: 0;
    display: flex;
    align-items: center;
    gap: 8px;
    min-height: 48px;
    padding: 0 12px;
    border: 1px solid ${c('border')};
    border-radius: 10px;
    background: ${c('surface')};
    color: ${c('textMute')};
  }
  .field:focus-within {
    border-color: ${c('primary')};
  }
  .field input {
    flex: 1;
    min-width: 0;
    min-height: 44px;
    border: 0;
    outline: none;
    background: transparent;
    color: ${c('text')};
    font: inherit;
  }
  .field input::placeholder {
    color: ${c('textMute')};
  }
  button {
    min-height: 44px;
    padding: 0 16px;
    border-radius: 10px;
    border: 1px solid ${c('primary')};
    background: ${c('primary')};
    color: ${c('onPrimary')};
    font-weight: 600;
    cursor: pointer;
  }
  .summary {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 4px 16px;
    margin: 16px 0 8px;
    color: ${c('textSoft')};
  }
  .summary p {
    margin: 0;
  }
  .filters {
    display: grid;
    gap: 8px;
    margin: 8px 0 16px;
  }
  .filter-row {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
  }
  .chip {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    padding: 0 14px;
    border: 1px solid ${c('border')};
    border-radius: 22px;
    background: ${c('bgSoft')};
    color: ${c('text')};
    font-size: 14px;
  }
  .chip:hover {
    text-decoration: none;
    border-color: ${c('textMute')};
  }
  .chip[aria-current='true'] {
    border-color: ${c('primary')};
    background: ${c('primarySoft')};
    font-weight: 600;
  }
  .chip .count {
    margin-left: 4px;
    color: ${c('textSoft')};
  }
  .results {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  .result {
    padding: 12px 0 14px;
    border-bottom: 1px solid ${c('border')};
  }
  .result-title {
    margin: 0;
    font-size: 1.125rem;
    line-height: 1.5;
  }
  .result-title a,
  .sections a {
    display: flex;
    align-items: center;
    min-height: 44px;
  }
  .crumb {
    margin: 0;
    font-size: 13px;
    color: ${c('textMute')};
  }
  .snippet {
    margin: 4px 0 0;
    font-size: 14px;
    line-height: 1.65;
    color: ${c('textSoft')};
  }
  .sections {
    list-style: none;
    margin: 8px 0 0 4px;
    padding: 0 0 0 14px;
    border-left: 2px solid ${c('border')};
  }
  .sections li + li {
    margin-top: 4px;
  }
  .sections a {
    font-size: 15px;
  }
  mark {
    background: transparent;
    color: ${c('primary')};
    font-weight: 650;
  }
  .more {
    display: block;
    margin: 20px auto 0;
  }
  .none ul {
    margin: 4px 0 0;
    padding-left: 1.25em;
    color: ${c('textSoft')};
  }
  .none p {
    margin: 12px 0 0;
  }
`;
