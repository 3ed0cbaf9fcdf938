/**
 * A generated floor plan shaped like a real customer's export from a drawing program (Illustrator, AutoCAD via
 * PDF, Inkscape): an XML prolog and generator comment, a style sheet of `.st*` classes, clip paths, layers of
 * nested groups (some clipped, some transformed), rooms as closed paths with ids (the regions locations bind to),
 * and thousands of small pieces: wall segments, doors, desks and chairs, fixtures, and text labels with `<tspan>`s.
 * Seeded, so every run draws the same file. Real floors measured for issue 31: 0.1–0.7 MB, 1,300–8,400 elements.
 */
import { seededRandom } from './random';

export interface FloorPlan {
  svg: string;
  /** Elements in the file (what the upload budget counts). */
  elements: number;
  /** Ids of the rooms, in order: the regions a map's locations bind to. */
  rooms: string[];
  width: number;
  height: number;
}

const f = (x: number) => (Math.round(x * 100) / 100).toString();

/** A floor of about `target` elements (within a few percent), `width` × `height` in the file's units. */
export function generateFloorPlan(target = 10_000, seed = 31, width = 2400, height = 1600): FloorPlan {
  const rnd = seededRandom(seed);
  const out: string[] = [];
  let elements = 0;
  const el = (s: string) => {
    elements++;
    out.push(s);
  };
  out.push(
    '<?xml version="1.0" encoding="utf-8"?>\n<!-- Generator: Adobe Illustrator 27.5.0, SVG Export Plug-In . SVG Version: 6.00 Build 0)  -->\n',
  );
  el(
    `<svg version="1.1" id="Layer_1" xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" x="0px" y="0px" viewBox="0 0 ${width} ${height}" style="enable-background:new 0 0 ${width} ${height};" xml:space="preserve">`,
  );
  el('<style type="text/css">');
  out.push(
    ".st0{fill:#F4F1EA;}.st1{fill:#FFFFFF;stroke:#9A9A9A;stroke-width:1.5;stroke-miterlimit:10;}.st2{fill:none;stroke:#3C3C3C;stroke-width:4;stroke-miterlimit:10;}.st3{fill:#D9D4C7;stroke:#8C8577;stroke-width:0.75;}.st4{fill:none;stroke:#8C8577;stroke-width:0.75;stroke-dasharray:3,2;}.st5{font-family:'ArialMT';}.st6{font-size:11px;}.st7{fill:#5B5B5B;}.st8{fill:#C9E4F2;stroke:#6FA8C7;stroke-width:0.5;}.st9{clip-path:url(#SVGID_2_);}",
  );
  out.push('</style>');
  const rooms = roomGrid(width, height);
  el('<defs>');
  el(`<clipPath id="SVGID_2_">`);
  el(`<rect x="20" y="20" width="${width - 40}" height="${height - 40}"/>`);
  out.push('</clipPath></defs>');
  el(`<g id="Background">`);
  el(`<rect x="0" y="0" class="st0" width="${width}" height="${height}"/>`);
  out.push('</g>');

  // Per room: its shape, walls, a door, furniture and a label. The furniture count is chosen to hit the target.
  const perRoomFixed = 1 + 4 + 2 + 3 + 3; // room path, 4 wall lines, door (path + arc), label (g, text, tspan), group wrappers
  const furniture = Math.max(2, Math.ceil((target - 20 - rooms.length * perRoomFixed) / rooms.length / 2));

  el(`<g id="Rooms">`);
  el('<g class="st9">');
  for (const room of rooms) {
    const { x, y, w, h } = room;
    const notch = rnd() < 0.3 ? Math.min(w, h) * 0.25 : 0;
    el(
      `<path id="${room.id}" class="st1" d="M${f(x)},${f(y)}h${f(w)}v${f(h - notch)}l-${f(notch)},${f(notch)}H${f(x)}V${f(y)}z"/>`,
    );
  }
  out.push('</g></g>');

  drawDetails(rooms, furniture, rnd, el, out);
  out.push('</svg>\n');
  return { svg: out.join(''), elements, rooms: rooms.map((r) => r.id), width, height };
}

type Room = { id: string; x: number; y: number; w: number; h: number };

/** Rooms on a grid of bays, every third row a corridor. */
function roomGrid(width: number, height: number): Room[] {
  const cols = 24;
  const rows = 14;
  const bayW = (width - 80) / cols;
  const bayH = (height - 80) / rows;
  const rooms: Room[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      if (r % 3 === 2) continue;
      const x = 40 + c * bayW + 2;
      const y = 40 + r * bayH + 2;
      rooms.push({ id: `unit-${r + 1}-${String(c + 1).padStart(2, '0')}`, x, y, w: bayW - 4, h: bayH - 4 });
    }
  }
  return rooms;
}

/** Walls, doors, furniture and labels of every room. */
function drawDetails(
  rooms: Room[],
  furniture: number,
  rnd: () => number,
  el: (s: string) => void,
  out: string[],
): void {
  el(`<g id="Walls">`);
  for (let i = 0; i < rooms.length; i += 12) {
    el(`<g>`);
    for (const room of rooms.slice(i, i + 12)) {
      const { x, y, w, h } = room;
      el(`<line class="st2" x1="${f(x)}" y1="${f(y)}" x2="${f(x + w)}" y2="${f(y)}"/>`);
      el(`<line class="st2" x1="${f(x + w)}" y1="${f(y)}" x2="${f(x + w)}" y2="${f(y + h)}"/>`);
      el(`<line class="st2" x1="${f(x)}" y1="${f(y + h)}" x2="${f(x + w)}" y2="${f(y + h)}"/>`);
      el(`<polyline class="st2" points="${f(x)},${f(y + h)} ${f(x)},${f(y + h * 0.6)}"/>`);
    }
    out.push('</g>');
  }
  out.push('</g>');

  el(`<g id="Doors">`);
  for (const room of rooms) {
    const { x, y, h } = room;
    el(`<g>`);
    el(
      `<path class="st4" d="M${f(x)},${f(y + h * 0.6)}c${f(h * 0.2)},0,${f(h * 0.2)},${f(h * 0.2)},0,${f(h * 0.2)}"/>`,
    );
    out.push('</g>');
  }
  out.push('</g>');

  el(`<g id="Furniture">`);
  for (const room of rooms) {
    const { x, y, w, h } = room;
    el(`<g transform="translate(${f(x)} ${f(y)})">`);
    el(`<g>`);
    for (let k = 0; k < furniture; k++) {
      const fx = 6 + rnd() * (w - 24);
      const fy = 6 + rnd() * (h - 24);
      const s = 4 + rnd() * 8;
      if (k % 3 === 0) el(`<rect x="${f(fx)}" y="${f(fy)}" class="st3" width="${f(s * 2)}" height="${f(s)}"/>`);
      else if (k % 3 === 1) el(`<circle class="st8" cx="${f(fx)}" cy="${f(fy)}" r="${f(s / 2)}"/>`);
      else
        el(
          `<path class="st3" d="M${f(fx)},${f(fy)}c${f(s * 0.3)},-${f(s * 0.2)},${f(s * 0.8)},-${f(s * 0.2)},${f(s)},0l0,${f(s * 0.7)}c-${f(s * 0.3)},${f(s * 0.2)},-${f(s * 0.7)},${f(s * 0.2)},-${f(s)},0z"/>`,
        );
      // Exports draw a detail line for most pieces.
      el(`<path class="st4" d="M${f(fx + 1)},${f(fy + 1)}l${f(s * 0.8)},${f(s * 0.3)}"/>`);
    }
    out.push('</g></g>');
  }
  out.push('</g>');

  el(`<g id="Labels">`);
  for (const room of rooms) {
    el(`<g>`);
    el(
      `<text transform="matrix(1 0 0 1 ${f(room.x + room.w / 2 - 20)} ${f(room.y + room.h / 2)})" class="st7 st5 st6">`,
    );
    el(`<tspan x="0" y="0">${room.id.toUpperCase()}</tspan>`);
    out.push('</text></g>');
  }
  out.push('</g>');
}
