/**
 * What the Publish dialog says under its embed snippets: opening the map on a location, what a site's Content Security
 * Policy must allow (docs/adr/125-embed-under-a-content-security-policy.md) and making a kiosk of the map.
 */
export function EmbedHints({ origin, url }: { origin: string; url: string }) {
  return (
    <>
      <p className="panel__hint">
        To open the map on a location: with the iframe, add <code>?location=id</code> to its <code>src</code> (
        <code>{url}?location=id</code>); with the script tag, add <code>?location=id</code> to the page’s URL, or{' '}
        <code>data-location="id"</code> to the element.
      </p>
      <p className="panel__hint">
        If your site sends a Content Security Policy, allow <code>{origin}</code> in its <code>frame-src</code> for the
        iframe; for the script tag, in its <code>script-src</code> (under <code>'strict-dynamic'</code>, give the script
        tag your nonce instead), <code>connect-src</code> and <code>img-src</code>, and the sites your locations’
        images, videos and live data come from. The map needs no inline styles; where the site enforces Trusted Types,
        allow the policy <code>dompurify</code> in its <code>trusted-types</code>.
      </p>
      <p className="panel__hint">
        For a touch screen in your venue, open <code>{url}?kiosk=1</code> on it, full screen: the map fills the screen,
        brings its own keyboard and starts over after 90 s without a touch. Add <code>&amp;fixedfrom=id</code> to start
        every route at that location, marked “You are here” (directions: Professional maps).
      </p>
    </>
  );
}
