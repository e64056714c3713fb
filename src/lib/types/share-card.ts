/** What a page's <head> needs (it travels in the page context): the card's site path, alt text and size. */
export interface ShareCard {
  path: string;
  alt: string;
  width: number;
  height: number;
}

export interface CardInput {
  kind: 'doc' | 'post';
  title: string;
  /** Doc: its product (`Wing · 桌面端`); post: its tags. */
  labels: string[];
}

export interface PlannedCard extends ShareCard {
  key: string;
  /** The page and its source file, for error messages. */
  page: string;
  file: string;
  input: CardInput;
}
