/**
 * The address parameter naming the words to mark where a search result leads (see page-url.ts and
 * src/components/search/arrival-marks.ts). Its own tiny module: every page asks asksForMarks on
 * each route update, and nothing else of the search code may ship with that.
 */
export const MARK_PARAM = 'highlight';

/** Whether a query string asks for marks: the one test every page pays for (no module is loaded otherwise). */
export function asksForMarks(search: string): boolean {
  return search.includes(`${MARK_PARAM}=`);
}
