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
});
