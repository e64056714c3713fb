/**
 * 在 AI 中打开: the assistants the menu offers and how each receives the page. Whether a web app
 * takes a prompt in its address was established from its documentation (docs/reader-features.md
 * names the source for each): where it does, the entry opens it with a prompt that points at the
 * page's Markdown version; where it does not or nothing documents it, the entry copies the prompt and
 * opens the app, and the menu says so. Every entry is a real link.
 */

export interface Assistant {
  name: string;
  /** The web app's address. */
  home: string;
  /** The query parameter its documentation names for a prefilled prompt; absent: copy and open. */
  promptParameter?: string;
}

export const ASSISTANTS: readonly Assistant[] = [
  { name: 'ChatGPT', home: 'https://chatgpt.com/', promptParameter: 'q' },
  { name: 'Claude', home: 'https://claude.ai/new', promptParameter: 'q' },
  { name: 'DeepSeek', home: 'https://chat.deepseek.com/' },
  { name: 'Kimi', home: 'https://www.kimi.com/' },
  { name: '豆包', home: 'https://www.doubao.com/chat/' },
  { name: '通义', home: 'https://www.tongyi.com/' },
];

/** What an entry that cannot take the prompt in its address says it does. */
export const COPY_AND_OPEN_NOTE = '复制提示词后打开，粘贴即可';
export const PROMPT_IN_LINK_NOTE = '提示词已写在链接里';
export const PROMPT_COPIED_STATUS = '已复制提示词，请在打开的页面里粘贴';

/** The prompt: read the page's Markdown version (absolute address on the site), then answer about it. */
export function assistantPrompt(title: string, markdownUrl: string): string {
  return `请阅读这个页面的 Markdown 版本：${markdownUrl}（iofomo 网站上的“${title}”），然后根据它回答我的问题。`;
}

export interface AssistantLink {
  name: string;
  href: string;
  /** The prompt to copy when the link cannot carry it. */
  copy?: string;
  note: string;
}

export function assistantLinks(title: string, markdownUrl: string, assistants: readonly Assistant[] = ASSISTANTS): AssistantLink[] {
  const prompt = assistantPrompt(title, markdownUrl);
  return assistants.map((a) =>
    a.promptParameter
      ? { name: a.name, href: `${a.home}?${new URLSearchParams({ [a.promptParameter]: prompt }).toString()}`, note: PROMPT_IN_LINK_NOTE }
      : { name: a.name, href: a.home, copy: prompt, note: COPY_AND_OPEN_NOTE },
  );
}
