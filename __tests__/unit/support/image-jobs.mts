/**
 * Runs two image jobs through Gatsby's own job manager (gatsby/dist/utils/jobs/manager.js), the way
 * gatsby-plugin-sharp's queries create them, after installImageCache put the build cache in front
 * of gatsby-plugin-sharp's worker; prints what the cache counted and what was written
 * (gatsby-internals.test.ts). A child process, so that the manager's import() of the plugin's
 * gatsby-worker is Node's real one (jest turns import() into require).
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { installImageCache } from '../../../gatsby/framework/images/image-cache';
import { IMAGE_JOB_NAME } from '../../../gatsby/framework/internals';

interface Manager {
  createInternalJob(job: object, plugin: object): { contentDigest: string };
  enqueueJob(job: object): Promise<unknown>;
}

const root = path.resolve(import.meta.dirname, '../../..');
const requireFromProject = createRequire(path.join(root, 'package.json'));
const dir = mkdtempSync(path.join(os.tmpdir(), 'image-jobs-'));
const stats = installImageCache(requireFromProject, path.join(dir, 'cache'));

const sharp = requireFromProject('sharp') as (options: object) => { png(): { toFile(file: string): Promise<unknown> } };
const input = path.join(dir, 'cover.png');
await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366cc' } })
  .png()
  .toFile(input);

const pluginDir = path.dirname(requireFromProject.resolve('gatsby-plugin-sharp/package.json'));
const plugin = { name: 'gatsby-plugin-sharp', version: (requireFromProject('gatsby-plugin-sharp/package.json') as { version: string }).version, resolve: pluginDir };
const manager = requireFromProject('gatsby/dist/utils/jobs/manager.js') as Manager;
const job = (outputDir: string) =>
  manager.createInternalJob(
    { name: IMAGE_JOB_NAME, inputPaths: [input], outputDir, args: { operations: [{ outputPath: 'small.png', args: { width: 20, toFormat: 'png' } }], pluginOptions: { stripMetadata: true } } },
    plugin,
  );

const outputs = [path.join(dir, 'one'), path.join(dir, 'two')];
for (const outputDir of outputs) await manager.enqueueJob(job(outputDir));
console.log(JSON.stringify({ stats, written: outputs.map((o) => existsSync(path.join(o, 'small.png'))) }));
