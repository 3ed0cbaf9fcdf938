import { setMapAnalyticsZoneInput } from '@mapnest/shared/analytics';
import { actorOf, callable } from '../lib/callable';
import { setMapAnalyticsZone } from '../domain/analytics';

/** Sets the time zone a map's analytics days are counted in from now on (owner or administrator; ADR 072). */
export const handler = callable({
  name: 'setMapAnalyticsZone',
  input: setMapAnalyticsZoneInput,
  writes: true,
  run: (input, ctx) => setMapAnalyticsZone(actorOf(ctx).identity, input),
});
