/**
 * The reference: a plain Leaflet page showing the same image and the same locations, read from the
 * same published JSON. `mode=markers` uses Leaflet's default markers (DOM images, what most sites
 * do); `mode=canvas` uses circle markers on Leaflet's canvas renderer (its fastest built-in option).
 */

export const LEAFLET_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Leaflet reference</title>
<link rel="stylesheet" href="/bench/leaflet/leaflet.css">
<style>html,body,#map{height:100%;margin:0}#map{background:#eceef2}</style>
</head><body><div id="map"></div>
<script src="/bench/leaflet/leaflet.js"></script>
<script>
(async () => {
  const params = new URLSearchParams(location.search);
  const canvas = params.get('mode') === 'canvas';
  const pub = await (await fetch('/data/maps/' + params.get('map') + '.json')).json();
  const doc = pub.document;
  const W = doc.settings.mapWidth, H = doc.settings.mapHeight;
  const map = L.map('map', { crs: L.CRS.Simple, minZoom: -4, maxZoom: 4, zoomSnap: 0, preferCanvas: canvas });
  const bounds = [[-H, 0], [0, W]];
  L.imageOverlay(doc.layers[0].file, bounds).addTo(map);
  map.fitBounds(bounds);
  map.setMaxBounds(bounds);
  for (const l of doc.locations) {
    if (!l.coord) continue;
    const ll = [-l.coord[1] * H, l.coord[0] * W];
    const m = canvas
      ? L.circleMarker(ll, { radius: 9, color: '#fff', weight: 2, fillColor: l.color, fillOpacity: 1 })
      : L.marker(ll, { title: l.title });
    m.bindPopup(l.title).addTo(map);
  }
  window.dispatchEvent(new Event('bench:drawn'));
})();
</script></body></html>`;
