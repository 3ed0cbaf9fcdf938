import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '@mapnest/shared/billing';
import { marketplace } from './marketplace';

/** A stand-in for the marketplace API that answers what each test sets. */
let answer: { status: number; body: string } = { status: 200, body: '{}' };
let seen: { url?: string; auth?: string } = {};
const server = http.createServer((req, res) => {
  seen = { url: req.url, auth: req.headers.authorization };
  res.writeHead(answer.status, { 'content-type': 'application/json' });
  res.end(answer.body);
});

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const a = server.address() as { port: number };
  process.env.MARKETPLACE_API_BASE = `http://127.0.0.1:${a.port}`;
  process.env.MARKETPLACE_TOKEN = 'author-token';
  process.env.LOG_SILENT = '1';
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const code = '00000000-1111-4222-8333-444444444444';

describe('marketplace purchase check', () => {
  it('asks the author sale API with the author token and answers the sale', async () => {
    answer = {
      status: 200,
      body: JSON.stringify({
        item: { id: 42, name: 'Mapnest map' },
        license: 'Regular License',
        sold_at: '2026-01-02T03:04:05Z',
      }),
    };
    expect(await marketplace.verifyPurchase(code)).toEqual({
      itemId: '42',
      itemName: 'Mapnest map',
      license: 'Regular License',
      soldAt: '2026-01-02T03:04:05Z',
    });
    expect(seen).toEqual({ url: `/v3/market/author/sale?code=${code}`, auth: 'Bearer author-token' });
  });

  it('calls a 404 an unknown code', async () => {
    answer = {
      status: 404,
      body: JSON.stringify({ error: 404, description: 'No sale belonging to the current user found with that code' }),
    };
    await expect(marketplace.verifyPurchase(code)).rejects.toMatchObject({
      code: 'not-found',
      message: BILLING_MESSAGES.licenseUnknown,
    });
  });

  it.each([429, 500, 503, 401])('calls a %i "try again", never "invalid code"', async (status) => {
    answer = { status, body: '{}' };
    await expect(marketplace.verifyPurchase(code)).rejects.toMatchObject({
      code: 'unavailable',
      message: BILLING_MESSAGES.marketplaceUnreachable,
    });
  });

  it('calls an unreachable marketplace "try again"', async () => {
    const base = process.env.MARKETPLACE_API_BASE;
    process.env.MARKETPLACE_API_BASE = 'http://127.0.0.1:9';
    try {
      await expect(marketplace.verifyPurchase(code)).rejects.toMatchObject({ code: 'unavailable' });
    } finally {
      process.env.MARKETPLACE_API_BASE = base;
    }
  });
});
