#!/usr/bin/env node
// Writes static/favicon.svg, static/favicon.ico (PNG inside an ICO container) and
// static/apple-touch-icon.png from the logo mark. Run once when the logo changes.
import { writeFileSync } from 'node:fs';
import sharp from 'sharp';

const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#0b63c9"/><circle cx="11" cy="16" r="5" fill="none" stroke="#fff" stroke-width="3"/><path d="M19 10v12M19 10h6M19 16h5" stroke="#fff" stroke-width="3" stroke-linecap="round"/></svg>`;
writeFileSync('static/favicon.svg', svg);
const png32 = await sharp(Buffer.from(svg), { density: 300 }).resize(32, 32).png().toBuffer();
const header = Buffer.alloc(22);
header.writeUInt16LE(0, 0); // reserved
header.writeUInt16LE(1, 2); // type: icon
header.writeUInt16LE(1, 4); // one image
header.writeUInt8(32, 6); // width
header.writeUInt8(32, 7); // height
header.writeUInt16LE(1, 10); // colour planes
header.writeUInt16LE(32, 12); // bits per pixel
header.writeUInt32LE(png32.length, 14);
header.writeUInt32LE(22, 18); // offset of the image data
writeFileSync('static/favicon.ico', Buffer.concat([header, png32]));
await sharp(Buffer.from(svg), { density: 600 }).resize(180, 180).flatten({ background: '#0b63c9' }).png().toFile('static/apple-touch-icon.png');
console.log('static/favicon.svg, static/favicon.ico, static/apple-touch-icon.png');
