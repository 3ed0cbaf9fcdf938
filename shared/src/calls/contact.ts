/**
 * The payload of the `submitContact` call, for the contact and estimate forms: the browser checks it before
 * sending, and the server validates with the same schema.
 */
import * as z from 'zod/mini';
import { says } from '../zod-english';
import { QUANTITY_MAX, QUANTITY_MIN } from '../constants';
import { MESSAGES } from '../errors';
import { plainText } from '../text';

export const CONTACT_TOPICS = {
  general: 'General question',
  sales: 'Sales and pricing',
  support: 'Technical support',
  billing: 'Billing and invoices',
  partnership: 'Partnership',
} as const;

export const PROJECT_TYPES = {
  'floor-plan': 'Floor plan or office',
  retail: 'Mall or store directory',
  'real-estate': 'Real estate or site plan',
  geographic: 'Region or geographic map',
  wayfinding: 'Campus or venue wayfinding',
  other: 'Something else',
} as const;

export const DEADLINES = {
  asap: 'As soon as possible',
  month: 'Within a month',
  quarter: 'Within three months',
  flexible: 'No fixed date',
} as const;

export const BUDGETS = {
  'under-500': 'Under $500',
  '500-2000': '$500 to $2,000',
  '2000-10000': '$2,000 to $10,000',
  'over-10000': 'Over $10,000',
  unsure: 'Not sure yet',
} as const;

const keys = <T extends Record<string, string>>(record: T) =>
  Object.keys(record) as [keyof T & string, ...(keyof T & string)[]];

const name = /* @__PURE__ */ plainText(
  /* @__PURE__ */ z
    .string()
    .check(/* @__PURE__ */ z.trim())
    .check(/* @__PURE__ */ z.minLength(1, /* @__PURE__ */ says('Enter your name.')))
    .check(/* @__PURE__ */ z.maxLength(100, /* @__PURE__ */ says('Use at most 100 characters.'))),
);
// The loose email rule of the whole product: non-space text, an @, non-space text.
const email = /* @__PURE__ */ z
  .string()
  .check(/* @__PURE__ */ z.trim())
  .check(/* @__PURE__ */ z.minLength(1, /* @__PURE__ */ says('Enter your email address.')))
  .check(/* @__PURE__ */ z.maxLength(254, /* @__PURE__ */ says('Use at most 254 characters.')))
  .check(/* @__PURE__ */ z.regex(/^\S+@\S+$/, MESSAGES.invalidEmail));
const message = (min: number) =>
  z
    .string()
    .check(/* @__PURE__ */ z.trim())
    .check(
      /* @__PURE__ */ z.minLength(min, /* @__PURE__ */ says(`Tell us a little more (at least ${min} characters).`)),
    )
    .check(/* @__PURE__ */ z.maxLength(5000, /* @__PURE__ */ says('Use at most 5,000 characters.')));

/**
 * The honeypot: a field people never see (hidden from view and from assistive technology, skipped by Tab and
 * autofill), which form-filling bots tend to fill. A request with it filled is answered like any other and dropped.
 */
export const HONEYPOT_FIELD = 'website';
const honeypot = /* @__PURE__ */ z.pipe(
  /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string().check(/* @__PURE__ */ z.maxLength(500))),
  /* @__PURE__ */ z.transform((v) => v || undefined),
);

export const contactRequestSchema = /* @__PURE__ */ z.strictObject({
  kind: /* @__PURE__ */ z.literal('contact'),
  [HONEYPOT_FIELD]: honeypot,
  name,
  email,
  topic: /* @__PURE__ */ z.enum(/* @__PURE__ */ keys(CONTACT_TOPICS), /* @__PURE__ */ says('Choose a topic.')),
  message: /* @__PURE__ */ message(10),
});

export const estimateRequestSchema = /* @__PURE__ */ z.strictObject({
  kind: /* @__PURE__ */ z.literal('estimate'),
  [HONEYPOT_FIELD]: honeypot,
  name,
  email,
  company: /* @__PURE__ */ plainText(
    /* @__PURE__ */ z
      .string()
      .check(/* @__PURE__ */ z.trim())
      .check(/* @__PURE__ */ z.maxLength(200, /* @__PURE__ */ says('Use at most 200 characters.'))),
  ),
  projectType: /* @__PURE__ */ z.enum(
    /* @__PURE__ */ keys(PROJECT_TYPES),
    /* @__PURE__ */ says('Choose what you need.'),
  ),
  mapCount: /* @__PURE__ */ z.coerce
    .number(/* @__PURE__ */ says('Enter a number of maps.'))
    .check(/* @__PURE__ */ z.int(/* @__PURE__ */ says('Enter a whole number.')))
    .check(/* @__PURE__ */ z.gte(QUANTITY_MIN, /* @__PURE__ */ says(`Enter at least ${QUANTITY_MIN}.`)))
    .check(/* @__PURE__ */ z.lte(QUANTITY_MAX, /* @__PURE__ */ says(`Enter at most ${QUANTITY_MAX}.`))),
  deadline: /* @__PURE__ */ z.enum(/* @__PURE__ */ keys(DEADLINES), /* @__PURE__ */ says('Choose a deadline.')),
  budget: /* @__PURE__ */ z.enum(/* @__PURE__ */ keys(BUDGETS), /* @__PURE__ */ says('Choose a budget.')),
  message: /* @__PURE__ */ message(20),
});

/** The input of the `submitContact` call. */
export const submitContactSchema = /* @__PURE__ */ z.discriminatedUnion('kind', [
  contactRequestSchema,
  estimateRequestSchema,
]);

export type ContactRequest = z.infer<typeof contactRequestSchema>;
export type EstimateRequest = z.infer<typeof estimateRequestSchema>;
export type SubmitContactInput = z.infer<typeof submitContactSchema>;

/**
 * How many requests the forms take in one hour: signed out, per client IP (more are refused); signed in, per account,
 * whatever the address (an office's or a venue's network, which others share, never stops a customer); and how many
 * per sender address are emailed to the team (more are kept, not emailed: the address is whatever the caller types).
 */
export const CONTACT_LIMITS = { perEmailPerHour: 5, perClientPerHour: 20, perAccountPerHour: 20 } as const;
/**
 * The refusal past perClientPerHour or perAccountPerHour: the count is per clock hour, so it names the minutes until
 * the next one starts (what the answer's Retry-After says), not "an hour" that may be two minutes. Signed out, the
 * count is the network's, which others may share: it does not say "you", and offers to send from an account. The team's
 * address is named when the deployment has one.
 */
export function contactRateLimited(
  retryAfterMs: number,
  { byAccount = false, supportEmail }: { byAccount?: boolean; supportEmail?: string } = {},
): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  const wait = minutes === 1 ? 'a minute' : `${minutes} minutes`;
  const ways = [
    `try again in ${wait}`,
    ...(byAccount ? [] : ['log in and send it from your account']),
    ...(supportEmail ? [`write to us at ${supportEmail}`] : []),
  ];
  const please = ways.length === 1 ? ways[0] : `${ways.slice(0, -1).join(', ')}, or ${ways.at(-1)}`;
  const who = byAccount ? 'You have sent several messages' : 'Several messages were sent from your network';
  return `${who} in a short time. Please ${please}.`;
}

/**
 * Whether the team was emailed about a request: `sent`; `held` (past perEmailPerHour for its address, kept without an
 * email); `failed` (the email could not be sent); `pending` (not known yet: the request was stored, and its outcome
 * was never written, e.g. the function stopped between the two writes).
 */
export const CONTACT_DELIVERIES = ['sent', 'held', 'failed', 'pending'] as const;
export type ContactDelivery = (typeof CONTACT_DELIVERIES)[number];

/** How many requests listContactRequests answers at once; `more` says where the next page starts. */
export const CONTACT_PAGE_SIZE = 25;

/**
 * listContactRequests (administrators, the team's inbox in settings): newest first, from `before` when given; with
 * `needsAnswer`, only the requests nobody has marked answered.
 */
export const listContactRequestsInput = /* @__PURE__ */ z.strictObject({
  before: /* @__PURE__ */ z.optional(
    /* @__PURE__ */ z.string().check(/* @__PURE__ */ z.minLength(1), /* @__PURE__ */ z.maxLength(200)),
  ),
  needsAnswer: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.boolean()),
});

/**
 * markContactRequest (administrators): marks a request read or unread, answered or not. Each mark says what the
 * request should be, never "toggle", so two administrators marking it at once agree; marking answered also marks it
 * read unless `read` says otherwise.
 */
export const markContactRequestInput = /* @__PURE__ */ z
  .strictObject({
    id: /* @__PURE__ */ z.string().check(/* @__PURE__ */ z.minLength(1), /* @__PURE__ */ z.maxLength(100)),
    read: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.boolean()),
    answered: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.boolean()),
  })
  .check(
    /* @__PURE__ */ z.refine(
      (input) => input.read !== undefined || input.answered !== undefined,
      /* @__PURE__ */ says('Say whether to mark the message read, answered, or both.'),
    ),
  );

/** The message of a mark for a request the inbox no longer holds (its sender deleted their account, or its year ended). */
export const CONTACT_REQUEST_GONE =
  "This message is no longer in the inbox: it was deleted with its sender's account or after a year.";

/** Who marked a request read or answered (the administrator's email address), and when (ISO time). */
export interface ContactMark {
  by: string;
  at: string;
}

/** One request as the team's inbox shows it: what the sender wrote, how the team was told of it, and its marks. */
export interface ContactInboxEntry {
  id: string;
  /** ISO time it was received. */
  received: string;
  delivery: ContactDelivery;
  /** The sender's account when they were signed in (sent with `submitSupportRequest`). */
  uid: string | null;
  /** Sent signed in by a Professional customer: priority support (the team answers these first). */
  priority: boolean;
  request: Omit<ContactRequest, 'website'> | Omit<EstimateRequest, 'website'>;
  /** Null while unread (nobody has marked it read, or it was marked unread again). */
  read: ContactMark | null;
  /** Null until an administrator marks it answered. */
  answered: ContactMark | null;
}

/**
 * A page of the team's inbox: `more` is the `before` of the next (older) page, null when there is none; `unread`
 * counts the whole inbox's unread requests, not only this page's.
 */
export interface ContactInboxPage {
  requests: ContactInboxEntry[];
  more: string | null;
  unread: number;
}
