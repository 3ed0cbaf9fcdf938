/** For tests: a site plan's statuses, the groups Available and Sold and a style of each name (ids unlike the groups'). */
import type { MapDocument } from './map-document';

type Style = MapDocument['styles'][number];

/** A style for regions named `name`, of no colours of its own. */
export const statusStyle = (id: string, name: string): Style => ({
  id,
  name,
  markers: false,
  svg: true,
  normal: {},
  hover: {},
  active: {},
});

/** The groups Available and Sold, and the styles "Available" and "Sold" (`st-available`, `st-sold`). */
export function siteStatuses(): Pick<MapDocument, 'groups' | 'styles'> {
  return {
    groups: [
      { id: 'available', name: 'Available' },
      { id: 'sold', name: 'Sold' },
    ],
    styles: [statusStyle('st-available', 'Available'), statusStyle('st-sold', 'Sold')],
  };
}
