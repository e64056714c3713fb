#!/usr/bin/env node
// Renders hand-drawn SVG figures to PNG (2x) with sharp, so gatsby-plugin-image can process them.
// Usage: node scripts/svg-to-png.mjs <file.svg> [more.svg ...]   → writes <file>.png beside each.
// Chinese text needs a CJK font on the machine (Debian: fonts-wqy-microhei).
import sharp from 'sharp';
import { existsSync } from 'node:fs';

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('用法：node scripts/svg-to-png.mjs <文件.svg> [...]');
  process.exit(2);
}
let failed = false;
for (const file of files) {
  if (!file.endsWith('.svg') || !existsSync(file)) {
    console.error(`跳过：${file}（不存在或不是 .svg）`);
    failed = true;
    continue;
  }
  const out = file.replace(/\.svg$/, '.png');
  const info = await sharp(file, { density: 144 }).png({ compressionLevel: 9, palette: true }).toFile(out);
  console.log(`${out}  ${info.width}×${info.height}  ${(info.size / 1024).toFixed(1)} KB`);
}
process.exit(failed ? 1 : 0);
