import { Link } from 'gatsby';
import { resultLink } from '../../lib/search/page-url';
import { highlight } from '../../lib/search/highlight';
import type { SearchHit } from '../../lib/search/rank';
import { Parts } from './Parts';

/**
 * One result of the results page: the page (or the section it lands on) as a heading link, where it
 * is on the site, a snippet, then its other matching sections. Every link carries the words to mark
 * where the reader lands; matched words are marked in titles and snippets.
 */
export function ResultItem({ hit, terms, index }: { hit: SearchHit; terms: string[]; index: number }) {
  const title = hit.heading ? `${hit.title} › ${hit.heading}` : hit.title;
  return (
    <li className="result" data-url={hit.url} data-index={index}>
      <h2 className="result-title">
        <Link to={resultLink(hit.url, terms)}>
          <Parts parts={highlight(title, terms)} />
        </Link>
      </h2>
      <p className="crumb">{hit.crumb}</p>
      <p className="snippet">
        <Parts parts={hit.snippet} />
      </p>
      {hit.sections.length > 0 ? (
        <ul className="sections" aria-label={`${hit.title}：匹配的小节`}>
          {hit.sections.map((section) => (
            <li key={section.url} data-url={section.url}>
              <Link to={resultLink(section.url, terms)}>
                <Parts parts={highlight(section.heading, terms)} />
              </Link>
              <p className="snippet">
                <Parts parts={section.snippet} />
              </p>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
