/**
 * gatsby develop leaves responses to this machine uncompressed (gatsby/framework/develop-compression.cjs;
 * the patch that hands the filter to Gatsby is checked in gatsby-internals.test.ts).
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import { developCompressionFilter, isLoopbackAddress } from '../../gatsby/framework/develop-compression.cjs';

const ROOT = path.resolve(__dirname, '../..');
/** The compression middleware Gatsby's develop server uses (resolved from the gatsby package). */
type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
type Compression = ((options?: { filter?: (req: IncomingMessage, res: ServerResponse) => boolean; threshold?: number }) => Middleware) & {
  filter: (req: IncomingMessage, res: ServerResponse) => boolean;
};
const compression = createRequire(createRequire(path.join(ROOT, 'package.json')).resolve('gatsby/package.json'))('compression') as Compression;

const request = (address: string | undefined) => ({ socket: { remoteAddress: address } }) as unknown as IncomingMessage;
const response = {} as ServerResponse;

describe('loopback addresses', () => {
  it.each(['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1', '::FFFF:127.0.0.1'])('%s is this machine', (address) => {
    expect(isLoopbackAddress(address)).toBe(true);
  });

  it.each(['192.168.1.20', '10.0.0.127', '::ffff:192.168.1.20', 'fe80::1', '1270.0.0.1', '::10', '', undefined])('%s is not', (address) => {
    expect(isLoopbackAddress(address)).toBe(false);
  });
});

describe('the filter for the compression middleware', () => {
  it('never compresses a response to this machine, without asking the default filter', () => {
    const defaultFilter = jest.fn(() => true);
    expect(developCompressionFilter(defaultFilter)(request('127.0.0.1'), response)).toBe(false);
    expect(developCompressionFilter(defaultFilter)(request('::1'), response)).toBe(false);
    expect(defaultFilter).not.toHaveBeenCalled();
  });

  it('leaves a request from another device to the default filter', () => {
    expect(developCompressionFilter(() => true)(request('192.168.1.20'), response)).toBe(true);
    expect(developCompressionFilter(() => false)(request('192.168.1.20'), response)).toBe(false);
    expect(developCompressionFilter(() => true)(request(undefined), response)).toBe(true);
  });

  /** Serves 200 KB of JavaScript through `middleware`; what a loopback client asking for gzip gets. */
  async function fetchScript(middleware: Middleware): Promise<{ encoding: string | undefined; bytes: number }> {
    const body = 'console.log("develop");\n'.repeat(8_000);
    const server = http.createServer((req, res) =>
      middleware(req, res, () => {
        res.setHeader('Content-Type', 'application/javascript');
        res.end(body);
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      return await new Promise((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: '/commons.js', headers: { 'Accept-Encoding': 'gzip, deflate, br' } }, (res) => {
            let bytes = 0;
            res.on('data', (chunk: Buffer) => (bytes += chunk.length));
            res.on('end', () => resolve({ encoding: res.headers['content-encoding'], bytes }));
          })
          .on('error', reject);
      });
    } finally {
      server.close();
    }
  }

  it('with Gatsby’s compression middleware: JavaScript goes to this machine as it is, and is compressed without the filter', async () => {
    await expect(fetchScript(compression({ filter: developCompressionFilter(compression.filter) }))).resolves.toEqual({ encoding: undefined, bytes: 192_000 });
    const upstream = await fetchScript(compression());
    expect(upstream.encoding).toMatch(/^(br|gzip)$/); // compression 1.8 prefers Brotli when the client offers it
    expect(upstream.bytes).toBeLessThan(10_000);
  });
});
