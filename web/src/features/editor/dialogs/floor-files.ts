/**
 * The publish checks' look at the floors (ADR 018): each floor's file is fetched as a visitor's browser would; one
 * that cannot be loaded is reported (blocking), and an SVG's element ids are read for the region check.
 */
export interface FloorInspection {
  unloadable: Set<string>;
  svgIds: Map<string, Set<string>>;
}

const isSvg = (res: Response, url: string) =>
  (res.headers.get('content-type') ?? '').includes('svg') || /\.svg(\?|#|$)/i.test(url);

export async function inspectFloors(
  layers: ReadonlyArray<{ id: string; file: string }>,
  resolveUrl: (url: string) => string,
): Promise<FloorInspection> {
  const out: FloorInspection = { unloadable: new Set(), svgIds: new Map() };
  await Promise.all(
    layers.map(async (layer) => {
      // A floor without a file is a plain background, not a broken floor.
      if (!layer.file.trim()) return;
      const url = resolveUrl(layer.file);
      try {
        const res = await fetch(url, { credentials: 'omit', cache: 'no-store' });
        if (!res.ok) {
          out.unloadable.add(layer.id);
          await res.body?.cancel().catch(() => undefined);
          return;
        }
        if (!isSvg(res, url)) {
          await res.body?.cancel().catch(() => undefined);
          return;
        }
        const svg = new DOMParser().parseFromString(await res.text(), 'image/svg+xml');
        out.svgIds.set(layer.id, new Set([...svg.querySelectorAll('[id]')].map((el) => el.id)));
      } catch {
        out.unloadable.add(layer.id);
      }
    }),
  );
  return out;
}
