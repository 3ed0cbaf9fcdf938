import { describe, expect, it } from 'vitest';
import { emailAddress, emailProblem, phoneProblem, webAddress } from './map-rules';

describe('webAddress', () => {
  it('puts https:// before a host name written without it', () => {
    expect(webAddress('www.bakery.com')).toBe('https://www.bakery.com');
    expect(webAddress(' bakery.co.uk/menu?day=1 ')).toBe('https://bakery.co.uk/menu?day=1');
    expect(webAddress('WWW.Example.ORG')).toBe('https://WWW.Example.ORG');
  });

  it('keeps addresses with a scheme, paths, files of the site and anything else as they are', () => {
    for (const kept of [
      'https://bakery.com',
      'http://bakery.com',
      'mailto:info@bakery.com',
      'tel:+44 20 7946 0000',
      '/shops/bakery',
      '#hours',
      '?floor=2',
      './menu',
      'menu.html',
      'brochure.pdf',
      'logo.png',
      'shops/bakery',
      'A1',
      'v1.2',
      'info@bakery.com',
      '',
    ])
      expect(webAddress(kept)).toBe(kept);
  });
});

describe('emailProblem and emailAddress', () => {
  it('takes an address with a name, one @ and a dotted domain, after any "mailto:"', () => {
    for (const ok of ['info@bakery.com', 'Info.Desk+shop@bakery.co.uk', 'a@b.cd'])
      expect(emailProblem(emailAddress(ok))).toBeNull();
    expect(emailAddress(' mailto:info@bakery.com ')).toBe('info@bakery.com');
    // Several, as the viewer lists them under its Email button.
    expect(emailProblem(emailAddress('mailto:info@bakery.com, MAILTO:orders@bakery.com'))).toBeNull();
    expect(emailAddress('mailto:info@bakery.com, MAILTO:orders@bakery.com')).toBe('info@bakery.com, orders@bakery.com');
    expect(emailAddress('info@bakery.com; orders@bakery.com')).toBe('info@bakery.com, orders@bakery.com');
  });

  it('says why a value would give an Email button that writes to nobody', () => {
    for (const bad of [
      'info at bakery.com',
      'bakery.com',
      'info@bakery',
      '@bakery.com',
      'a@@b.com',
      'a b@c.com',
      'Ask in store',
    ])
      expect(emailProblem(bad)).toBe(`“${bad}” is not an e-mail address (name@example.com)`);
    // Each of several is an address; commas alone are none; empty is no e-mail at all.
    expect(emailProblem('info@bakery.com, orders at bakery')).toBe(
      '“orders at bakery” is not an e-mail address (name@example.com)',
    );
    expect(emailProblem(',')).toBe('“,” is not an e-mail address (name@example.com)');
    expect(emailProblem('')).toBeNull();
  });
});

describe('phoneProblem', () => {
  it('takes numbers with digits to dial, several separated by commas, and says why "TBC" is none', () => {
    for (const ok of ['+44 20 7946 0000', '(020) 7946-0001 ext. 2', '555 0101, 555 0102', '112'])
      expect(phoneProblem(ok)).toBeNull();
    for (const bad of ['TBC', 'Ask in store', '12'])
      expect(phoneProblem(bad)).toBe(`“${bad}” is not a phone number (no number to dial)`);
    expect(phoneProblem('555 0101, n/a')).toBe('“n/a” is not a phone number (no number to dial)');
  });
});
