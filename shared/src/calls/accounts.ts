/**
 * The accounts contract: call input schemas (the server's authority, reused by the browser for convenience
 * checks) and the pure rules about names, emails, avatars and the administrator's view-as id (product rules:
 * Accounts and sign-in).
 */
import * as z from 'zod/mini';
import { says } from '../zod-english';
import { AVATAR_MAX_BYTES, AVATAR_TYPES, NAME_MAX, USER_ID_MAX } from '../constants';
import { MESSAGES } from '../errors';
import { plainText } from '../text';

/** Non-space text, an @, non-space text. Deliberately loose: Cognito and the link prove the address. */
export const LOOSE_EMAIL_PATTERN = /^\S+@\S+$/;

/** 'Not a valid email address' for anything the loose pattern refuses, else null. */
export function newEmailProblem(value: string): string | null {
  return LOOSE_EMAIL_PATTERN.test(value.trim()) ? null : MESSAGES.invalidEmail;
}

/** Emails compare without case, as Cognito's case-insensitive sign-in does. */
export function sameEmail(a: string | null | undefined, b: string | null | undefined): boolean {
  return Boolean(a && b && a.trim().toLowerCase() === b.trim().toLowerCase());
}

/**
 * How long a sign-in counts as recent: deleting the account (and, in the browser, changing the email) needs
 * a sign-in this fresh, else the user re-enters the password first.
 */
export const RECENT_SIGN_IN_MS = 5 * 60 * 1000;

/**
 * The one-time sign-in token in a verification link (ADR 036): 32 random bytes, base64url. Anything else in the
 * link's `token` is ignored by the page and refused by the sign-in challenge.
 */
export const SIGN_IN_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export type AvatarType = (typeof AVATAR_TYPES)[number];
const AVATAR_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp'] as const;
export type AvatarExtension = (typeof AVATAR_EXTENSIONS)[number];

/** The avatar's extension comes from the file name (lower-cased), 'jpg' when it has none we store. */
export function avatarExtension(fileName: string): AvatarExtension {
  const ext = /\.([A-Za-z0-9]+)$/.exec(fileName.trim())?.[1]?.toLowerCase();
  return (AVATAR_EXTENSIONS as readonly string[]).includes(ext ?? '') ? (ext as AvatarExtension) : 'jpg';
}

/** Whether a string names one of the avatar extensions we store. */
export function isAvatarExtension(value: string): value is AvatarExtension {
  return (AVATAR_EXTENSIONS as readonly string[]).includes(value);
}

/** Whether a MIME type is one of the avatar types (JPG, PNG, WEBP). */
export function isAvatarType(value: string): value is AvatarType {
  return (AVATAR_TYPES as readonly string[]).includes(value);
}

/** The message for a file that cannot be an avatar (no user, wrong type, over 0.1 MB), or null. */
export function avatarProblem(file: { size: number; type: string }, signedIn: boolean): string | null {
  if (!signedIn) return MESSAGES.avatarNoUser;
  if (!isAvatarType(file.type)) return MESSAGES.avatarType;
  if (file.size > AVATAR_MAX_BYTES) return MESSAGES.avatarTooLarge;
  return null;
}

/** The avatar without a photo: up to 2 initials of the display name, else 'M'. */
export function avatarInitials(displayName: string | null | undefined): string {
  const words = (displayName ?? '').trim().split(/\s+/).filter(Boolean);
  const letters = words.slice(0, 2).map((w) => [...w][0]!.toLocaleUpperCase());
  return letters.length ? letters.join('') : 'M';
}

/** The display name rule: trimmed, at most 50 characters (an empty name clears it). */
export const displayNameSchema = /* @__PURE__ */ plainText(
  /* @__PURE__ */ z
    .string()
    .check(/* @__PURE__ */ z.trim())
    .check(/* @__PURE__ */ z.maxLength(NAME_MAX, /* @__PURE__ */ says(`A name has at most ${NAME_MAX} characters`))),
);

/** A problem with a typed display name, or null. */
export function displayNameProblem(value: string): string | null {
  const parsed = displayNameSchema.safeParse(value);
  return parsed.success ? null : parsed.error.issues[0]!.message;
}

/** The administrator's 'View as user' id: trimmed, at most 128 characters; empty ends the simulation. */
export const viewAsSchema = /* @__PURE__ */ z
  .string()
  .check(/* @__PURE__ */ z.trim())
  .check(
    /* @__PURE__ */ z.maxLength(USER_ID_MAX, /* @__PURE__ */ says(`A user id has at most ${USER_ID_MAX} characters`)),
  );

/** A problem with a typed 'View as user' id, or null. */
export function viewAsProblem(value: string): string | null {
  const parsed = viewAsSchema.safeParse(value);
  return parsed.success ? null : parsed.error.issues[0]!.message;
}

/**
 * The production user pool's password policy (infra/src/constructs/auth.ts), checked in the browser so the
 * user learns every missing part at once instead of one Cognito error at a time.
 */
export function passwordProblem(password: string): string | null {
  const missing: string[] = [];
  if (password.length < 8) missing.push('at least 8 characters');
  if (!/[a-z]/.test(password)) missing.push('a lower-case letter');
  if (!/[A-Z]/.test(password)) missing.push('an upper-case letter');
  if (!/[0-9]/.test(password)) missing.push('a digit');
  if (!/[^A-Za-z0-9]/.test(password)) missing.push('a symbol');
  if (!missing.length) return null;
  return `The password needs ${missing.length > 1 ? `${missing.slice(0, -1).join(', ')} and ${missing.at(-1)}` : missing[0]}.`;
}

/**
 * An address that is not one gets the words the dialog uses, 'Not a valid email address', once: the pattern already
 * needs three characters, and one longer than any address can be is no address either.
 */
const emailSchema = /* @__PURE__ */ z
  .string()
  .check(/* @__PURE__ */ z.trim())
  .check(/* @__PURE__ */ z.maxLength(254, MESSAGES.invalidEmail))
  .check(/* @__PURE__ */ z.regex(LOOSE_EMAIL_PATTERN, MESSAGES.invalidEmail));

export const createAvatarUploadInput = /* @__PURE__ */ z.strictObject({
  fileName: /* @__PURE__ */ z.string().check(/* @__PURE__ */ z.maxLength(255)),
  contentType: /* @__PURE__ */ z.enum(AVATAR_TYPES, { error: MESSAGES.avatarType }),
  size: /* @__PURE__ */ z
    .number()
    .check(/* @__PURE__ */ z.int())
    .check(/* @__PURE__ */ z.gte(1, /* @__PURE__ */ says('The file is empty')))
    .check(/* @__PURE__ */ z.lte(AVATAR_MAX_BYTES, MESSAGES.avatarTooLarge)),
});
export const setAvatarInput = /* @__PURE__ */ z.strictObject({
  extension: /* @__PURE__ */ z.enum(
    AVATAR_EXTENSIONS,
    /* @__PURE__ */ says('Not an avatar extension (jpg, jpeg, png or webp)'),
  ),
});
export const updateEmailInput = /* @__PURE__ */ z.strictObject({ newEmail: emailSchema, oldEmail: emailSchema });
/** checkEmailFree: asked before an email change is requested (answers null, or 409 'Email already in use'). */
export const checkEmailFreeInput = /* @__PURE__ */ z.strictObject({ email: emailSchema });
export const noInput = /* @__PURE__ */ z.union([/* @__PURE__ */ z.null(), /* @__PURE__ */ z.strictObject({})]);
/** findUsers (administrators, 'View as user'): a user id, or the start of an email address (at least 2 characters). */
export const findUsersInput = /* @__PURE__ */ z.strictObject({
  query: /* @__PURE__ */ z
    .string()
    .check(/* @__PURE__ */ z.trim())
    .check(/* @__PURE__ */ z.minLength(2, /* @__PURE__ */ says('Type at least 2 characters')))
    .check(/* @__PURE__ */ z.maxLength(254)),
});
/** How many users 'View as user' lists: findUsers answers one more when more match, and the browser says so. */
export const USER_MATCHES_SHOWN = 10;

/** A user findUsers answers with: matches by email first, then by name, in the user pool's order. */
export interface UserMatch {
  uid: string;
  email: string | null;
  name: string | null;
}

/**
 * What createAvatarUpload answers: a presigned POST (url and form fields) for the key a new avatar is uploaded to,
 * `{uid}/.avatar-upload.{ext}`, apart from the avatar itself until setAvatar has checked it.
 */
export interface AvatarUpload {
  url: string;
  fields: Record<string, string>;
  key: string;
}
