import { useEffect, useState } from 'react';
import { css } from '@emotion/react';
import { Link } from 'gatsby';
import type { AnnouncementConfig } from '../../config/site';
import { STORAGE_KEYS, readStorage, writeStorage } from '../../lib/storage';
import { c } from '../../theme/tokens';
import { CloseIcon } from '../icons';

const bar = css`
  position: relative;
  min-height: 40px;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: 8px 48px;
  background: ${c('primarySoft')};
  color: ${c('text')};
  font-size: 14px;
  line-height: 1.5;
  text-align: center;
  html[data-announcement-dismissed] & {
    display: none;
  }
  button {
    position: absolute;
    right: 8px;
    top: 50%;
    transform: translateY(-50%);
    display: inline-flex;
    padding: 6px;
    border: 0;
    border-radius: 6px;
    background: transparent;
    color: ${c('textSoft')};
    cursor: pointer;
  }
  button:hover {
    background: ${c('bgMute')};
  }
`;

/**
 * Dismissal is remembered under `announcement-dismissed` as the bar's id: a new id shows the bar
 * again. The head script hides a dismissed bar before first paint (no layout shift).
 */
export function AnnouncementBar({ announcement }: { announcement: AnnouncementConfig }) {
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    const stored = readStorage(STORAGE_KEYS.announcementDismissed);
    if (stored === announcement.id) setDismissed(true);
    else document.documentElement.removeAttribute('data-announcement-dismissed');
  }, [announcement.id]);
  if (dismissed) return null;
  const dismiss = () => {
    writeStorage(STORAGE_KEYS.announcementDismissed, announcement.id);
    document.documentElement.setAttribute('data-announcement-dismissed', '');
    setDismissed(true);
  };
  return (
    <div css={bar} role="region" aria-label="公告" data-testid="announcement-bar" data-announcement-id={announcement.id}>
      {announcement.href ? <Link to={announcement.href}>{announcement.content}</Link> : <span>{announcement.content}</span>}
      {announcement.dismissible ? (
        <button type="button" onClick={dismiss} aria-label="关闭公告">
          <CloseIcon size={16} />
        </button>
      ) : null}
    </div>
  );
}
