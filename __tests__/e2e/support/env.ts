export const E2E_PORT = Number(process.env.E2E_PORT ?? 9321);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
