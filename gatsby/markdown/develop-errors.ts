/**
 * Content errors in `gatsby develop`: shown in every open tab's error overlay (Gatsby's own, fed
 * through its websocket; gatsby/framework/internals.ts developOverlay) naming file:line, and cleared
 * the moment the file is fixed, while the server keeps running and the other pages keep working.
 * Two sources, each keyed by content file: the frontmatter checks (gatsby/content/gatsby-node.ts) and
 * the body's renderer (gatsby/markdown/render-node.ts). `gatsby build` still stops on them.
 */
import { location } from './errors';
import { developOverlay, gatsbyCommand } from '../framework/internals';

export interface ContentProblem {
  /** The content file as editors know it: content/docs/x.mdx. */
  file: string;
  line?: number;
  column?: number;
  message: string;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A renderer error as the overlay shows it: the renderer's one message (contentErrorMessage,
 * `file:line:column reason`, the same as the build's and check:content's), and the place it
 * starts with, for the overlay's "open in editor".
 */
export function problemOf(message: string, file: string): ContentProblem {
  const named = new RegExp(`^${escapeRegExp(file)}:(\\d+)(?::(\\d+))?`).exec(message);
  return { file, line: named ? Number(named[1]) : undefined, column: named?.[2] ? Number(named[2]) : undefined, message };
}

/** The overlay's error shape (what its "GraphQL errors" list reads: message, file, line, text). */
export interface OverlayError {
  code: string;
  level: 'ERROR';
  text: string;
  filePath: string;
  location?: { start: { line: number; column?: number } };
  context: { sourceMessage: string };
}

export function overlayErrors(problems: readonly ContentProblem[]): OverlayError[] {
  return problems.map((p) => {
    const where = location(p.file, p.line ? { line: p.line, column: p.column } : null);
    const sourceMessage = p.message.includes(where) ? p.message : `${where} ${p.message}`;
    return {
      code: '内容错误',
      level: 'ERROR',
      text: `${sourceMessage}\n\n改正并保存这个文件后，页面会自动恢复。`,
      filePath: p.file,
      ...(p.line ? { location: { start: { line: p.line, ...(p.column ? { column: p.column } : {}) } } } : {}),
      context: { sourceMessage },
    };
  });
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * The body a page shows in develop while its file has a content error (the overlay names it
 * too): the message where the text would be, so the page, its template and the other pages
 * keep working and the next save that fixes the file simply replaces it.
 */
export function problemHtml(problem: ContentProblem): string {
  return `<div role="alert" class="content-error"><p><strong>这一页的内容有错误</strong>，改正并保存后自动恢复：</p><p>${escapeHtml(problem.message)}</p></div>`;
}

export type ProblemSource = 'frontmatter' | 'render';

/** The current problems by source and file; every change is sent to the overlay (develop only). */
export class ContentErrorBoard {
  private readonly problems = new Map<string, ContentProblem>();

  constructor(private readonly send: (errors: OverlayError[] | null) => void) {}

  set(source: ProblemSource, file: string, problem: ContentProblem | null): void {
    const key = `${source}\0${file}`;
    const before = this.problems.get(key);
    if (problem) this.problems.set(key, problem);
    else this.problems.delete(key);
    if (JSON.stringify(before) !== JSON.stringify(problem ?? undefined)) this.send(this.list().length ? overlayErrors(this.list()) : null);
  }

  list(): ContentProblem[] {
    return [...this.problems.values()];
  }
}

const OVERLAY_ID = 'iofomo-content';

let board: ContentErrorBoard | null = null;

/** The develop server's board (none in `gatsby build`, which stops on the first report instead). */
export function developErrors(): ContentErrorBoard | null {
  if (gatsbyCommand() !== 'develop') return null;
  board ??= new ContentErrorBoard((errors) => developOverlay().emitError(OVERLAY_ID, errors));
  return board;
}
