import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { setAnalyticsSink, type AnalyticsEvent } from '../../../lib/analytics';
import { createPendingEdits } from './pending-edits';

describe('pending edits', () => {
  const events: AnalyticsEvent[] = [];
  const previous = setAnalyticsSink((e) => events.push(e));
  afterEach(() => {
    events.length = 0;
    vi.restoreAllMocks();
  });
  afterAll(() => setAnalyticsSink(previous));

  it('commits every field on flush, and stops committing a field once it is removed', () => {
    const pending = createPendingEdits();
    const done: string[] = [];
    pending.register(() => done.push('title'));
    const remove = pending.register(() => done.push('description'));
    pending.flush();
    remove();
    pending.flush();
    expect(done).toEqual(['title', 'description', 'title']);
  });

  it('commits the other fields when one fails, and reports the failure instead of swallowing it', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const pending = createPendingEdits();
    const done: string[] = [];
    pending.register(() => {
      throw new TypeError('commit is broken');
    });
    pending.register(() => done.push('description'));
    pending.flush();
    expect(done).toEqual(['description']);
    expect(events).toEqual([
      expect.objectContaining({ type: 'error', message: 'commit is broken', where: 'editor:pending-edit' }),
    ]);
  });

  it('says while any field holds typed text not committed, and tells its listeners of each change', () => {
    const pending = createPendingEdits();
    const told: boolean[] = [];
    const stop = pending.subscribe(() => told.push(pending.anyDraft()));
    const title = {};
    const hours = {};
    pending.drafting(title, true);
    pending.drafting(hours, true);
    pending.drafting(title, false);
    // Said again as it was: no change, nobody is told.
    pending.drafting(title, false);
    pending.drafting(hours, false);
    stop();
    pending.drafting(hours, true);
    expect(told).toEqual([true, true, true, false]);
    expect(pending.anyDraft()).toBe(true);
  });
});
