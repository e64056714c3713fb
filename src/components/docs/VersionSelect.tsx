import { useEffect, useState } from 'react';
import { css } from '@emotion/react';
import { siteConfig } from '../../config/site';
import { preferredVersion } from '../../lib/docs-version';
import { STORAGE_KEYS, readStorage, writeStorage } from '../../lib/storage';
import { c } from '../../theme/tokens';

const VERSIONS = [siteConfig.docsVersion];

const box = css`
  display: flex;
  align-items: center;
  gap: 8px;
  padding: 0 12px 12px;
  font-size: 13px;
  color: ${c('textMute')};
  select {
    font: inherit;
    padding: 2px 6px;
    border-radius: 6px;
    border: 1px solid ${c('border')};
    background: ${c('surface')};
    color: ${c('text')};
  }
`;

/** Shows the docs version label ('Next') and keeps the reader's choice in localStorage. */
export function VersionSelect() {
  const [version, setVersion] = useState<string>(VERSIONS[0]!.name);
  useEffect(() => {
    setVersion(preferredVersion(readStorage(STORAGE_KEYS.docsVersion), VERSIONS).name);
  }, []);
  return (
    <label css={box} data-testid="docs-version">
      <span>文档版本</span>
      <select
        value={version}
        onChange={(event) => {
          setVersion(event.target.value);
          writeStorage(STORAGE_KEYS.docsVersion, event.target.value);
        }}
      >
        {VERSIONS.map((v) => (
          <option key={v.name} value={v.name}>
            {v.label}
          </option>
        ))}
      </select>
    </label>
  );
}
