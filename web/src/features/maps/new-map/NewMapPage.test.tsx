import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { createStore } from 'jotai';
import { CallError } from '@mapnest/shared/errors';
import type { MapSummary } from '@mapnest/shared/maps';
import { blankDocument } from '@mapnest/shared/map-document';
import { SIGNED_OUT_SESSION, sessionAtom } from '../../../state/session';
import { renderRoutes, signedIn, TEST_USER, isolateEachTest } from '../../../app/testing.fixtures';
import { call } from '../../../lib/api';
import { aMap, deferred, NO_SLOTS, routeCalls, slotError } from '../maps.fixtures';
import { createMapAtom, loadMapsAtom, mapsListAtom } from '../maps-state';
import { OutcomeUnconfirmed } from '../map-errors';

vi.mock('../../../lib/api', () => ({ call: vi.fn() }));
const mockCall = vi.mocked(call) as unknown as ReturnType<typeof vi.fn>;

isolateEachTest(mockCall);

const titleField = () => screen.getByRole('textbox', { name: /^Title/ });
const create = () => fireEvent.click(screen.getByRole('button', { name: 'Create map' }));

describe('new map page', () => {
  it('asks for a title and offers the blank starting point', async () => {
    const calls = routeCalls(mockCall, {});
    renderRoutes('/maps/new', { session: signedIn });
    await screen.findByRole('heading', { name: 'New map' });
    // The 7 days run from the map's creation, not from its publication.
    expect(screen.getByText(/New maps are free test maps/).textContent).toContain(
      'once you publish one, visitors see it until 7 days after you created it.',
    );
    const start = screen.getByRole('group', { name: 'Starting point' });
    expect((within(start).getByRole('radio', { name: /Blank map/ }) as HTMLInputElement).checked).toBe(true);
    create();
    expect(await screen.findByText('A title is required')).toBeTruthy();
    expect(document.activeElement).toBe(titleField());
    expect(calls.callsTo('createMap')).toEqual([]);
  });

  it('creates a blank map and opens it', async () => {
    const answer = deferred<string>();
    const calls = routeCalls(mockCall, {
      createMap: () => answer.promise,
      listMaps: () => [],
      getSlots: () => NO_SLOTS,
    });
    const { router } = renderRoutes('/maps/new', { session: signedIn });
    await screen.findByRole('heading', { name: 'New map' });
    fireEvent.change(titleField(), { target: { value: '  Riverside Mall ' } });
    create();
    expect(screen.getByRole('button', { name: /Creating/ })).toHaveProperty('disabled', true);
    await waitFor(() => expect(calls.callsTo('createMap')).toEqual([{ title: 'Riverside Mall' }]));
    await act(async () => answer.resolve('abcDEF1234567890abcd'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/maps/abcDEF1234567890abcd'));
  });

  it('starts from the example an address names, as a case study’s “Build one like this” opens it', async () => {
    const example = blankDocument();
    example.locations.push({ id: 'lot-1', title: 'Lot 1', coord: [0.5, 0.5] });
    const fetched: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      fetched.push(url);
      return new Response(JSON.stringify(example));
    });
    onTestFinished(() => {
      vi.unstubAllGlobals();
    });
    const calls = routeCalls(mockCall, {
      createMap: () => 'abcDEF1234567890abcd',
      listMaps: () => [],
      getSlots: () => NO_SLOTS,
    });
    const { router } = renderRoutes('/maps/new?example=examplerealestate', { session: signedIn });
    await screen.findByRole('heading', { name: 'New map' });
    const start = screen.getByRole('group', { name: 'Starting point' });
    expect((within(start).getByRole('radio', { name: /Start from an example/ }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect((screen.getByRole('radio', { name: /Site plan/ }) as HTMLInputElement).checked).toBe(true);
    expect((titleField() as HTMLInputElement).value).toBe('My site plan');
    // Another example's title replaces the one suggested; a title the author typed is theirs.
    fireEvent.click(screen.getByRole('radio', { name: /Dealer map/ }));
    expect((titleField() as HTMLInputElement).value).toBe('My dealer map');
    fireEvent.change(titleField(), { target: { value: 'Harbour lots' } });
    fireEvent.click(screen.getByRole('radio', { name: /Site plan/ }));
    expect((titleField() as HTMLInputElement).value).toBe('Harbour lots');
    fireEvent.change(titleField(), { target: { value: 'My site plan' } });
    create();
    await waitFor(() => expect(calls.callsTo('createMap')).toEqual([{ title: 'My site plan', mapData: example }]));
    expect(fetched).toEqual(['/examples/willow-creek.json']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/maps/abcDEF1234567890abcd'));
  });

  it('says an example that could not be downloaded in words, and creates nothing', async () => {
    vi.stubGlobal('fetch', async () => new Response('', { status: 503 }));
    onTestFinished(() => {
      vi.unstubAllGlobals();
    });
    const calls = routeCalls(mockCall, { getSlots: () => NO_SLOTS });
    renderRoutes('/maps/new?example=examplegeographic', { session: signedIn });
    await screen.findByRole('heading', { name: 'New map' });
    create();
    expect(
      await screen.findByText(/The dealer map example could not be loaded\. Try again in a moment\./),
    ).toBeTruthy();
    expect(calls.callsTo('createMap')).toEqual([]);
  });

  it('asks which example when none is picked, and names an address’s unknown example as none', async () => {
    const calls = routeCalls(mockCall, { getSlots: () => NO_SLOTS });
    renderRoutes('/maps/new?example=nosuchmap', { session: signedIn });
    await screen.findByRole('heading', { name: 'New map' });
    expect((screen.getByRole('radio', { name: /Blank map/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: /Start from an example/ }));
    fireEvent.change(titleField(), { target: { value: 'Mine' } });
    create();
    expect(await screen.findByText('Choose an example.')).toBeTruthy();
    expect(calls.callsTo('createMap')).toEqual([]);
  });

  it('opens the map the server made when the answer to create is lost, and makes no second one', async () => {
    const made = aMap({ id: 'abcDEF1234567890abcd', title: 'Riverside Mall' });
    const older = aMap({ id: 'map00000000000000007', title: 'Riverside Mall' });
    let maps = [older];
    const calls = routeCalls(mockCall, {
      listMaps: () => maps,
      getSlots: () => NO_SLOTS,
      createMap: () => {
        maps = [older, made];
        throw new CallError('unavailable', 'unavailable');
      },
    });
    const { router } = renderRoutes('/maps/new', { session: signedIn });
    await screen.findByRole('heading', { name: 'New map' });
    await waitFor(() => expect(calls.callsTo('getSlots')).toHaveLength(1));
    fireEvent.change(titleField(), { target: { value: 'Riverside Mall' } });
    create();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/maps/${made.id}`));
    expect(calls.callsTo('createMap')).toHaveLength(1);
    // The map took a test slot: the counters are read again.
    await waitFor(() => expect(calls.callsTo('getSlots')).toHaveLength(2));
  });

  it('says a create is not confirmed, not that it failed, when its answer and the list are both lost', async () => {
    let listFails = false;
    routeCalls(mockCall, {
      listMaps: () => {
        if (listFails) throw new CallError('unavailable', 'unavailable');
        return [];
      },
      getSlots: () => NO_SLOTS,
      createMap: () => {
        listFails = true;
        throw new CallError('unavailable', 'unavailable');
      },
    });
    const { router } = renderRoutes('/maps/new', { session: signedIn });
    await screen.findByRole('heading', { name: 'New map' });
    fireEvent.change(titleField(), { target: { value: 'Riverside Mall' } });
    create();
    expect((await screen.findByText(/Could not confirm/)).textContent).toBe(
      'Could not confirm that “Riverside Mall” was created. Check your connection, then look for it in your maps list before creating it again.',
    );
    expect(screen.queryByText(/Could not create the map/)).toBeNull();
    expect(router.state.location.pathname).toBe('/maps/new');
  });

  it('says the test-map limit is reached as the page opens, before the form is filled', async () => {
    routeCalls(mockCall, { getSlots: () => ({ ...NO_SLOTS, testMaps: 2 }) });
    renderRoutes('/maps/new', { session: signedIn });
    await screen.findByRole('heading', { name: 'New map' });
    const note = await screen.findByText(/You already have 2 test maps/);
    expect(within(note.closest('[role=status],[role=alert]')!).getByRole('link', { name: /buy slots/ })).toBeTruthy();
    expect((titleField() as HTMLInputElement).value).toBe('');
  });

  it('tells an administrator of no test-map limit, which they do not have', async () => {
    const calls = routeCalls(mockCall, { getSlots: () => ({ ...NO_SLOTS, testMaps: 2 }) });
    renderRoutes('/maps/new', { session: { ...signedIn, admin: true } });
    await screen.findByRole('heading', { name: 'New map' });
    await waitFor(() => expect(calls.callsTo('getSlots')).toHaveLength(1));
    await act(async () => undefined);
    expect(screen.queryByText(/You already have 2 test maps/)).toBeNull();
  });

  it('explains a slot refusal with a link to buy slots and keeps the form, the limit said once', async () => {
    routeCalls(mockCall, {
      getSlots: () => ({ ...NO_SLOTS, testMaps: 2 }),
      createMap: () => {
        throw slotError('test');
      },
    });
    const { router } = renderRoutes('/maps/new', { session: signedIn });
    await screen.findByRole('heading', { name: 'New map' });
    await screen.findByText(/You already have 2 test maps/);
    fireEvent.change(titleField(), { target: { value: 'Third map' } });
    create();
    const alert = await screen.findByText(/Could not create the map\./);
    expect(alert.textContent).toContain('You already have 2 test maps');
    expect(screen.getAllByText(/You already have 2 test maps/)).toHaveLength(1);
    expect(within(alert).getByRole('link', { name: 'See plans and buy slots' }).getAttribute('href')).toBe(
      '/maps#subscribe',
    );
    expect((titleField() as HTMLInputElement).value).toBe('Third map');
    expect(router.state.location.pathname).toBe('/maps/new');
  });

  it('says a title is too long as it is pasted, keeps all of it, and creates nothing until it fits', async () => {
    const calls = routeCalls(mockCall, { createMap: () => 'abcDEF1234567890abcd' });
    renderRoutes('/maps/new', { session: signedIn });
    await screen.findByRole('heading', { name: 'New map' });
    const long = 'Riverside Mall '.repeat(10);
    fireEvent.change(titleField(), { target: { value: long } });
    expect((titleField() as HTMLInputElement).value).toBe(long);
    expect(screen.getByText('A title has at most 100 characters')).toBeTruthy();
    expect(titleField().getAttribute('aria-invalid')).toBe('true');
    create();
    await act(async () => undefined);
    expect(calls.callsTo('createMap')).toEqual([]);
    fireEvent.change(titleField(), { target: { value: long.slice(0, 100) } });
    expect(screen.queryByText('A title has at most 100 characters')).toBeNull();
  });

  it('checks a picked floor plan at once and forgets what was said of the file picked before', async () => {
    const calls = routeCalls(mockCall, { getSlots: () => NO_SLOTS });
    renderRoutes('/maps/new', { session: signedIn });
    await screen.findByRole('heading', { name: 'New map' });
    fireEvent.change(titleField(), { target: { value: 'Riverside Mall' } });
    fireEvent.click(screen.getByRole('radio', { name: /Upload a floor plan/ }));
    const input = screen.getByLabelText('Floor plan (an image or a PDF)');
    const pick = (file: File) => fireEvent.change(input, { target: { files: [file] } });
    pick(new File(['just some text'], 'plan.png', { type: 'image/png' }));
    const mismatch = 'The file’s contents do not match its type (is it really an image?)';
    expect(await screen.findByText(mismatch)).toBeTruthy();
    create();
    expect(await screen.findByText(/Could not create the map\./)).toBeTruthy();
    expect(calls.callsTo('createMap')).toEqual([]);

    // An SVG over the limit is refused (its size is its text's); an image over it is uploaded as a smaller copy.
    const svg = new Uint8Array(11 * 1024 * 1024).fill(0x20);
    svg.set(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg">'));
    pick(new File([svg], 'big.svg', { type: 'image/svg+xml' }));
    expect(await screen.findByText('The file is 11 MB, over the 10 MB upload limit')).toBeTruthy();
    expect(screen.queryByText(/Could not create the map\./)).toBeNull();
    expect(screen.queryByText(mismatch)).toBeNull();
    expect(screen.getByText('big.svg')).toBeTruthy();
    const png = new Uint8Array(11 * 1024 * 1024);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    pick(new File([png], 'big.png', { type: 'image/png' }));
    expect(
      await screen.findByText(
        '“big.png” is over the 10 MB upload limit: a smaller copy of it (4000 px across at most) is uploaded.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('The file is 11 MB, over the 10 MB upload limit')).toBeNull();
  });

  it('brings a picked starting point’s own inputs into view, and scrolls nothing as the page opens', async () => {
    routeCalls(mockCall, { getSlots: () => NO_SLOTS });
    const scrolled: Element[] = [];
    const scroll = vi.fn(function (this: Element) {
      scrolled.push(this);
    });
    const own = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollIntoView');
    Element.prototype.scrollIntoView = scroll;
    onTestFinished(() => {
      if (own) Object.defineProperty(Element.prototype, 'scrollIntoView', own);
      else delete (Element.prototype as Partial<Element>).scrollIntoView;
    });
    renderRoutes('/maps/new', { session: signedIn });
    await screen.findByRole('heading', { name: 'New map' });
    expect(scrolled).toEqual([]);
    fireEvent.click(screen.getByRole('radio', { name: /Upload a floor plan/ }));
    await waitFor(() => expect(scrolled).toHaveLength(1));
    expect(scrolled[0]!.contains(screen.getByLabelText('Floor plan (an image or a PDF)'))).toBe(true);
  });

  it('shows other failures in words', async () => {
    routeCalls(mockCall, {
      createMap: () => {
        throw new CallError('invalid-argument', 'title: A title has at most 100 characters');
      },
    });
    renderRoutes('/maps/new', { session: signedIn });
    await screen.findByRole('heading', { name: 'New map' });
    fireEvent.change(titleField(), { target: { value: 'x' } });
    create();
    expect((await screen.findByText(/Could not create the map\./)).textContent).toContain(
      'A title has at most 100 characters',
    );
  });
});

describe('maps state', () => {
  it('refuses to create a map without a signed-in user', async () => {
    const calls = routeCalls(mockCall, {});
    const store = createStore();
    store.set(sessionAtom, { ...SIGNED_OUT_SESSION, init: true });
    await expect(store.set(createMapAtom, { title: 'Nope' })).rejects.toThrow('Unauthenticated');
    expect(calls.callsTo('createMap')).toEqual([]);
  });

  it('without the list from before a lost create, says it is unconfirmed if a map has its title, else failed', async () => {
    // The first read (before the call) fails; the one after its lost answer shows `after`.
    const createSeeing = async (after: MapSummary[]) => {
      let reads = 0;
      routeCalls(mockCall, {
        listMaps: () => {
          reads += 1;
          if (reads === 1) throw new CallError('unavailable', 'unavailable');
          return after;
        },
        getSlots: () => NO_SLOTS,
        createMap: () => {
          throw new CallError('unavailable', 'unavailable');
        },
      });
      const store = createStore();
      store.set(sessionAtom, { ...SIGNED_OUT_SESSION, init: true, user: TEST_USER, userId: TEST_USER.uid });
      return store.set(createMapAtom, { title: 'Harbour' });
    };
    await expect(createSeeing([aMap({ title: 'Harbour' })])).rejects.toBeInstanceOf(OutcomeUnconfirmed);
    await expect(createSeeing([aMap({ title: 'Elsewhere' })])).rejects.toMatchObject({ code: 'unavailable' });
  });

  it('drops a list that arrives after the user signed out', async () => {
    const answer = deferred<unknown>();
    routeCalls(mockCall, { listMaps: () => answer.promise });
    const store = createStore();
    store.set(sessionAtom, { ...SIGNED_OUT_SESSION, init: true, user: TEST_USER, userId: TEST_USER.uid });
    const loading = store.set(loadMapsAtom);
    store.set(sessionAtom, { ...SIGNED_OUT_SESSION, init: true });
    answer.resolve([aMap()]);
    await loading;
    expect(store.get(mapsListAtom).maps).toEqual([]);
    expect(store.get(sessionAtom).maps).toEqual([]);
  });

  it('reads as not loaded for another user than the one it was loaded for', async () => {
    routeCalls(mockCall, { listMaps: () => [aMap()] });
    const store = createStore();
    store.set(sessionAtom, { ...SIGNED_OUT_SESSION, init: true, user: TEST_USER, userId: TEST_USER.uid });
    await store.set(loadMapsAtom);
    expect(store.get(mapsListAtom).status).toBe('ready');
    store.set(sessionAtom, (s) => ({ ...s, userId: 'someone-else', isUserSimulated: true }));
    expect(store.get(mapsListAtom)).toMatchObject({ status: 'idle', maps: [] });
  });
});
