import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router';
import { FREE_TEST_MAPS, PLAN_NAMES, TEST_MAP_ACTIVE_DAYS } from '@mapnest/shared/constants';
import { MESSAGES } from '@mapnest/shared/errors';
import { sessionAtom } from '../../app/session';
import { Spinner } from '../../components/Spinner';
import { call } from '../../lib/api';
import { SettingsRow } from './SettingsRow';

interface Slots {
  testMaps: number;
  basicUsed: number;
  proUsed: number;
  basicCapacity: number;
  proCapacity: number;
}

/** The Plan tab (spec §2): map slots, plan description, and for users with a plan 'Buy slots'. */
export function PlanTab() {
  const { admin, plans, userId } = useAtomValue(sessionAtom);
  const [slots, setSlots] = useState<Slots | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    call<Slots>('getSlots', null).then(
      (s) => live && setSlots(s),
      (err: unknown) => {
        console.error(MESSAGES.loadUserData, err);
        if (live) setError(MESSAGES.unknownError);
      },
    );
    return () => {
      live = false;
    };
  }, [userId]);

  const hasPlan = plans.length > 0;
  return (
    <div className="settings-section">
      <SettingsRow label="Map slots" description="How many maps you hold of each kind.">
        {error ? (
          <p className="field__error" role="alert">
            {error}
          </p>
        ) : !slots ? (
          <Spinner size="sm" label="Loading slots" />
        ) : (
          <dl className="slot-list">
            <div>
              <dt>Test maps</dt>
              <dd>{admin ? `${slots.testMaps} (unlimited)` : `${slots.testMaps} of ${FREE_TEST_MAPS}`}</dd>
            </div>
            <div>
              <dt>{PLAN_NAMES.basic}</dt>
              <dd>{`${slots.basicUsed} of ${slots.basicCapacity}`}</dd>
            </div>
            <div>
              <dt>{PLAN_NAMES.pro}</dt>
              <dd>{`${slots.proUsed} of ${slots.proCapacity}`}</dd>
            </div>
          </dl>
        )}
      </SettingsRow>
      <SettingsRow
        label="Plan"
        description={
          hasPlan
            ? 'Your subscription keeps your live maps hosted, updated and supported.'
            : `Free: up to ${FREE_TEST_MAPS} test maps, each active for ${TEST_MAP_ACTIVE_DAYS} days. ${PLAN_NAMES.basic} hosts maps in the cloud with automatic updates; ${PLAN_NAMES.pro} adds wayfinding, analytics and priority support.`
        }
      >
        <Link className="btn btn--primary btn--sm" to="/maps#subscribe">
          {hasPlan ? 'Buy slots' : 'See plans'}
        </Link>
      </SettingsRow>
    </div>
  );
}
