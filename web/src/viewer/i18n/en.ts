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
  /** The small phone box's directory overlay (directory/overlay.ts): its button back to the map. */
  backToMap: 'Back to map',
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
  /** The pan buttons (viewer-controls.ts PanButtons): their group, and each moves the view that way. */
  pan: 'Pan',
  panUp: 'Pan up',
  panLeft: 'Pan left',
  panRight: 'Pan right',
  panDown: 'Pan down',
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
  /** The fixed start's mark on the map (its accessible name is youAreHere, with the place). */
  hereMark: 'You are here',
  /** Kiosk mode's on-screen keyboard (kiosk/keyboard.ts): its name, keys' names, and its letter rows (spaces part
     the rows; the language's own layout and letters where it has a Latin or a one-key-a-letter alphabet). */
  kbName: 'Keyboard',
  kbSpace: 'Space',
  kbBack: 'Delete',
  kbClear: 'Clear',
  kbClose: 'Hide keyboard',
  kbLetters: 'qwertyuiop asdfghjkl zxcvbnm',
  /** Kiosk mode's warning before it starts over for the next visitor (kiosk/idle.ts), {n} seconds ahead, and after. */
  kioskWarn: 'Starting over for the next visitor in {n} seconds. Touch the screen or press a key to stay.',
  kioskReset: 'The map started over for the next visitor.',
  // A route's steps and summary (map-core/wayfinding/steps.ts, wordRoute): {place} is the destination or a
  // connector's name, {floor} a floor's name, {distance} a `distance`.
  walkTo: 'Walk to {place}',
  walkDistanceTo: 'Walk {distance} to {place}',
  walkToLift: 'Walk to the lift',
  walkDistanceToLift: 'Walk {distance} to the lift',
  walkToStairs: 'Walk to the stairs',
  walkDistanceToStairs: 'Walk {distance} to the stairs',
  walkToEscalator: 'Walk to the escalator',
  walkDistanceToEscalator: 'Walk {distance} to the escalator',
  walkToRamp: 'Walk to the ramp',
  walkDistanceToRamp: 'Walk {distance} to the ramp',
  /** To a floor change whose connector has neither a name nor a kind. */
  walkToFloorWay: 'Walk to the way to {floor}',
  walkDistanceToFloorWay: 'Walk {distance} to the way to {floor}',
  takeConnector: 'Take {connector} to {floor}',
  takeLift: 'Take the lift to {floor}',
  takeStairs: 'Take the stairs to {floor}',
  takeEscalator: 'Take the escalator to {floor}',
  takeRamp: 'Take the ramp to {floor}',
  goToFloor: 'Go to {floor}',
  /** Metres; {n} is formatted for the language. */
  distance: '{n} m',
  /** {length} is a `distance`, or a `stepCount` on a map without a scale. */
  routeSummary: 'Route from {from} to {to}: {length}.',
  routeSummaryFloors: 'Route from {from} to {to}: {length}, {floors}.',
  routeSummaryStepFree: 'Step-free route from {from} to {to}: {length}, avoiding stairs and escalators.',
  routeSummaryFloorsStepFree:
    'Step-free route from {from} to {to}: {length}, {floors}, avoiding stairs and escalators.',
  stepCount: { one: '{n} step', other: '{n} steps' },
  floorChanges: { one: 'one floor change', other: '{n} floor changes' },
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
  /** A floor that failed to load: its notice's button, its floor button's mark, an open location's note. */
  tryAgain: 'Try again',
  floorUnavailable: 'not available',
  floorPlanMissing: 'Its floor plan can’t be shown right now.',
  /** The directions' code could not be downloaded (offline): shown beside the Directions button. */
  directionsFailed: 'Directions could not be loaded. Check your connection and try again.',
  /** A "lightbox" location's large view could not be downloaded (offline): said in its details, shown instead. */
  lightboxFailed: 'The large view could not be loaded. Check your connection and try again.',
  /** A location's link to share (its details, where the map deep-links): the button, what it says once copied, and
     what it says when the browser refused (the link shown selected in a field of its own, named linkToLocation). */
  copyLink: 'Copy link',
  linkCopied: 'Link copied.',
  copyRefused: 'The link could not be copied here. It is selected below: copy it yourself.',
  linkToLocation: 'Link to this location',
  madeWith: 'Made with Mapnest',
} as const;
