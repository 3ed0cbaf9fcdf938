/**
 * The viewer's English texts: the catalogue every other language translates (./lang-*.ts), and the one built
 * into the viewer (no request for it). `{name}` is filled in; an object is chosen by `Intl.PluralRules`.
 */
import { LEGEND_TITLE_DEFAULT, UI_TEXT_DEFAULTS } from '@mapnest/shared/viewer-languages';

export const en = {
  ...UI_TEXT_DEFAULTS,
  legendTitle: LEGEND_TITLE_DEFAULT,
  // The page and the map area
  loading: 'Loading map…',
  map: 'Map',
  /** What kind of thing the map's viewport is, for screen readers (aria-roledescription). */
  roleMap: 'map',
  titledMap: '{title} map',
  keysHint: 'Arrow keys move the map, plus and minus zoom, 0 resets.',
  tabHint:
    'Tab once more reaches the locations in view; the up and down arrows go through them and Enter opens one. Or use the directory.',
  locationsInView: 'Locations in view ({n})',
  showingFloor: 'Showing {floor}',
  // Directory and filters
  directory: 'Directory',
  locations: 'Locations',
  foundCount: { one: '{n} found', other: '{n} found' },
  locationCount: { one: '{n} location', other: '{n} locations' },
  categories: 'Categories',
  all: 'All',
  other: 'Other',
  // Details
  phone: 'Phone',
  email: 'Email',
  hours: 'Hours',
  close: 'Close',
  back: 'Back',
  // Controls
  hideDirectory: 'Hide directory',
  showDirectory: 'Show directory',
  floors: 'Floors',
  /** The minimap (an overview of the floor in a corner): its name and its description for screen readers. */
  minimap: 'Overview map',
  minimapHint: 'Shows the whole floor; the frame is the part in view. Arrow keys or a click move it.',
  zoom: 'Zoom',
  zoomIn: 'Zoom in',
  zoomOut: 'Zoom out',
  resetMap: 'Reset map',
  fullScreen: 'Full screen',
  exitFullScreen: 'Exit full screen',
  // Directions
  directions: 'Directions',
  closeDirections: 'Close directions',
  changeRoute: 'Change route',
  allFloors: 'All floors',
  chooseStart: 'Choose where you start.',
  chooseDestination: 'Choose your destination.',
  alreadyAt: 'You are already at {place}.',
  noRoute: 'No route from {from} to {to}.',
  noStepFreeRoute: 'No step-free route from {from} to {to}.',
  routeWithStairs: 'Show the route with stairs',
  swap: 'Swap',
  swapLabel: 'Swap start and destination',
  stepFree: 'Step-free route',
  searchPlaces: 'Search places',
  noPlaces: 'No matching places',
  steps: 'Steps',
  youAreHere: 'You are here: {place}',
  // Notices
  notFound: 'Map not found',
  notFoundText:
    'This map doesn’t exist or is no longer published. If you followed a link, ask the site owner for an updated one.',
  expired: 'This test map has expired',
  expiredText: 'Test maps stay online for 7 days. The map’s owner can publish it on a plan to bring it back.',
  cantShow: 'The map can’t be shown',
  failedText: 'Something went wrong while showing this map. Please reload the page.',
  loadFailed: 'The map could not be loaded. Check your connection and try again.',
  damaged: 'The map data is damaged.',
  floorFailed: 'The floor “{floor}” could not be loaded.',
  madeWith: 'Made with Mapnest',
} as const;
