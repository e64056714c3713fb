import type { IncomingMessage, ServerResponse } from 'node:http';

export function isLoopbackAddress(address: string | undefined): boolean;
export function developCompressionFilter(
  defaultFilter: (req: IncomingMessage, res: ServerResponse) => boolean,
): (req: IncomingMessage, res: ServerResponse) => boolean;
