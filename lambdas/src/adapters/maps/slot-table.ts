/**
 * The per-user slot item's counters as the maps service reads them, and the slots administrators grant: capacity is
 * granted + subscribed + licensed, moved by the change of the grant so a racing subscription is never overwritten.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '@mapnest/shared/keys';
import { dynamo } from '../../lib/clients';
import { config } from '../../lib/config';
import { isConditionalCheckFailed } from '../aws-errors';
import type { SlotsItem } from './map-items';

const table = () => config.tableName;

/** The user's slot counters and capacities (zero where none are stored). */
export async function readSlots(uid: string): Promise<SlotsItem> {
  const out = await dynamo.send(new GetCommand({ TableName: table(), Key: keys.userSlots(uid), ConsistentRead: true }));
  const i = out.Item ?? {};
  const n = (k: string) => (typeof i[k] === 'number' ? (i[k] as number) : 0);
  return {
    testMaps: n('testMaps'),
    basicUsed: n('basicUsed'),
    proUsed: n('proUsed'),
    basicCapacity: n('basicCapacity'),
    proCapacity: n('proCapacity'),
    basicGranted: n('basicGranted'),
    proGranted: n('proGranted'),
    basicSubscribed: n('basicSubscribed'),
    proSubscribed: n('proSubscribed'),
    basicLicensed: n('basicLicensed'),
  };
}

/** Sets the slots administrators grant outside subscriptions; capacity = granted + subscribed + licensed. */
export async function setGrantedSlots(uid: string, basic: number, pro: number): Promise<void> {
  // Capacity moves by the change of the grant (ADD), conditioned on the grant read, so a subscription or licence
  // changing capacity at the same moment is never overwritten; a lost race reads again.
  for (let attempt = 0; attempt < 8; attempt++) {
    const current = await readSlots(uid);
    const old = (name: 'basicGranted' | 'proGranted') => current[name];
    try {
      await dynamo.send(
        new UpdateCommand({
          TableName: table(),
          Key: keys.userSlots(uid),
          UpdateExpression: 'SET #bg = :b, #pg = :p ADD #bc :db, #pc :dp',
          ConditionExpression:
            '(attribute_not_exists(#bg) OR #bg = :oldB) AND (attribute_not_exists(#pg) OR #pg = :oldP)',
          ExpressionAttributeNames: {
            '#bg': 'basicGranted',
            '#pg': 'proGranted',
            '#bc': 'basicCapacity',
            '#pc': 'proCapacity',
          },
          ExpressionAttributeValues: {
            ':b': basic,
            ':p': pro,
            ':db': basic - old('basicGranted'),
            ':dp': pro - old('proGranted'),
            ':oldB': old('basicGranted'),
            ':oldP': old('proGranted'),
          },
        }),
      );
      return;
    } catch (err) {
      if (!isConditionalCheckFailed(err)) throw err;
    }
  }
  throw new Error(`slot grants of ${uid} kept changing`);
}
