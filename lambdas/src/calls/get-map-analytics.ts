import { getMapAnalyticsInput } from '@mapnest/shared/analytics';
import { actorOf, callable } from '../lib/callable';
import { getMapAnalytics } from '../domain/analytics';

/** A Professional map's analytics over a date range, for its owner or an administrator. */
export const handler = callable({
  name: 'getMapAnalytics',
  input: getMapAnalyticsInput,
  run: (input, ctx) => getMapAnalytics(actorOf(ctx).identity, input),
});
