import { describe, expect, it } from 'vitest';
import {
  avatarExtension,
  checkEmailFreeInput,
  avatarInitials,
  avatarProblem,
  createAvatarUploadInput,
  displayNameProblem,
  newEmailProblem,
  passwordProblem,
  sameEmail,
  updateEmailInput,
  viewAsProblem,
} from './accounts';

describe('avatar rules', () => {
  it('refuses a signed-out user, a wrong type and a file over 0.1 MB with the messages users see', () => {
    expect(avatarProblem({ size: 10, type: 'image/png' }, false)).toBe('No authenticated user');
    expect(avatarProblem({ size: 10, type: 'image/gif' }, true)).toBe('Only JPG, PNG, or WEBP images are allowed');
    expect(avatarProblem({ size: 100_001, type: 'image/jpeg' }, true)).toBe('File too large (max 0.1MB)');
  });
  it('accepts JPG, PNG and WEBP up to exactly 100,000 bytes', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp'])
      expect(avatarProblem({ size: 100_000, type }, true)).toBeNull();
  });
  it('takes the extension from the file name, lower-cased, defaulting to jpg', () => {
    expect(avatarExtension('Me.PNG')).toBe('png');
    expect(avatarExtension('portrait.webp')).toBe('webp');
    expect(avatarExtension('photo.jpeg')).toBe('jpeg');
    expect(avatarExtension('no-extension')).toBe('jpg');
    expect(avatarExtension('evil.png/../x')).toBe('jpg');
    expect(avatarExtension('archive.tar.gz')).toBe('jpg');
  });
  it('shows up to 2 initials of the display name, else M', () => {
    expect(avatarInitials('Ada Lovelace')).toBe('AL');
    expect(avatarInitials('grace brewster hopper')).toBe('GB');
    expect(avatarInitials('  Cher ')).toBe('C');
    expect(avatarInitials('')).toBe('M');
    expect(avatarInitials(null)).toBe('M');
    expect(avatarInitials('Émile Zola')).toBe('ÉZ');
  });
});

describe('field rules', () => {
  it("uses the loose email pattern with 'Not a valid email address'", () => {
    expect(newEmailProblem('a@b')).toBeNull();
    expect(newEmailProblem(' a@b.c ')).toBeNull();
    for (const bad of ['', 'ab', 'a @b', '@b', 'a@']) expect(newEmailProblem(bad)).toBe('Not a valid email address');
  });
  it('limits the name to 50 characters after trimming', () => {
    expect(displayNameProblem(`  ${'x'.repeat(50)}  `)).toBeNull();
    expect(displayNameProblem('x'.repeat(51))).toBe('A name has at most 50 characters');
  });
  it('limits the view-as id to 128 characters', () => {
    expect(viewAsProblem('u'.repeat(128))).toBeNull();
    expect(viewAsProblem('u'.repeat(129))).toBe('A user id has at most 128 characters');
  });
  it('names every missing part of a weak password', () => {
    expect(passwordProblem('Str0ng-pass')).toBeNull();
    expect(passwordProblem('short')).toBe(
      'The password needs at least 8 characters, an upper-case letter, a digit and a symbol.',
    );
    expect(passwordProblem('lowercaseonly1!')).toBe('The password needs an upper-case letter.');
  });
  it('compares emails without case or surrounding spaces', () => {
    expect(sameEmail('A@B.c', ' a@b.C ')).toBe(true);
    expect(sameEmail('a@b.c', null)).toBe(false);
  });
});

describe('account call inputs', () => {
  it('refuses an avatar upload of another type or over the size with the messages users see', () => {
    const gif = createAvatarUploadInput.safeParse({ fileName: 'a.gif', contentType: 'image/gif', size: 10 });
    expect(gif.success ? null : gif.error.issues[0]!.message).toBe('Only JPG, PNG, or WEBP images are allowed');
    const big = createAvatarUploadInput.safeParse({ fileName: 'a.png', contentType: 'image/png', size: 100_001 });
    expect(big.success ? null : big.error.issues[0]!.message).toBe('File too large (max 0.1MB)');
    expect(
      createAvatarUploadInput.safeParse({ fileName: 'a.png', contentType: 'image/png', size: 10, extra: 1 }).success,
    ).toBe(false);
  });
  it("refuses what is not an email address with the dialog's words, once a field", () => {
    const issues = (input: unknown) => {
      const parsed = updateEmailInput.safeParse(input);
      return parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join('.'), i.message]);
    };
    expect(issues({ newEmail: 'x', oldEmail: 'a@b' })).toEqual([['newEmail', 'Not a valid email address']]);
    expect(issues({ newEmail: `${'a'.repeat(250)}@b.cd`, oldEmail: 'a@b' })).toEqual([
      ['newEmail', 'Not a valid email address'],
    ]);
    const free = checkEmailFreeInput.safeParse({ email: 'no' });
    expect(free.success ? [] : free.error.issues.map((i) => i.message)).toEqual(['Not a valid email address']);
  });

  it('needs both emails for updateEmail', () => {
    expect(updateEmailInput.safeParse({ newEmail: 'a@b' }).success).toBe(false);
    expect(updateEmailInput.safeParse({ newEmail: 'a@b', oldEmail: 'c@d' }).success).toBe(true);
  });
});
