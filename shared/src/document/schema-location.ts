/** The schema of a location, the map's points of interest (see map-document for what ids mean). */
import * as z from 'zod';
import {
  MAP_LIMITS,
  FIELD_KEY_PATTERN,
  LOCATION_ACTIONS,
  LINK_TARGETS,
  SHORT_TEXT_PATTERN,
  LINK_SCHEMES,
} from './map-rules';
import {
  bool,
  color,
  coordinate,
  hinted,
  idOf,
  imageOrShortText,
  latLon,
  list,
  markerType,
  num,
  oneOf,
  ref,
  required,
  strict,
  text,
  url,
} from './schema-blocks';

const FIELD_KEY_MESSAGE =
  'A field name must be 1-64 characters: letters, digits, "_" or "-", starting with a letter or "_"';

export const locationSchema = /* @__PURE__ */ strict({
  id: /* @__PURE__ */ idOf('location'),
  title: /* @__PURE__ */ text(MAP_LIMITS.titleLength).optional(),
  /** Short plain text for popups, tooltips and the directory. */
  about: /* @__PURE__ */ text(MAP_LIMITS.aboutLength).optional(),
  /** Rich HTML, sanitised by the web at render time. */
  desc: /* @__PURE__ */ text(MAP_LIMITS.descLength).optional(),
  thumb: /* @__PURE__ */ imageOrShortText().optional(),
  image: /* @__PURE__ */ url().optional(),
  link: /* @__PURE__ */ url(LINK_SCHEMES).optional(),
  /** null: the viewer's default (the top window when embedded). */
  target: /* @__PURE__ */ oneOf(LINK_TARGETS).nullable().optional(),
  /** Label of the "More" button; '' uses settings.text.more. */
  more: /* @__PURE__ */ text(MAP_LIMITS.buttonLabelLength).optional(),
  phone: /* @__PURE__ */ text(MAP_LIMITS.contactLength).optional(),
  email: /* @__PURE__ */ text(MAP_LIMITS.contactLength).optional(),
  /** Opening hours, lines separated by ';'. */
  hours: /* @__PURE__ */ text(MAP_LIMITS.contactLength).optional(),
  /** Marker or SVG element colour; a `style` takes precedence. */
  color: /* @__PURE__ */ color().optional(),
  style: /* @__PURE__ */ ref().optional(),
  /** 1-3 characters drawn inside the marker; '' for none. */
  label: /* @__PURE__ */ hinted(
    /* @__PURE__ */ z
      .string({ error: /* @__PURE__ */ required('Must be text') })
      .regex(SHORT_TEXT_PATTERN, { error: 'Must be at most 3 characters' }),
    'shortText',
  ).optional(),
  scale: /* @__PURE__ */ num(0.1, 10).optional(),
  /** Absent: settings.markerType. */
  type: /* @__PURE__ */ markerType().optional(),
  /** Layer id; null or absent: shown on every layer. */
  layer: /* @__PURE__ */ ref().nullable().optional(),
  groups: /* @__PURE__ */ list(/* @__PURE__ */ ref(), MAP_LIMITS.groupsPerLocation, 'groups per location').optional(),
  /** Absent: placed at `latlon` on a geo-calibrated map, else at the centre of the SVG element with the same id (see map-geo `locationPoint`). */
  coord: /* @__PURE__ */ coordinate().optional(),
  latlon: /* @__PURE__ */ latLon().optional(),
  /** Zoom level when the location is focused; absent: fitted to its SVG element. */
  zoom: /* @__PURE__ */ num(1, MAP_LIMITS.maxZoom).optional(),
  /** null or absent: settings.popup.action. */
  action: /* @__PURE__ */ oneOf(LOCATION_ACTIONS).nullable().optional(),
  /** Kept on the map but left out of the directory. */
  hide: /* @__PURE__ */ bool().optional(),
  /** Neither clickable nor listed. */
  disable: /* @__PURE__ */ bool().optional(),
  /** Custom values, usable as `fields.<key>` in filters and as `{{key}}` in about and desc. */
  fields: /* @__PURE__ */ z
    .record(
      /* @__PURE__ */ hinted(
        /* @__PURE__ */ z.string().regex(FIELD_KEY_PATTERN, { error: FIELD_KEY_MESSAGE }),
        'fieldKey',
      ),
      /* @__PURE__ */ text(MAP_LIMITS.fieldValueLength),
      {
        error: (iss) =>
          iss.code === 'invalid_key' ? FIELD_KEY_MESSAGE : required('Must be an object of text values')(iss),
      },
    )
    .optional(),
});
