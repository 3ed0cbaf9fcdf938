import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataLayerSink, reportError, setAnalyticsSink, trackPageView, type AnalyticsEvent } from './analytics';

describe('analytics', () => {
  afterEach(() => {
    setAnalyticsSink(dataLayerSink);
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sends a page view whose path is the page title', () => {
    const events: AnalyticsEvent[] = [];
    setAnalyticsSink((e) => events.push(e));
    trackPageView('Pricing - Mapnest');
    expect(events).toEqual([{ type: 'page_view', path: 'Pricing - Mapnest' }]);
  });

  it('pushes to window.dataLayer when the page defines it', () => {
    const dataLayer: unknown[] = [];
    vi.stubGlobal('window', { dataLayer, location: { pathname: '/pricing' } });
    trackPageView('Pricing - Mapnest');
    expect(dataLayer).toEqual([{ event: 'page_view', page_path: 'Pricing - Mapnest' }]);
  });

  it('does nothing by default when there is no dataLayer', () => {
    vi.stubGlobal('window', { location: { pathname: '/' } });
    expect(() => trackPageView('Mapnest')).not.toThrow();
  });

  it('reports errors to the console and the sink with where and path', () => {
    vi.stubGlobal('window', { location: { pathname: '/contact' } });
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const events: AnalyticsEvent[] = [];
    setAnalyticsSink((e) => events.push(e));
    const error = new Error('boom');
    reportError(error, 'route');
    expect(consoleError).toHaveBeenCalledWith('[route]', error);
    expect(events).toEqual([{ type: 'error', message: 'boom', where: 'route', path: '/contact' }]);
  });

  it('describes route error responses by status', () => {
    vi.stubGlobal('window', { location: { pathname: '/x' } });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const events: AnalyticsEvent[] = [];
    setAnalyticsSink((e) => events.push(e));
    reportError({ status: 500, statusText: 'Internal Server Error', data: null }, 'route');
    expect(events[0]).toMatchObject({ message: '500 Internal Server Error' });
  });

  it('keeps going when the sink throws', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    setAnalyticsSink(() => {
      throw new Error('sink down');
    });
    expect(() => trackPageView('Mapnest')).not.toThrow();
  });

  it('returns the previous sink when replacing it', () => {
    const mine = () => {};
    expect(setAnalyticsSink(mine)).toBe(dataLayerSink);
    expect(setAnalyticsSink(dataLayerSink)).toBe(mine);
  });
});
