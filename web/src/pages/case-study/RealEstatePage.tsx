import { EXAMPLE_MAPS } from '../../state/config';
import { PAGE_TITLES } from '../titles';
import { CaseStudy, type CaseStudyContent } from './CaseStudy';

const content: CaseStudyContent = {
  eyebrow: PAGE_TITLES.realEstate,
  title: 'Show every lot, unit and floor at a glance',
  lead: 'Developers and agents turn site plans and floor plans into availability maps that buyers explore on their own, on the project website or on the sales office screen.',
  live: {
    map: EXAMPLE_MAPS.realEstate,
    caption:
      'Willow Creek, a site plan of 30 lots. Filter by status, size, bedrooms or price, or pick a lot for its details.',
  },
  challenge:
    'Buyers want to know what is still available, where it is and what it costs before they call. A PDF of the site plan answers none of that, and it is out of date the day a unit sells.',
  solution: [
    'Colour each lot or unit by status: available, reserved or sold',
    'Popups with size, price, a floor plan image and a link to the listing',
    'Floors as layers, so buyers move through a building level by level',
    'Filters by status, size or number of bedrooms',
    'Change a unit and publish: every page that embeds the map shows it',
  ],
  example:
    'A residential developer uploads the master plan of a 120-lot project as an SVG, adds every lot as a location with its size and price, and groups the lots by status. The map is embedded on the project website and runs in kiosk mode on the sales office screen. When a lot sells, the sales team moves it to the "Sold" group and publishes: the website shows it at once, and the screen as soon as no one is using it.',
  related: ['retail', 'geographic', 'wayfinding'],
};

export default function RealEstatePage() {
  return <CaseStudy content={content} />;
}
