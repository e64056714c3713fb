/**
 * The 纠错 link: a new issue in the site's public repository (the one the edit links point into,
 * src/config/site.ts editUrlBase), prefilled with the page's title and address and, when the reader
 * selected text or is reading under a heading, that text and the heading's anchor. Pure: the link's
 * first href is built at render (no script needed), the browser refreshes it when clicked.
 */

/** https://github.com/iofomo/fomosite/edit/main/content/docs → https://github.com/iofomo/fomosite */
export function repositoryOf(editUrlBase: string): string {
  return editUrlBase.replace(/\/(?:edit|blob|tree)\/.*$/, '');
}

export interface IssueContext {
  /** The page's title. */
  title: string;
  /** The page's absolute address. */
  pageUrl: string;
  /** Text the reader selected on the page. */
  selection?: string;
  /** The heading the selection or the reader is under: its text and id. */
  heading?: { text: string; id: string };
}

/** Selected text longer than this is cut (with …): the address of the new-issue page has a length limit. */
export const MAX_SELECTION = 600;

function quote(text: string): string {
  const cut = text.length > MAX_SELECTION ? `${text.slice(0, MAX_SELECTION)}…` : text;
  return cut
    .split(/\r?\n/)
    .map((line) => `> ${line}`.trimEnd())
    .join('\n');
}

/** The issue's title and body (Markdown) for a context. */
export function issueText(context: IssueContext): { title: string; body: string } {
  const anchor = context.heading ? `${context.pageUrl}#${encodeURIComponent(context.heading.id)}` : context.pageUrl;
  const lines = [`页面：${context.title}`, `网址：${anchor}`];
  if (context.heading) lines.push(`小节：${context.heading.text}`);
  const selection = context.selection?.trim();
  if (selection) lines.push('', '选中的文字：', '', quote(selection));
  lines.push('', '哪里不对，正确的应该是什么：', '', '');
  return { title: `纠错：${context.title}`, body: lines.join('\n') };
}

/** The new-issue address in `repository`, prefilled. */
export function issueUrl(repository: string, context: IssueContext): string {
  const { title, body } = issueText(context);
  return `${repository}/issues/new?${new URLSearchParams({ title, body }).toString()}`;
}
