/**
 * The marketplace adapter: checks a purchase code with the marketplace's author sale API (Envato:
 * GET /v3/market/author/sale?code=…, with the item author's personal token from the stage's secrets). The base URL
 * is api.envato.com, or the local payments sandbox's stand-in when MARKETPLACE_API_BASE names one, so the same code
 * path runs locally. Only "this is not a sale" is the customer's problem; everything else means "try again".
 */
import { BILLING_MESSAGES } from '@mapnest/shared/billing';
import { CallError } from '@mapnest/shared/errors';
import { requireSecret } from '../../lib/secrets';
import { logger } from '../../lib/logger';

export interface Sale {
  itemId: string;
  itemName: string;
  license: string;
  soldAt: string | null;
}

const DEFAULT_BASE = 'https://api.envato.com';
const TIMEOUT_MS = 8_000;

export const marketplace = {
  /** The sale behind `code`; CallError not-found when there is none, unavailable when the marketplace cannot say. */
  async verifyPurchase(code: string): Promise<Sale> {
    const base = process.env.MARKETPLACE_API_BASE || DEFAULT_BASE;
    const token = await requireSecret('MARKETPLACE_TOKEN');
    let res: Response;
    try {
      res = await fetch(`${base}/v3/market/author/sale?code=${encodeURIComponent(code)}`, {
        headers: { authorization: `Bearer ${token}`, 'user-agent': 'Mapnest licence check' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      logger.warn('marketplace unreachable', { error });
      throw new CallError('unavailable', BILLING_MESSAGES.marketplaceUnreachable);
    }
    if (res.status === 404) throw new CallError('not-found', BILLING_MESSAGES.licenseUnknown);
    if (!res.ok) {
      // 401/403 mean our token is wrong: an operator problem, logged loudly; the customer can only retry later.
      const log = res.status === 401 || res.status === 403 ? logger.error : logger.warn;
      log('marketplace refused the sale lookup', {
        status: res.status,
        body: (await res.text().catch(() => '')).slice(0, 300),
      });
      throw new CallError('unavailable', BILLING_MESSAGES.marketplaceUnreachable);
    }
    const body = (await res.json().catch(() => null)) as {
      item?: { id?: unknown; name?: unknown };
      license?: unknown;
      sold_at?: unknown;
    } | null;
    if (!body?.item) {
      logger.error('marketplace answered a sale without an item', { body });
      throw new CallError('unavailable', BILLING_MESSAGES.marketplaceUnreachable);
    }
    return {
      itemId: String(body.item.id ?? ''),
      itemName: String(body.item.name ?? ''),
      license: String(body.license ?? ''),
      soldAt: typeof body.sold_at === 'string' ? body.sold_at : null,
    };
  },
};
