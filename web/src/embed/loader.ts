/**
 * The script-tag embed (`<script src="https://<mapnest>/embed.js" async>`), kept tiny: it finds
 * `[data-mapnest-map]` elements, loads the embed module (the same hashed files the /m/{id} page
 * uses, so the browser cache is shared; its CSS is inside it) and mounts each map into its element's shadow root.
 * Built separately as a classic script with a stable name (vite.loader.config.ts); the build
 * writes the current hashed file names into it.
 */

declare const __MN_EMBED_ENTRY__: string;

interface EmbedModule {
  mountMap(host: HTMLElement, options: { mapId: string; origin: string; location?: string | null }): unknown;
}

interface MapnestGlobal {
  mount(host: HTMLElement, mapId?: string): Promise<unknown>;
  mountAll(): void;
}

(() => {
  const script = document.currentScript as HTMLScriptElement | null;
  const base = new URL(script?.src || '/', window.location.href);
  const origin = base.origin;
  let module: Promise<EmbedModule> | null = null;
  // The embed module registers its mount function under this symbol when it runs (see embed/main.ts).
  const load = () =>
    (module ??= import(/* @vite-ignore */ new URL(__MN_EMBED_ENTRY__, base).href).then(() => {
      const api = (globalThis as Record<symbol, unknown>)[Symbol.for('mapnest.embed')] as EmbedModule | undefined;
      if (!api) throw new Error('The Mapnest embed module did not load.');
      return api;
    }));

  async function mount(host: HTMLElement, mapId = host.dataset.mapnestMap ?? ''): Promise<unknown> {
    host.dataset.mapnestMounted = 'true';
    const m = await load();
    return m.mountMap(host, {
      mapId,
      origin,
      location: host.dataset.location ?? new URLSearchParams(window.location.search).get('location'),
    });
  }

  function mountAll(): void {
    document.querySelectorAll<HTMLElement>('[data-mapnest-map]').forEach((host) => {
      if (!host.dataset.mapnestMounted) void mount(host);
    });
  }

  (window as unknown as { Mapnest: MapnestGlobal }).Mapnest = { mount, mountAll };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mountAll);
  else mountAll();
})();
