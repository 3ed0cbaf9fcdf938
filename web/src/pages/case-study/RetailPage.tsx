import { EXAMPLE_MAPS } from '../../state/config';
import { PAGE_TITLES } from '../titles';
import { CaseStudy, type CaseStudyContent } from './CaseStudy';

const content: CaseStudyContent = {
  eyebrow: PAGE_TITLES.retail,
  title: 'A mall directory shoppers actually use',
  lead: 'Shopping centres, outlet villages and department stores publish their store directory as a searchable map, floor by floor, on the website and on in-mall screens.',
  live: {
    map: EXAMPLE_MAPS.retail,
    caption: 'Riverside Centre, a two-floor shopping centre. Search for a store, filter by category or switch floors.',
  },
  challenge:
    'Tenants change every season. Printed directories and static images fall behind, and visitors on their phones can neither zoom into them nor search for a store.',
  solution: [
    'Search and category filters (food, fashion, services) in a built-in directory',
    'Every store with its logo (or its initials), opening hours, phone number and website',
    'One layer per level, with lifts, escalators and restrooms marked',
    'Links that open the map on a given store, for newsletters and QR codes on signs',
    'With the Professional plan, routes from any entrance to any store',
  ],
  example:
    'A regional shopping centre with three levels and 140 tenants keeps its directory in Mapnest. The marketing team updates tenants as they move in and out and publishes; the website shows the change straight away, the kiosks at the entrances a few minutes later, once no one is using them, and QR codes in the car park open the map at the nearest entrance.',
  related: ['wayfinding', 'real-estate', 'geographic'],
};

export default function RetailPage() {
  return <CaseStudy content={content} />;
}
