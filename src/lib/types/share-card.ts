/** What a page's <head> needs (it travels in the page context): the card's site path, alt text and size. */
export interface ShareCard {
  path: string;
  alt: string;
  width: number;
  height: number;
}
