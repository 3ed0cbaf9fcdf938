/** The schema of a location, the map's points of interest (see map-document for what ids mean). */
import * as z from 'zod/mini';
import { says } from '../zod-english';
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
  title: /* @__PURE__ */ z.optional(/* @__PURE__ */ text(MAP_LIMITS.titleLength)),
  /** Short plain text for popups, tooltips and the directory. */
  about: /* @__PURE__ */ z.optional(/* @__PURE__ */ text(MAP_LIMITS.aboutLength)),
  /** Rich HTML, sanitised by the web at render time. */
  desc: /* @__PURE__ */ z.optional(/* @__PURE__ */ text(MAP_LIMITS.descLength)),
  thumb: /* @__PURE__ */ z.optional(/* @__PURE__ */ imageOrShortText()),
  image: /* @__PURE__ */ z.optional(/* @__PURE__ */ url()),
  link: /* @__PURE__ */ z.optional(/* @__PURE__ */ url(LINK_SCHEMES)),
  /** null: the viewer's default (the top window when embedded). */
  target: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.nullable(/* @__PURE__ */ oneOf(LINK_TARGETS))),
  /** Label of the "More" button; '' uses settings.text.more. */
  more: /* @__PURE__ */ z.optional(/* @__PURE__ */ text(MAP_LIMITS.buttonLabelLength)),
  phone: /* @__PURE__ */ z.optional(/* @__PURE__ */ text(MAP_LIMITS.contactLength)),
  email: /* @__PURE__ */ z.optional(/* @__PURE__ */ text(MAP_LIMITS.contactLength)),
  /** Opening hours, lines separated by ';'. */
  hours: /* @__PURE__ */ z.optional(/* @__PURE__ */ text(MAP_LIMITS.contactLength)),
  /** Marker or SVG element colour; a `style` takes precedence. */
  color: /* @__PURE__ */ z.optional(/* @__PURE__ */ color()),
  style: /* @__PURE__ */ z.optional(/* @__PURE__ */ ref()),
  /** 1-3 characters drawn inside the marker; '' for none. */
  label: /* @__PURE__ */ z.optional(
    /* @__PURE__ */ hinted(
      /* @__PURE__ */ z
        .string({ error: /* @__PURE__ */ required('Must be text') })
        .check(/* @__PURE__ */ z.regex(SHORT_TEXT_PATTERN, /* @__PURE__ */ says('Must be at most 3 characters'))),
      'shortText',
    ),
  ),
  scale: /* @__PURE__ */ z.optional(/* @__PURE__ */ num(0.1, 10)),
  /** Absent: settings.markerType. */
  type: /* @__PURE__ */ z.optional(/* @__PURE__ */ markerType()),
  /** Layer id; null or absent: shown on every layer. */
  layer: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.nullable(/* @__PURE__ */ ref())),
  /**
   * The id of the SVG element on the location's floor that the location stands for (its region); absent: the element
   * with the location's own id. Floor plans drawn per floor reuse ids (`lift`, `stairs`), so the lift of each floor can
   * have a location of its own (`lift-2` with `shape: 'lift'`). Needs a floor (`layer`); two locations of one floor
   * never stand for one shape (check.ts).
   */
  shape: /* @__PURE__ */ z.optional(/* @__PURE__ */ idOf('shape')),
  groups: /* @__PURE__ */ z.optional(
    /* @__PURE__ */ list(/* @__PURE__ */ ref(), MAP_LIMITS.groupsPerLocation, 'groups per location'),
  ),
  /** Absent: placed at `latlon` on a geo-calibrated map, else at the centre of its shape (`shape`, else the SVG element with the same id; see map-geo `locationPoint`). */
  coord: /* @__PURE__ */ z.optional(/* @__PURE__ */ coordinate()),
  latlon: /* @__PURE__ */ z.optional(/* @__PURE__ */ latLon()),
  /** Zoom level when the location is focused; absent: fitted to its SVG element. */
  zoom: /* @__PURE__ */ z.optional(/* @__PURE__ */ num(1, MAP_LIMITS.maxZoom)),
  /** null or absent: settings.popup.action. */
  action: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.nullable(/* @__PURE__ */ oneOf(LOCATION_ACTIONS))),
  /** Kept on the map but left out of the directory. */
  hide: /* @__PURE__ */ z.optional(/* @__PURE__ */ bool()),
  /** Neither clickable nor listed. */
  disable: /* @__PURE__ */ z.optional(/* @__PURE__ */ bool()),
  /** Custom values, usable as `fields.<key>` in filters and as `{{key}}` in about and desc. */
  fields: /* @__PURE__ */ z.optional(
    /* @__PURE__ */ z.record(
      /* @__PURE__ */ hinted(
        /* @__PURE__ */ z.string().check(/* @__PURE__ */ z.regex(FIELD_KEY_PATTERN, { error: FIELD_KEY_MESSAGE })),
        'fieldKey',
      ),
      /* @__PURE__ */ text(MAP_LIMITS.fieldValueLength),
      {
        error: (iss) =>
          iss.code === 'invalid_key' ? FIELD_KEY_MESSAGE : required('Must be an object of text values')(iss),
      },
    ),
  ),
});
