import { readFileSync, writeFileSync } from 'node:fs';
import { renderMdx } from './src/lib/markdown/render';
import { cssVariables, fonts } from './src/theme/tokens';
import { diagramStyles } from './src/components/mdx/diagram-styles';
const name = process.argv[2];
const { html } = await renderMdx(readFileSync(`/tmp/diag/${name}.md`, 'utf8'), { file: 'x.mdx' });
writeFileSync(`/tmp/diag/${name}.html`, `<!doctype html><html><head><meta charset="utf-8"><style>:root{${cssVariables('light')}} body{background:var(--c-bg);color:var(--c-text);font-family:${fonts.body};max-width:860px;margin:20px auto;font-size:16px} ${diagramStyles}</style></head><body>${html}</body></html>`);
