import { useRef, useState } from 'react';
import type { MapDocument } from '@mapnest/shared/map-document';
import { TextProp } from '../panels/fields';
import { useEditor } from '../editor-context';
import { spreadsheetCsvUrl, testCsvSource, type SourceTest } from './live-data';

/**
 * The Settings panel's "Live data" section: the address of a CSV or a published spreadsheet whose rows the map shows
 * as locations each time it is viewed, and a Test that reads it as visitors' browsers will.
 */
export function LiveDataFields({ doc, set }: { doc: MapDocument; set: (csvUrl: string) => string | null }) {
  const { resolveUrl } = useEditor();
  const [test, setTest] = useState<SourceTest | 'testing' | null>(null);
  const running = useRef<AbortController | null>(null);
  const url = doc.settings.csvUrl;

  const run = async () => {
    running.current?.abort();
    const ctrl = (running.current = new AbortController());
    setTest('testing');
    try {
      const result = await testCsvSource(doc, url, { resolveUrl, signal: ctrl.signal });
      if (!ctrl.signal.aborted) setTest(result);
    } catch {
      // Aborted by a newer test.
    }
  };

  return (
    <>
      <p className="panel__hint">
        Locations kept in a spreadsheet, read each time the map is shown: a CSV file’s address, or a Google Sheet
        published to the web (File → Share → Publish to web). Columns are matched by their header (id, title, about, x,
        y, floor, group…); the map’s own locations win when an id is in both.
      </p>
      <TextProp
        label="CSV or spreadsheet address"
        type="url"
        onBlurOnly
        placeholder="https://docs.google.com/spreadsheets/d/e/…/pubhtml"
        value={url}
        commit={(v) => {
          setTest(null);
          return set(spreadsheetCsvUrl(v));
        }}
      />
      <button
        type="button"
        className="btn btn--secondary btn--sm"
        disabled={!url || test === 'testing'}
        onClick={() => void run()}
      >
        {test === 'testing' ? 'Testing…' : 'Test'}
      </button>
      <div aria-live="polite">{test && test !== 'testing' && <TestResult test={test} />}</div>
    </>
  );
}

function TestResult({ test }: { test: SourceTest }) {
  if (!test.ok)
    return (
      <p className="field__error" role="alert">
        {test.message}
      </p>
    );
  return (
    <div className="live-data__result">
      <p>
        {test.count === 1 ? '1 location' : `${test.count} locations`} read
        {test.skipped.length ? `; ${test.skipped.length} ${test.skipped.length === 1 ? 'row' : 'rows'} left out` : ''}.
      </p>
      <table className="live-data__table">
        <caption>What each column becomes</caption>
        <thead>
          <tr>
            <th scope="col">Column</th>
            <th scope="col">Becomes</th>
          </tr>
        </thead>
        <tbody>
          {test.columns.map((c, i) => (
            <tr key={i}>
              <td>{c.header}</td>
              <td>{c.becomes ?? 'Not read (another column has this field)'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {test.sample.length > 0 && (
        <table className="live-data__table">
          <caption>First {test.sample.length === 1 ? 'row' : `${test.sample.length} rows`}</caption>
          <thead>
            <tr>
              <th scope="col">Id</th>
              <th scope="col">Title</th>
              <th scope="col">Position</th>
            </tr>
          </thead>
          <tbody>
            {test.sample.map((l) => (
              <tr key={l.id}>
                <td>{l.id}</td>
                <td>{l.title}</td>
                <td>
                  {l.coord
                    ? l.coord.map((n) => n.toFixed(3)).join(', ')
                    : l.latlon
                      ? l.latlon.join(', ')
                      : 'Its region'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {test.skipped.length > 0 && (
        <ul className="live-data__skipped" aria-label="Rows left out">
          {test.skipped.slice(0, 10).map((m) => (
            <li key={m}>{m}</li>
          ))}
          {test.skipped.length > 10 && <li>and {test.skipped.length - 10} more</li>}
        </ul>
      )}
    </div>
  );
}
