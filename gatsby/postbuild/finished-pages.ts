/**
 * Which HTML files the post-build pass has already finished, and what the link report needs of
 * each (its ids and links), kept in Gatsby's .cache from one build to the next. A rebuild rewrites
 * only the pages whose content or context changed; the others are left as the last build
 * finished them, so the pass skips every file whose size and modification time are those it
 * recorded: after a one-post edit it reads a handful of files instead of every page (figures:
 * docs/decisions/build-at-scale.md). The record is dropped when the code that finishes or reads
 * pages changes (its fingerprint).
 */
import { readFileSync, statSync } from 'node:fs';
import { writeAtomic } from '../cache';
import type { FinishOptions } from './finish-html';
import { pageLinks, type PageLinks } from './link-report';

interface Finished {
  size: number;
  mtimeMs: number;
  ids: string[];
  links: string[];
}

export interface FinishedPages {
  /** The page's ids and links when the file is as the last build left it, else undefined. */
  known(file: string): PageLinks | undefined;
  /** Records a page as finished now (after it was written). */
  record(file: string, links: PageLinks): void;
  /** Writes the record of this build's pages (only those: removed pages go). */
  save(): void;
}

export function finishedPages(recordFile: string, fingerprint: string): FinishedPages {
  let last: Record<string, Finished> = {};
  try {
    const stored = JSON.parse(readFileSync(recordFile, 'utf8')) as { fingerprint?: string; pages?: Record<string, Finished> };
    if (stored.fingerprint === fingerprint && stored.pages) last = stored.pages;
  } catch {
    /* none yet: every page is read */
  }
  const now: Record<string, Finished> = {};
  const statOf = (file: string) => {
    try {
      return statSync(file);
    } catch {
      return null;
    }
  };
  return {
    known(file) {
      const entry = last[file];
      const stat = entry && statOf(file);
      if (!entry || !stat || stat.size !== entry.size || stat.mtimeMs !== entry.mtimeMs) return undefined;
      now[file] = entry;
      return { ids: new Set(entry.ids), links: entry.links };
    },
    record(file, links) {
      const stat = statOf(file);
      if (stat) now[file] = { size: stat.size, mtimeMs: stat.mtimeMs, ids: [...links.ids], links: links.links };
    },
    save() {
      writeAtomic(recordFile, JSON.stringify({ fingerprint, pages: now }));
    },
  };
}

/**
 * The finishHtmlFiles hooks that collect every page's ids and links into `links` for the link
 * report: from the page when it is read, from the record when the page is as the last build left
 * it (then it is not read at all); each page read is recorded as finished.
 */
export function recordedLinks(record: FinishedPages, links: Map<string, PageLinks>): Required<Pick<FinishOptions, 'onPage' | 'isFinished' | 'onFinished'>> {
  return {
    onPage: (file, html) => links.set(file, pageLinks(html)),
    isFinished: (file) => {
      const known = record.known(file);
      if (known) links.set(file, known);
      return known !== undefined;
    },
    onFinished: (file) => record.record(file, links.get(file) as PageLinks),
  };
}
