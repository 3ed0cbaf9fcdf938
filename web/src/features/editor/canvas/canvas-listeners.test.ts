/**
 * The editor canvas leaves nothing behind: every DOM listener it (or its stage) adds while it lives is removed, or
 * aborted through its signal, by destroy().
 */
// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { blankDocument } from '@mapnest/shared/map-document';
import { EditorCanvas } from './canvas';
import { stubBrowser } from './canvas.fixtures';

type Registration = { target: EventTarget; type: string; listener: unknown; capture: boolean; signal?: AbortSignal };

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('EditorCanvas.destroy', () => {
  it('removes every listener the canvas added', () => {
    const added: Registration[] = [];
    const removed: Omit<Registration, 'signal'>[] = [];
    const capture = (o: unknown) =>
      typeof o === 'boolean' ? o : !!(o as AddEventListenerOptions | undefined)?.capture;
    const add = EventTarget.prototype.addEventListener;
    const remove = EventTarget.prototype.removeEventListener;
    vi.spyOn(EventTarget.prototype, 'addEventListener').mockImplementation(function (
      this: EventTarget,
      type,
      listener,
      options,
    ) {
      const signal = typeof options === 'object' ? options.signal : undefined;
      added.push({ target: this, type, listener, capture: capture(options), signal });
      return add.call(this, type, listener, options);
    });
    vi.spyOn(EventTarget.prototype, 'removeEventListener').mockImplementation(function (
      this: EventTarget,
      type,
      listener,
      options,
    ) {
      removed.push({ target: this, type, listener, capture: capture(options) });
      return remove.call(this, type, listener, options);
    });

    stubBrowser();
    const host = document.createElement('div');
    document.body.append(host);
    const doc = blankDocument({ mapWidth: 800, mapHeight: 600 });
    const canvas = new EditorCanvas(host, doc, {} as ConstructorParameters<typeof EditorCanvas>[2]);
    expect(added.some((r) => r.type === 'pointerdown')).toBe(true);
    canvas.destroy();

    const left = added.filter(
      (r) =>
        !r.signal?.aborted &&
        !removed.some(
          (x) => x.target === r.target && x.type === r.type && x.listener === r.listener && x.capture === r.capture,
        ),
    );
    expect(left.map((r) => `${(r.target as Element).className ?? r.target.constructor.name}: ${r.type}`)).toEqual([]);
    host.remove();
  });

  it('leaves no unhandled rejection when destroyed while its floor is still loading', async () => {
    stubBrowser();
    // The floor's SVG never arrives; only the stage's abort ends its request.
    vi.stubGlobal('fetch', (_url: string, init?: RequestInit) => {
      return new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal!.reason));
      });
    });
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const host = document.createElement('div');
      document.body.append(host);
      const doc = blankDocument({ mapWidth: 800, mapHeight: 600 });
      doc.layers[0]!.file = 'https://maps.example/floor.svg';
      const canvas = new EditorCanvas(host, doc, {} as ConstructorParameters<typeof EditorCanvas>[2]);
      canvas.destroy();
      host.remove();
      await new Promise((r) => setTimeout(r, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
