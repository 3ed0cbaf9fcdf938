/**
 * A link or image address as people write it ("www.bakery.com", "bakery.co.uk/menu") made one a browser opens, with
 * https:// in front. In a page, "www.bakery.com" is a path of the page's own site (the customer's page embedding the
 * map: https://their-site/shops/www.bakery.com), so such a link goes nowhere. Addresses with a scheme, paths ("/shops",
 * "menu.html", "#hours") and anything that is not a host name are kept as they are.
 */

/** The endings of files, not of domains: "menu.html" is a page of the site, not the host "menu.html". */
const FILE_ENDINGS = /^(?:html?|php|aspx?|jsp|pdf|jpe?g|png|gif|svg|webp|txt|csv|xml|json)$/i;

export function webAddress(value: string): string {
  const v = value.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(v) || /^[/#?.]/.test(v)) return value;
  const labels = (/^[^/?#\s]+/.exec(v)?.[0] ?? '').split('.');
  const ending = labels.at(-1)!;
  if (labels.length < 2 || !labels.every((l) => /^[a-z0-9-]+$/i.test(l))) return value;
  if (!/^[a-z]{2,24}$/i.test(ending) || FILE_ENDINGS.test(ending)) return value;
  return `https://${v}`;
}
