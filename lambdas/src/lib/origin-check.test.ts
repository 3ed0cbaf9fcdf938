import { describe, expect, it } from 'vitest';
import { ORIGIN_SECRET_HEADER, VIEWER_IP_HEADER, clientAddress, refuseDirectAccess } from './origin-check';

const event = (headers: Record<string, string>) => ({
  headers,
  requestContext: { http: { sourceIp: '130.176.1.2' } },
});

describe('the client address for per-client limits', () => {
  it('is the viewer address CloudFront stamped, on a request that came through CloudFront', () => {
    const e = event({ [ORIGIN_SECRET_HEADER]: 'secret', [VIEWER_IP_HEADER]: ' 203.0.113.9 ' });
    expect(clientAddress(e, ['secret'])).toBe('203.0.113.9');
    expect(clientAddress(e, ['old', 'secret'])).toBe('203.0.113.9');
  });

  it('is the connection’s address when the stamp cannot be trusted or is missing', () => {
    // A caller that claims an address without the origin secret, or with a wrong one.
    expect(clientAddress(event({ [VIEWER_IP_HEADER]: '198.51.100.1' }), ['secret'])).toBe('130.176.1.2');
    expect(
      clientAddress(event({ [ORIGIN_SECRET_HEADER]: 'guess', [VIEWER_IP_HEADER]: '198.51.100.1' }), ['secret']),
    ).toBe('130.176.1.2');
    // With the check off (no ORIGIN_SECRETS) nothing proves the stamp is CloudFront's.
    expect(clientAddress(event({ [ORIGIN_SECRET_HEADER]: 'x', [VIEWER_IP_HEADER]: '198.51.100.1' }), null)).toBe(
      '130.176.1.2',
    );
    expect(clientAddress(event({ [ORIGIN_SECRET_HEADER]: 'secret', [VIEWER_IP_HEADER]: '  ' }), ['secret'])).toBe(
      '130.176.1.2',
    );
    expect(clientAddress({}, ['secret'])).toBe('');
  });
});

describe('the public routes’ refusal of direct requests (health, the Stripe webhook)', () => {
  it('answers 403 without the secret or with a wrong one, and nothing when it came through CloudFront', () => {
    for (const headers of [undefined, {}, { [ORIGIN_SECRET_HEADER]: 'guess' }, { [ORIGIN_SECRET_HEADER]: '' }]) {
      const refused = refuseDirectAccess(headers, ['secret', 'standby']);
      expect(refused?.statusCode, JSON.stringify(headers)).toBe(403);
      // The answer says where to go, never what the header is.
      expect(refused!.body).not.toContain(ORIGIN_SECRET_HEADER);
    }
    expect(refuseDirectAccess({ [ORIGIN_SECRET_HEADER]: 'standby' }, ['secret', 'standby'])).toBeNull();
    // Off (no ORIGIN_SECRETS): handlers called directly in unit tests answer as before; an empty list closes all.
    expect(refuseDirectAccess({}, null)).toBeNull();
    expect(refuseDirectAccess({ [ORIGIN_SECRET_HEADER]: 'secret' }, [])?.statusCode).toBe(403);
  });
});
