/**
 * "Start from an example": a copy of one of the maps the product shows as its own (the demo shopping centre, the
 * case-study site plan and dealer map), to change into the author's own. Their documents ship with the site
 * (@mapnest/shared/demo-maps), floor plans included, so a copy works at once. The case-study pages' "Build one like
 * this" opens /maps/new with the example picked (`?example=<map id>`).
 */
import { DEMO_MAP_ID, EXAMPLE_MAPS } from '@mapnest/shared/demo-maps';
import { PinIcon } from '../../../components/Icons';
import type { StartingPoint, StartingPointOptionsProps } from './starting-point';

/** The examples offered, by the id their live map has: a name for the author, and the document's path. */
const EXAMPLES: readonly { id: string; name: string; description: string; file: string }[] = [
  {
    id: DEMO_MAP_ID,
    name: 'Shopping centre',
    description: 'Riverside Centre: two floors, shops in groups, a directory and step-free directions.',
    file: EXAMPLE_MAPS.retail.file,
  },
  {
    id: EXAMPLE_MAPS.realEstate.id,
    name: 'Site plan',
    description: 'Willow Creek: lots marked available, reserved or sold.',
    file: EXAMPLE_MAPS.realEstate.file,
  },
  {
    id: EXAMPLE_MAPS.geographic.id,
    name: 'Dealer map',
    description: 'Velora: dealers across Europe on a map placed by latitude and longitude.',
    file: EXAMPLE_MAPS.geographic.file,
  },
];

/** The example an address names (`?example=` with a live example's id, the retail one as the demo), or null. */
function exampleOf(id: string | null): string | null {
  if (id === EXAMPLE_MAPS.retail.id) return DEMO_MAP_ID;
  return EXAMPLES.some((e) => e.id === id) ? id : null;
}

export const exampleStart: StartingPoint<string | null> = {
  id: 'example',
  title: 'Start from an example',
  description: 'A copy of one of our example maps, floor plans and all, to make your own.',
  Icon: PinIcon,
  initial: null,
  renderOptions: (props) => <ExamplePicker {...props} />,
  fromAddress: (params) => exampleOf(params.get('example')),
  missing: (id) => (id ? null : 'Choose an example.'),
  suggestedTitle: (id) => (id ? `My ${EXAMPLES.find((e) => e.id === id)!.name.toLowerCase()}` : null),
  async build(id) {
    const example = EXAMPLES.find((e) => e.id === id);
    if (!example) throw new Error('Choose an example.');
    try {
      // Read as a stored map is (repaired if an older release wrote it), with the editor's reader, loaded on demand.
      const { fetchMapDocument } = await import('../../editor/load-map');
      return (await fetchMapDocument(example.file)).document;
    } catch (error) {
      throw new Error(`The ${example.name.toLowerCase()} example could not be loaded. Try again in a moment.`, {
        cause: error,
      });
    }
  },
};

function ExamplePicker({ value, onChange, disabled }: StartingPointOptionsProps<string | null>) {
  return (
    <div className="example-picker" role="radiogroup" aria-label="Example">
      {EXAMPLES.map((e) => (
        <label key={e.id} className={value === e.id ? 'example-card is-selected' : 'example-card'}>
          <input
            type="radio"
            name="example"
            className="visually-hidden"
            checked={value === e.id}
            disabled={disabled}
            onChange={() => onChange(e.id)}
          />
          <span className="example-card__name">{e.name}</span>
          <span className="example-card__description">{e.description}</span>
        </label>
      ))}
    </div>
  );
}
