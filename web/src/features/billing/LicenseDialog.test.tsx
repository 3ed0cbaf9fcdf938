import { BILLING_TEXTS } from '@mapnest/shared/billing-texts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BILLING_MESSAGES, type RegisterLicenseResult } from '@mapnest/shared/billing';
import { CallError } from '@mapnest/shared/errors';
import { MapState, type MapStateValue } from '@mapnest/shared/constants';
import { renderRoutes, signedIn, isolateEachTest } from '../../app/testing.fixtures';
import { call } from '../../lib/api';
import { aMap, deferred, NO_SLOTS, routeCalls } from '../maps/maps.fixtures';

vi.mock('../../lib/api', () => ({ call: vi.fn() }));
const mockCall = vi.mocked(call) as unknown as ReturnType<typeof vi.fn>;

const CODE = '00000000-1a2b-4c3d-8e4f-1a2b3c4d5e6f';
const ENDS = '2031-05-23T12:00:00.000Z';

isolateEachTest(mockCall);

async function openLicenseDialog(registerLicense: (data: unknown) => unknown, map = aMap()) {
  const calls = routeCalls(mockCall, { listMaps: () => [map], getSlots: () => NO_SLOTS, registerLicense });
  renderRoutes('/maps', { session: signedIn });
  const card = await screen.findByRole('article', { name: 'Riverside Mall' });
  fireEvent.click(within(card).getByRole('button', { name: 'More actions for Riverside Mall' }));
  fireEvent.click(screen.getByRole('menuitem', { name: 'Register license' }));
  const dialog = screen.getByRole('dialog', { name: 'Register license' });
  const field = within(dialog).getByRole('textbox', { name: 'Purchase code' });
  const submit = (code: string) => {
    fireEvent.change(field, { target: { value: code } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Register license' }));
  };
  return { calls, dialog, field, submit };
}

describe('licence registration', () => {
  it('checks the code’s format before calling the server', async () => {
    const { calls, dialog, submit, field } = await openLicenseDialog(() => null);
    expect(dialog.textContent).toContain('“Riverside Mall” 6 months of Basic');
    // What the licence is for, and that a subscription slot is the other way to go live.
    expect(dialog.textContent).toContain(BILLING_TEXTS.licensePurpose);
    expect(dialog.textContent).toContain(BILLING_TEXTS.goLiveWays);
    submit('');
    expect(within(dialog).getByRole('alert').textContent).toBe('Enter the purchase code of your license.');
    submit('not-a-code');
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'A purchase code looks like 1a2b3c4d-1a2b-1a2b-1a2b-1a2b3c4d5e6f',
    );
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(calls.callsTo('registerLicense')).toEqual([]);
  });

  it.each([
    ['not-found', BILLING_MESSAGES.licenseUnknown],
    ['already-exists', BILLING_MESSAGES.licenseUsed],
    ['unavailable', BILLING_MESSAGES.marketplaceUnreachable],
  ] as const)('shows the server’s words when it answers %s', async (code, message) => {
    const { dialog, submit } = await openLicenseDialog(() => {
      throw new CallError(code, message);
    });
    submit(CODE);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(message);
    expect((within(dialog).getByRole('button', { name: 'Register license' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('keeps focus in the dialog while it registers, then puts it on the field with the refusal; Escape closes', async () => {
    const answer = deferred<RegisterLicenseResult>();
    const { dialog, field } = await openLicenseDialog(() => answer.promise);
    fireEvent.change(field, { target: { value: CODE } });
    const button = within(dialog).getByRole('button', { name: 'Register license' }) as HTMLButtonElement;
    button.focus();
    fireEvent.click(button);
    expect(button.disabled).toBe(true);
    // What Chromium does to a focused control that becomes disabled: focus goes to <body>, with a focusout. The test
    // DOM neither does it nor blurs a disabled control, so the button is blurred while enabled for a moment
    // (test/maps/dialogs-browser.test.ts sees Chromium do it).
    act(() => {
      button.disabled = false;
      button.blur();
      button.disabled = true;
    });
    expect(document.activeElement).toBe(document.body);
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));

    await act(async () => answer.reject(new CallError('already-exists', BILLING_MESSAGES.licenseUsed)));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(BILLING_MESSAGES.licenseUsed);
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(field.getAttribute('aria-describedby')?.split(' ')).toContain(alert.id);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it.each<[MapStateValue, string]>([
    [MapState.TEST, 'it goes live without a subscription slot.'],
    [
      MapState.LIVE,
      'it stays live on the license instead of its Basic subscription slot, which another map can then use.',
    ],
    [
      MapState.PRO,
      'it stays Professional on its Professional slot meanwhile; Move to Basic then keeps it live on the license, without a slot.',
    ],
  ])('says what the months do for a map in state %i', async (state, does) => {
    const { dialog } = await openLicenseDialog(() => null, aMap({ state }));
    expect(dialog.textContent).toContain(
      `A purchase code from the Envato marketplace gives “Riverside Mall” 6 months of Basic: ${does} Each code works once.`,
    );
  });

  it('says that a code on a map whose licence still runs adds its months after it, and then until when', async () => {
    const current = '2099-05-23T12:00:00.000Z';
    const license = {
      code: '****-1a2b',
      mapId: 'map00000000000000001',
      registeredAt: '2098-12-01T12:00:00.000Z',
      startsAt: current,
      endsAt: '2099-11-23T12:00:00.000Z',
      ended: false,
    };
    const licensed = aMap({ state: 1, licenseEndsAt: current, publishedVersion: 2, publication: 'published' });
    const { dialog, submit } = await openLicenseDialog(() => ({ license, state: 1 }), licensed);
    expect(dialog.textContent).toContain(
      '“Riverside Mall” is licensed until May 23, 2099. A new purchase code adds 6 months of Basic after that date.',
    );
    submit(CODE);
    const done = await screen.findByRole('dialog', { name: 'License registered' });
    expect(done.textContent).toContain(
      '“Riverside Mall” is licensed for Basic until Nov 23, 2099: 6 more months after its current license ends on May 23, 2099, and it is live.',
    );
  });

  it('shows the field problem of an invalid-argument answer', async () => {
    const { dialog, submit } = await openLicenseDialog(() => {
      throw new CallError('invalid-argument', 'Invalid argument', {
        issues: [{ path: 'purchaseCode', message: 'A purchase code looks like 1a2b3c4d-…' }],
      });
    });
    submit(CODE);
    expect((await within(dialog).findByRole('alert')).textContent).toBe('A purchase code looks like 1a2b3c4d-…');
  });

  it('registers a code (trimmed, lower case) and says until when the map is licensed', async () => {
    const answer = deferred<RegisterLicenseResult>();
    const { calls, dialog, submit } = await openLicenseDialog(() => answer.promise);
    submit(`  ${CODE.toUpperCase()} `);
    expect(within(dialog).getByRole('button', { name: 'Registering…' })).toBeTruthy();
    const license = {
      code: '****-****-****-****-1a2b3c4d5e6f',
      mapId: 'map00000000000000001',
      registeredAt: '2030-11-23T12:00:00.000Z',
      startsAt: '2030-11-23T12:00:00.000Z',
      endsAt: ENDS,
      ended: false,
    };
    await act(async () => answer.resolve({ license, state: 1 }));
    const done = await screen.findByRole('dialog', { name: 'License registered' });
    expect(done.textContent).toContain('“Riverside Mall” is licensed for Basic until May 23, 2031, and it is live.');
    // Nothing of it is published yet: live, but visitors see it only once it is (ADR 018).
    expect(done.textContent).toContain('Visitors see it once you publish it.');
    expect(calls.callsTo('registerLicense')).toEqual([{ purchaseCode: CODE, mapId: 'map00000000000000001' }]);
    // The list and slots are read again.
    await waitFor(() => expect(calls.callsTo('listMaps').length).toBeGreaterThanOrEqual(2));
  });

  it('says nothing more of publishing for a map whose published version visitors already see', async () => {
    const license = {
      code: '****-1a2b',
      mapId: 'map00000000000000001',
      registeredAt: ENDS,
      startsAt: ENDS,
      endsAt: ENDS,
      ended: false,
    };
    const published = aMap({ publishedVersion: 2, publication: 'published' });
    const { submit } = await openLicenseDialog(() => ({ license, state: 1 }), published);
    submit(CODE);
    const done = await screen.findByRole('dialog', { name: 'License registered' });
    expect(done.textContent).toContain('and it is live.');
    expect(done.textContent).not.toContain('publish');
  });
});
