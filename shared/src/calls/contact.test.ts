import { describe, expect, it } from 'vitest';
import { contactRateLimited, submitContactSchema } from './contact';
import { MESSAGES } from '../errors';

const contact = {
  kind: 'contact',
  name: 'Ada',
  email: 'ada@example.com',
  topic: 'general',
  message: 'Hello there, a question.',
};

describe('submitContactSchema', () => {
  it('accepts a contact message and trims it', () => {
    expect(submitContactSchema.parse({ ...contact, name: '  Ada  ' })).toEqual(contact);
  });

  it('uses the loose email rule: non-space text, an @, non-space text', () => {
    expect(submitContactSchema.safeParse({ ...contact, email: 'a@b' }).success).toBe(true);
    const bad = submitContactSchema.safeParse({ ...contact, email: 'a b@c' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(MESSAGES.invalidEmail);
    expect(submitContactSchema.safeParse({ ...contact, email: ' ' }).error?.issues[0]?.message).toBe(
      'Enter your email address.',
    );
  });

  it('rejects unknown kinds, topics and extra-long fields', () => {
    expect(submitContactSchema.safeParse({ ...contact, kind: 'spam' }).success).toBe(false);
    expect(submitContactSchema.safeParse({ ...contact, topic: 'other' }).success).toBe(false);
    expect(submitContactSchema.safeParse({ ...contact, message: 'x'.repeat(5001) }).success).toBe(false);
    expect(submitContactSchema.safeParse({ ...contact, name: 'x'.repeat(101) }).success).toBe(false);
  });

  it('accepts an estimate with a whole number of maps from 1 to 1000', () => {
    const estimate = {
      kind: 'estimate',
      name: 'Grace',
      email: 'g@example.com',
      company: '',
      projectType: 'wayfinding',
      mapCount: '12',
      deadline: 'month',
      budget: 'unsure',
      message: 'Campus with twelve buildings.',
    };
    expect(submitContactSchema.parse(estimate)).toMatchObject({ mapCount: 12 });
    for (const mapCount of ['0', '1001', '2.5', 'many'])
      expect(submitContactSchema.safeParse({ ...estimate, mapCount }).success).toBe(false);
  });
});

describe('contactRateLimited', () => {
  it('names the wait until the clock hour ends, in whole minutes rounded up', () => {
    const sentence = (wait: string) => `You have sent several messages in a short time. Please try again in ${wait}.`;
    expect(contactRateLimited(3_600_000, { byAccount: true })).toBe(sentence('60 minutes'));
    expect(contactRateLimited(125_000, { byAccount: true })).toBe(sentence('3 minutes'));
    expect(contactRateLimited(60_000, { byAccount: true })).toBe(sentence('a minute'));
    expect(contactRateLimited(4_000, { byAccount: true })).toBe(sentence('a minute'));
  });

  it('does not say "you" for a network others may share, and offers the account and the team’s address', () => {
    expect(contactRateLimited(125_000)).toBe(
      'Several messages were sent from your network in a short time. Please try again in 3 minutes, or log in and send it from your account.',
    );
    expect(contactRateLimited(125_000, { supportEmail: 'help@example.com' })).toBe(
      'Several messages were sent from your network in a short time. Please try again in 3 minutes, log in and send it from your account, or write to us at help@example.com.',
    );
    expect(contactRateLimited(60_000, { byAccount: true, supportEmail: 'help@example.com' })).toBe(
      'You have sent several messages in a short time. Please try again in a minute, or write to us at help@example.com.',
    );
  });
});
