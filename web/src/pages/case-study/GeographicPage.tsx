import { EXAMPLE_MAPS } from '../../state/config';
import { PAGE_TITLES } from '../titles';
import { CaseStudy, type CaseStudyContent } from './CaseStudy';

const content: CaseStudyContent = {
  eyebrow: PAGE_TITLES.geographic,
  title: 'Clickable regions for networks, offices and data',
  lead: 'Start from a built-in map of the world, a continent, a country or the USA, and let every region and location tell its story.',
  live: {
    map: EXAMPLE_MAPS.geographic,
    caption:
      '24 dealers placed by latitude and longitude on the built-in map of Europe, countries coloured by sales region.',
  },
  challenge:
    'Dealer networks, sales territories and project portfolios are geographic by nature, but a general-purpose map service brings API keys, usage quotas and a map full of detail that distracts from yours.',
  solution: [
    'Built-in maps of the world, continents, countries and the USA, ready to style',
    'Regions coloured by territory, status or any grouping of yours',
    'Popups with contact details, images and links for each region and location',
    'Search and filters across every location on the map',
    'No API keys and no per-view fees: hosting is part of the plan',
  ],
  example:
    'A manufacturer with 60 dealers across Europe starts from the Europe map, colours each country by sales region and adds every dealer as a location with address, phone number and website. Visitors pick their country and find the nearest dealer without leaving the site.',
  related: ['real-estate', 'retail', 'wayfinding'],
};

export default function GeographicPage() {
  return <CaseStudy content={content} />;
}
