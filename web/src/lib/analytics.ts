/**
 * Page views and error reports go through one pluggable sink. The default sink only pushes to
 * `window.dataLayer` when a page defines it; the app ships no third-party tracker of its own.
 */

export type AnalyticsEvent =
  { type: 'page_view'; path: string } | { type: 'error'; message: string; where: string; path: string };

export type AnalyticsSink = (event: AnalyticsEvent) => void;

interface DataLayerWindow {
  dataLayer?: unknown;
}

/** Pushes events to `window.dataLayer` if it is an array, and does nothing otherwise. */
export const dataLayerSink: AnalyticsSink = (event) => {
  const layer = typeof window === 'undefined' ? undefined : (window as DataLayerWindow).dataLayer;
  if (!Array.isArray(layer)) return;
  if (event.type === 'page_view') layer.push({ event: 'page_view', page_path: event.path });
  else
    layer.push({ event: 'app_error', error_message: event.message, error_where: event.where, page_path: event.path });
};

let sink: AnalyticsSink = dataLayerSink;

/** Replaces the sink (tests, or a product analytics integration); returns the previous one. */
export function setAnalyticsSink(next: AnalyticsSink): AnalyticsSink {
  const previous = sink;
  sink = next;
  return previous;
}

function send(event: AnalyticsEvent): void {
  try {
    sink(event);
  } catch (err) {
    // Analytics must never break the page it measures.
    console.warn('analytics sink failed', err);
  }
}

/** Each path change sends a page view whose path is the page title. */
export function trackPageView(title: string): void {
  send({ type: 'page_view', path: title });
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object' && 'statusText' in error) {
    const { status, statusText } = error as { status?: unknown; statusText?: unknown };
    return `${String(status)} ${String(statusText)}`.trim();
  }
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}

/** Logs an error to the console and sends it to the sink; `where` names the part of the app. */
export function reportError(error: unknown, where: string): void {
  console.error(`[${where}]`, error);
  const path = typeof window === 'undefined' ? '' : window.location.pathname;
  send({ type: 'error', message: messageOf(error), where, path });
}
