/**
 * CJK-friendly emphasis in the one parser (the cjk-emphasis construct, constructs/cjk-emphasis.ts).
 */
import { cjkFriendlyExtension } from 'micromark-extension-cjk-friendly';
import type { Processor } from 'unified';

/**
 * unified plugin: CJK-friendly emphasis (micromark-extension-cjk-friendly, the rule VitePress and
 * Rspress turn on). CommonMark does not close `**强调。**后文` (a closing `**` after full-width
 * punctuation and before a Han character) and prints the asterisks; with this rule it is bold.
 * Its attention construct takes the place of CommonMark's in the one parser, so the page, the Markdown version
 * and search text read the same emphasis. (Version 1.2.3 is written for micromark 4; its construct
 * API is micromark 3's, and package.json's overrides hand it this parser's micromark.)
 */
export function cjkFriendlyEmphasis(this: Processor) {
  const data = this.data() as { micromarkExtensions?: unknown[] };
  (data.micromarkExtensions ??= []).push(cjkFriendlyExtension());
}
