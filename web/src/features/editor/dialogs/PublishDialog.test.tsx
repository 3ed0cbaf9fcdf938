import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { blankDocument } from '@mapnest/shared/map-document';
import { CallError, MESSAGES } from '@mapnest/shared/errors';
import type { MapSummary } from '@mapnest/shared/maps';
import { isolateEachTest } from '../../../app/testing.fixtures';
import { call } from '../../../lib/api';
import { anEntry, routeCalls } from '../../maps/maps.fixtures';
import { EditorContext, useEditor } from '../editor-context';
import {
  aSummary,
  captureDownloads,
  disposeHarnesses,
  MAP_ID,
  renderEditorPart,
  type HarnessOptions,
} from '../editor.fixtures';
import { shortDate } from '../../maps/map-format';
import { PublishDialog } from './PublishDialog';
import { RECHECK_MS } from './release-action';

vi.mock('../../../lib/api', () => ({ call: vi.fn() }));
const mockCall = vi.mocked(call) as unknown as ReturnType<typeof vi.fn>;
isolateEachTest(mockCall);
afterEach(() => disposeHarnesses());

const live = aSummary({
  published: true,
  publishedVersion: 1,
  publishedAt: '2025-01-03T10:00:00.000Z',
  publication: 'published',
});

/** The editor's map as state, as the editor holds it: setMap shows at once (the harness's setMap does nothing). */
function LiveMap({ children }: { children: ReactNode }) {
  const outer = useEditor();
  const [map, setMap] = useState<MapSummary>(outer.map);
  return <EditorContext.Provider value={{ ...outer, map, setMap }}>{children}</EditorContext.Provider>;
}

function renderDialog(map?: Partial<MapSummary>, fetchCurrent?: HarnessOptions['fetchCurrent']) {
  const onClose = vi.fn();
  const view = renderEditorPart(
    <LiveMap>
      <PublishDialog onClose={onClose} />
    </LiveMap>,
    { map, fetchCurrent },
  );
  return { ...view, onClose };
}

const publishButton = () => screen.findByRole('button', { name: 'Publish the map' });
const release = () => screen.getByRole('region', { name: 'Release' });

describe('PublishDialog', () => {
  it('reads the map again when a publish’s answer is lost, and shows it published when it was', async () => {
    const { callsTo } = routeCalls(mockCall, {
      // The server published version 1, then the answer was lost (the call client's network failure).
      publishMap: () => Promise.reject(new CallError('internal', 'internal')),
      getMap: () => ({ map: live, history: [], documentUrl: 'u' }),
    });
    renderDialog();
    fireEvent.click(await publishButton());
    await waitFor(() => expect(within(release()).getByRole('button', { name: 'No changes to publish' })).toBeTruthy());
    expect(callsTo('getMap')).toEqual([{ id: MAP_ID }]);
    expect(release().textContent).not.toContain('Never published');
    expect(release().textContent).toContain('Visitors see what you published on');
    expect(within(release()).getByRole('status').textContent).toBe(
      'Published: the map is public now, at its address and on every site that embeds it.',
    );
    expect(screen.queryByText('internal')).toBeNull();
  });

  it('says in a sentence, never a bare code, that a lost publish did not happen', async () => {
    routeCalls(mockCall, {
      publishMap: () => Promise.reject(new CallError('internal', 'internal')),
      getMap: () => ({ map: aSummary(), history: [], documentUrl: 'u' }),
    });
    renderDialog();
    fireEvent.click(await publishButton());
    expect((await within(release()).findByRole('alert')).textContent).toBe(MESSAGES.unavailable);
    expect(release().textContent).toContain('Never published');
  });

  it('shows a publication whose public copy is owed as published, and says visitors do not see it yet', async () => {
    routeCalls(mockCall, {
      // Committed, its copy not written (S3 failed after the commit): owed, written by the server itself.
      publishMap: () => Promise.reject(new CallError('unavailable', MESSAGES.publishCopyOwed, { committed: true })),
      getMap: () => ({ map: live, history: [], documentUrl: 'u' }),
    });
    renderDialog();
    fireEvent.click(await publishButton());
    expect((await within(release()).findByRole('alert')).textContent).toBe(MESSAGES.publishCopyOwed);
    // Not "Nothing was changed", and not "visitors see your changes now": the map is published, its copy on its way.
    expect(within(release()).getByRole('button', { name: 'No changes to publish' })).toBeTruthy();
    expect(release().textContent).not.toContain('Never published');
    expect(screen.queryByText(MESSAGES.unavailable)).toBeNull();
  });

  it('says the outcome is unknown when the map cannot be read again either', async () => {
    routeCalls(mockCall, {
      publishMap: () => Promise.reject(new CallError('internal', 'internal')),
      getMap: () => Promise.reject(new CallError('internal', 'internal')),
    });
    renderDialog();
    fireEvent.click(await publishButton());
    expect((await within(release()).findByRole('alert')).textContent).toBe(MESSAGES.releaseOutcomeUnknown);
    // Not "Never published" as if known: what visitors see is not.
    expect(release().querySelector('.publish-release__status')!.textContent).toBe(
      'Not confirmed: what visitors see is read again every few seconds.',
    );
  });

  it('keeps reading the map after an unconfirmed publish, and says it was published once it can', async () => {
    let serverBack = false;
    routeCalls(mockCall, {
      publishMap: () => Promise.reject(new CallError('internal', 'internal')),
      getMap: () =>
        serverBack
          ? { map: live, history: [], documentUrl: 'u' }
          : Promise.reject(new CallError('internal', 'internal')),
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => void vi.useRealTimers());
    renderDialog();
    fireEvent.click(await publishButton());
    await within(release()).findByText(MESSAGES.releaseOutcomeUnknown);
    await act(() => vi.advanceTimersByTimeAsync(RECHECK_MS));
    expect(within(release()).getByText(MESSAGES.releaseOutcomeUnknown)).toBeTruthy();
    serverBack = true;
    await act(() => vi.advanceTimersByTimeAsync(RECHECK_MS));
    await waitFor(() =>
      expect(within(release()).getByRole('status').textContent).toBe(
        'Published: the map is public now, at its address and on every site that embeds it.',
      ),
    );
    expect(release().querySelector('.publish-release__status')!.textContent).toMatch(/^Published\. Visitors see/);
    expect(within(release()).getByRole('button', { name: 'No changes to publish' })).toBeTruthy();
  });

  it('says until when a test map is public as it publishes it', async () => {
    const activeUntil = '2026-12-10T16:53:03.000Z';
    routeCalls(mockCall, { publishMap: () => ({ map: { ...live, activeUntil }, history: [] }) });
    renderDialog({ activeUntil });
    fireEvent.click(await publishButton());
    await waitFor(() =>
      expect(within(release()).getByRole('status').textContent).toBe(
        `Published: the map is public now, at its address and on every site that embeds it. As a test map it stays public until ${shortDate(activeUntil)}.`,
      ),
    );
  });

  it('keeps keyboard focus in the dialog after publishing, so Escape still closes it', async () => {
    routeCalls(mockCall, { publishMap: () => ({ map: live, history: [] }) });
    const { onClose, notices } = renderDialog();
    const button = await publishButton();
    button.focus();
    fireEvent.click(button);
    // While the call runs the button keeps focus: it is not disabled (which would drop focus to <body>).
    expect(button.hasAttribute('disabled')).toBe(false);
    await waitFor(() => expect(within(release()).getByRole('button', { name: 'No changes to publish' })).toBeTruthy());
    const message = within(release()).getByRole('status');
    expect(message.textContent).toBe(
      'Published: the map is public now, at its address and on every site that embeds it.',
    );
    await waitFor(() => expect(document.activeElement).toBe(message));
    // Said once: neither the list of changes (nothing is left to publish) nor a toast under the dialog repeats it.
    expect(release().textContent).not.toMatch(/Nothing (changes|new)/);
    expect(notices).toEqual([]);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });

  it('makes Publish its one primary button until the draft is published, then Done', async () => {
    routeCalls(mockCall, { publishMap: () => ({ map: live, history: [] }) });
    renderDialog();
    const publish = await publishButton();
    const done = screen.getByRole('button', { name: 'Done' });
    const primaries = () => Array.from(document.querySelectorAll('.publish-dialog .btn--primary'));
    expect(primaries()).toEqual([publish]);
    expect(done.className).toContain('btn--secondary');
    fireEvent.click(publish);
    await waitFor(() => expect(within(release()).getByRole('button', { name: 'No changes to publish' })).toBeTruthy());
    expect(done.className).toContain('btn--primary');
  });

  it('says a version saved elsewhere while it is open, with what it changed, and that Publish publishes the one reviewed', async () => {
    routeCalls(mockCall, {});
    const theirs = blankDocument();
    theirs.locations = [{ id: 'kiosk', title: 'Kiosk', coord: [0.5, 0.5] }];
    const h = renderDialog(undefined, async () => ({ doc: theirs, version: 2 }));
    await publishButton();
    h.server.version = 2;
    await h.save.checkRemote();
    expect(
      await within(release()).findByText(
        'Version 2 was saved in another tab or device since this review (“Kiosk” added). Publish publishes version 1, as reviewed; open Publish again to review the newer one.',
      ),
    ).toBeTruthy();
  });

  it('names the version visitors see by its name too, when it has one', () => {
    routeCalls(mockCall, { getMapVersion: () => ({ doc: blankDocument() }) });
    const history = [anEntry(2), anEntry(1, { name: 'Spring layout', publishedAt: live.publishedAt })];
    renderEditorPart(<PublishDialog onClose={() => {}} />, { map: { ...live, version: 2 }, history });
    expect(release().textContent).toContain('(“Spring layout”, version 1 in History).');
  });

  it('says, for a map taken offline, that Publish puts the draft live and where the version live before is', async () => {
    routeCalls(mockCall, { getMapVersion: () => ({ doc: blankDocument() }) });
    const offline = { version: 6, publishedVersion: null, publication: 'offline' as const };
    const history = [
      anEntry(6),
      anEntry(5, { publishedAt: '2025-01-03T10:00:00.000Z' }),
      anEntry(3, { publishedAt: '2025-01-01T10:00:00.000Z' }),
    ];
    renderEditorPart(<PublishDialog onClose={() => {}} />, { map: offline, history });
    expect(release().textContent).toContain(
      'Publishing puts the draft live (version 6), not version 5 that was live before; to show that one again, publish it again from History.',
    );
    cleanup();
    disposeHarnesses();
    // Taken offline with the draft as it was live: nothing to tell apart.
    renderEditorPart(<PublishDialog onClose={() => {}} />, {
      map: { ...offline, version: 5 },
      history: history.slice(1),
    });
    expect(release().textContent).not.toContain('Publishing puts the draft live');
  });

  it('has nothing to publish when the draft is a restore of the published version not edited since', async () => {
    // Version 2 restored version 1, the published one: the server says the draft is what visitors see.
    routeCalls(mockCall, { getMapVersion: () => ({ version: 1, documentUrl: 'https://files.test/v1.json' }) });
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(blankDocument())));
    onTestFinished(() => {
      vi.unstubAllGlobals();
    });
    renderDialog({ ...live, version: 2 });
    await waitFor(() => expect(within(release()).getByRole('button', { name: 'No changes to publish' })).toBeTruthy());
    expect(
      (within(release()).getByRole('button', { name: 'No changes to publish' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(screen.queryByRole('button', { name: 'Publish changes' })).toBeNull();
  });

  it('says until when a test map stays online in the words of the rest of the dialog, not the browser’s digits', async () => {
    routeCalls(mockCall, {});
    renderDialog({ state: 0, activeUntil: '2026-12-07T12:00:00.000Z' });
    await publishButton();
    const embed = screen.getByText('Embed on your site').closest('details')!;
    expect(embed.textContent).toContain(
      'This test map stays online until Dec 7, 2026; put it on a plan to keep it live.',
    );
  });

  it('says how to make a kiosk of the map: its address with ?kiosk=1, and ?fixedfrom= for “You are here”', async () => {
    routeCalls(mockCall, {});
    renderDialog({ ...live });
    const embed = (await screen.findByText('Embed on your site')).closest('details')!;
    const url = `${window.location.origin}/m/${MAP_ID}`;
    expect(embed.textContent).toContain(
      `For a touch screen in your venue, open ${url}?kiosk=1 on it, full screen: the map fills the screen, brings its own keyboard and starts over after 90 s without a touch. Add &fixedfrom=id to start every route at that location, marked “You are here” (directions: Professional maps).`,
    );
  });

  it('says what a site’s Content Security Policy must allow for each snippet', async () => {
    routeCalls(mockCall, {});
    renderDialog({ ...live });
    const embed = (await screen.findByText('Embed on your site')).closest('details')!;
    const origin = window.location.origin;
    expect(embed.textContent).toContain(
      `If your site sends a Content Security Policy, allow ${origin} in its frame-src for the iframe; for the script tag, in its script-src (under 'strict-dynamic', give the script tag your nonce instead), connect-src and img-src, and the sites your locations’ images, videos and live data come from. The map needs no inline styles; where the site enforces Trusted Types, allow the policy dompurify in its trusted-types.`,
    );
  });

  it('offers the map’s address as a QR code, to download as SVG for signs and print', async () => {
    renderDialog({ ...live });
    fireEvent.click(screen.getByText('QR code for signs and print'));
    const url = `${window.location.origin}/m/${MAP_ID}`;
    expect(screen.getByRole('img', { name: `QR code of ${url}` })).toBeTruthy();
    expect(screen.queryByText(/opens “Map not found”/)).toBeNull();
    const { blobs, names } = captureDownloads();
    fireEvent.click(screen.getByRole('button', { name: 'Download SVG' }));
    expect(names).toEqual(['Riverside-Mall-QR-code.svg']);
    expect(blobs[0]!.type).toBe('image/svg+xml');
    expect(await blobs[0]!.text()).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 (\d+) \1"/);
  });

  it('says a QR code of a map not yet published opens nothing yet', () => {
    renderDialog();
    fireEvent.click(screen.getByText('QR code for signs and print'));
    expect(screen.getByText(/Until the map is published, the code opens “Map not found”\./)).toBeTruthy();
  });
});
