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

export const locationSchema = strict({
  id: idOf('location'),
  title: text(MAP_LIMITS.titleLength).optional(),
  /** Short plain text for popups, tooltips and the directory. */
  about: text(MAP_LIMITS.aboutLength).optional(),
  /** Rich HTML, sanitised by the web at render time. */
  desc: text(MAP_LIMITS.descLength).optional(),
  thumb: imageOrShortText().optional(),
  image: url().optional(),
  link: url(LINK_SCHEMES).optional(),
  /** null: the viewer's default (the top window when embedded). */
  target: oneOf(LINK_TARGETS).nullable().optional(),
  /** Label of the "More" button; '' uses settings.text.more. */
  more: text(MAP_LIMITS.buttonLabelLength).optional(),
  phone: text(MAP_LIMITS.contactLength).optional(),
  email: text(MAP_LIMITS.contactLength).optional(),
  /** Opening hours, lines separated by ';'. */
  hours: text(MAP_LIMITS.contactLength).optional(),
  /** Marker or SVG element colour; a `style` takes precedence. */
  color: color().optional(),
  style: ref().optional(),
  /** 1-3 characters drawn inside the marker; '' for none. */
  label: hinted(
    z.string({ error: required('Must be text') }).regex(SHORT_TEXT_PATTERN, { error: 'Must be at most 3 characters' }),
    'shortText',
  ).optional(),
  scale: num(0.1, 10).optional(),
  /** Absent: settings.markerType. */
  type: markerType().optional(),
  /** Layer id; null or absent: shown on every layer. */
  layer: ref().nullable().optional(),
  groups: list(ref(), MAP_LIMITS.groupsPerLocation, 'groups per location').optional(),
  /** Absent: placed at `latlon` on a geo-calibrated map, else at the centre of the SVG element with the same id (see map-geo `locationPoint`). */
  coord: coordinate().optional(),
  latlon: latLon().optional(),
  /** Zoom level when the location is focused; absent: fitted to its SVG element. */
  zoom: num(1, MAP_LIMITS.maxZoom).optional(),
  /** null or absent: settings.popup.action. */
  action: oneOf(LOCATION_ACTIONS).nullable().optional(),
  /** Kept on the map but left out of the directory. */
  hide: bool().optional(),
  /** Neither clickable nor listed. */
  disable: bool().optional(),
  /** Custom values, usable as `fields.<key>` in filters and as `{{key}}` in about and desc. */
  fields: z
    .record(
      hinted(z.string().regex(FIELD_KEY_PATTERN, { error: FIELD_KEY_MESSAGE }), 'fieldKey'),
      text(MAP_LIMITS.fieldValueLength),
      {
        error: (iss) =>
          iss.code === 'invalid_key' ? FIELD_KEY_MESSAGE : required('Must be an object of text values')(iss),
      },
    )
    .optional(),
});
