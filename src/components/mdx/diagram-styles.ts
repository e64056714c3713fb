import { c, fonts } from '../../theme/tokens';
import { DIAGRAM_COLORS } from '../../lib/markdown/diagram-colors';

/**
 * Diagrams in content (```mermaid, drawn at build time by gatsby/markdown/diagrams.ts): the SVG's
 * colour variables take theme tokens, so it switches with light and dark; it shrinks to the column;
 * its text uses the site's CJK-capable fonts; the text alternative below it is a quiet disclosure.
 * Part of the build-time global stylesheet (GlobalStyles): no bytes in the page's JavaScript.
 */
export const diagramStyles = `
  .diagram {
    margin: 0 0 1.4em;
  }
  .diagram-svg {
    ${Object.entries(DIAGRAM_COLORS)
      .map(([variable, token]) => `${variable}: ${c(token)};`)
      .join('\n    ')}
    display: block;
    max-width: 100%;
    height: auto;
    margin: 0 auto;
  }
  .diagram-svg text {
    font-family: ${fonts.body};
  }
  .diagram figcaption {
    margin-top: 0.4em;
    text-align: center;
    font-size: 14px;
    color: ${c('textMute')};
  }
  .diagram-text {
    margin-top: 0.4em;
    font-size: 14px;
    color: ${c('textSoft')};
  }
  .diagram-text summary {
    cursor: pointer;
    width: fit-content;
  }
  .diagram-text ul {
    margin: 0.4em 0 0;
  }
`;
