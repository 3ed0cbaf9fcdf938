import type { CSSProperties } from 'react';
import type { PlanId } from '@mapnest/shared/constants';
import { meterShape, slotUsage } from './billing-format';

/**
 * The slot meter of a subscription card: one segment per slot up to 8 slots, a proportional bar above,
 * coloured by plan, with the usage in words.
 */
export function SlotMeter({ plan, used, capacity }: { plan: PlanId; used: number; capacity: number }) {
  const shape = meterShape(used, capacity);
  const words = slotUsage(plan, used, capacity);
  return (
    <div className={`slot-meter slot-meter--${plan}`}>
      <p className="slot-meter__label">{words}</p>
      <div
        role="meter"
        aria-label={`${plan === 'basic' ? 'Basic' : 'Professional'} slots used`}
        aria-valuemin={0}
        aria-valuemax={Math.max(capacity, used)}
        aria-valuenow={used}
        aria-valuetext={words}
        className={`slot-meter__graphic slot-meter__graphic--${shape.kind}`}
      >
        {shape.kind === 'segments' ? (
          shape.filled.map((filled, i) => (
            <span key={i} className={filled ? 'slot-meter__segment is-used' : 'slot-meter__segment'} />
          ))
        ) : (
          <span className="slot-meter__bar">
            <span className="slot-meter__fill" style={{ '--share': shape.share } as CSSProperties} />
          </span>
        )}
      </div>
    </div>
  );
}
