/** /help/moving-from-mapplic: what carries over from a Mapplic map, what changes, and how ids and regions bind. */
import { Link } from 'react-router';
import '../../styles/marketing.css';
import { PAGE_TITLES } from '../titles';

const SECTIONS = [
  { id: 'import', heading: 'Import a whole site at once' },
  { id: 'carries-over', heading: 'What carries over' },
  { id: 'changes', heading: 'What changes' },
  { id: 'ids', heading: 'Ids, regions and links' },
  { id: 'after', heading: 'After the import' },
] as const;

export default function MapplicGuidePage() {
  return (
    <article className="legal container container--narrow" aria-labelledby="guide-title">
      <header className="legal__header">
        <p className="eyebrow">Help</p>
        <h1 id="guide-title">{PAGE_TITLES.mapplicGuide}</h1>
        <div className="legal__intro">
          <p>
            A Mapplic map (the v8 JSON export or a legacy jQuery “levels” file) becomes a Mapnest map in one step, with
            its floors, locations, groups, styles and settings.
          </p>
        </div>
      </header>
      <nav className="legal__toc" aria-label="Contents">
        <h2 className="legal__toc-title">Contents</h2>
        <ol>
          {SECTIONS.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>{s.heading}</a>
            </li>
          ))}
        </ol>
      </nav>
      <section id="import" className="legal__section">
        <h2>1. {SECTIONS[0].heading}</h2>
        <p>
          On <Link to="/maps/new">New map</Link>, choose <strong>Import from Mapplic</strong> and pick the export’s
          .json file together with its floor plans: several files, a folder, or a .zip of the site. Each floor is
          matched to its file by file name alone, so <code>images/floors/7-2.svg?0420401</code> in the export finds{' '}
          <code>7-2.svg</code> wherever it is in what you picked.
        </p>
        <p>
          Every floor is listed with the file it got. A floor still missing its file is named before anything is
          created: add its file, or leave that floor without a plan. The map takes the size of the floor plans (an SVG’s
          viewBox); when plans of different sizes are picked, you choose the map’s size. Locations keep their places on
          the plans, because positions are stored as fractions of the map. Pick the site’s images too: the locations’
          thumbnails and pictures, and the images a floor’s SVG links rather than embeds (a traced floor plan behind the
          rooms), are matched by file name and kept; the ones not picked are named, as they would point at the old site.
        </p>
        <p>
          You can pick in as many goes as you like: each pick adds to the files picked before (the images before or
          after the .json), a file picked twice counts once, and the list of picked files lets you remove one. An image
          the upload cannot take (over 10 MB, a GIF, or refused by the server) is named with the reason: import without
          it, and its location simply has no image there, or cancel and pick a smaller file. A floor plan it cannot take
          stops the import.
        </p>
        <p>
          To bring a Mapplic map into a map you already have, open it in the editor and choose{' '}
          <strong>File › Import…</strong> with the same files, in one pick or several. The floors are listed and matched
          the same way, and your map changes only when you choose <strong>Replace this map with it</strong> (Undo brings
          it back), or <strong>Add its locations only</strong>, which needs no plans.
        </p>
      </section>
      <section id="carries-over" className="legal__section">
        <h2>2. {SECTIONS[1].heading}</h2>
        <ul>
          <li>Layers and legacy levels become floors, in order, with the floor shown first.</li>
          <li>
            Locations with title, about, description (HTML, cleaned of scripts when shown), image, thumbnail, link,
            phone, email, hours, colour, style, label, marker type, zoom, action, hidden and disabled flags. Custom keys
            become custom fields, and <code>{'{{key}}'}</code> placeholders keep working.
          </li>
          <li>Samples are merged into the locations that use them, the default sample into all.</li>
          <li>
            Groups and legacy categories with their colours (pins take their group’s colour), filters, styles (including
            legacy styles and the default style), the pin fill colour, breakpoints, legend and wayfinding routes.
          </li>
          <li>Settings: zoom, controls and their corners, directory, search texts, deep links, CSV data source.</li>
          <li>
            A legacy map’s display options: the sidebar, the search box, the hover tooltip, the zoom, clear and full
            screen buttons, the mouse wheel, deep links, alphabetical order and the default action. Options Mapnest has
            nothing for are named in the import’s report, each with the reason.
          </li>
        </ul>
      </section>
      <Changes />
    </article>
  );
}

/** What changes, how ids and regions bind, and what to do after the import. */
function Changes() {
  return (
    <>
      <section id="changes" className="legal__section">
        <h2>3. {SECTIONS[2].heading}</h2>
        <ul>
          <li>
            Filter <code>logic</code> and <code>settings.exclude</code> are JavaScript, which Mapnest never runs; they
            are listed as dropped. Hide or disable those locations, or use a field filter instead.
          </li>
          <li>
            YouTube and Vimeo videos in descriptions are kept and play in the popup. Other embedded players and pages
            (other video sites, audio, other iframes) are taken out, and the import names each one; link to them from
            the description instead.
          </li>
          <li>Every option that is not carried over is listed in the import, under “changed or left out to fit”.</li>
          <li>
            Search also covers descriptions and groups, and ignores case and accents; Japanese text is searched as
            written.
          </li>
          <li>Floor plans are stored in your file library, so the old site’s addresses are no longer needed.</li>
        </ul>
      </section>
      <section id="ids" className="legal__section">
        <h2>4. {SECTIONS[3].heading}</h2>
        <p>
          As in Mapplic, a location is bound to the shape of its floor’s plan whose id is the location’s id: the shape
          becomes its clickable region, coloured by its style. Mapplic’s <code>MLOC</code> groups are not needed; any
          shape with that id works.
        </p>
        <p>
          Plans drawn floor by floor often repeat an id, such as a <code>lift</code> on every floor. In Mapnest an id
          names one location, so the first keeps it and each other floor’s gets one of its own (<code>lift-2</code>)
          that stands for the <code>lift</code> shape of its floor: every floor’s lift stays a location, and the import
          names each one it renamed. The location’s <strong>Shape</strong> field shows, and changes, the shape it stands
          for.
        </p>
        <p>
          Every other location id stays as it was, so links ending in <code>?location=id</code> keep opening the same
          location, on the published map (<code>/m/…</code>) and on the map’s page in the app.{' '}
          <strong>Recognise SVG</strong> (Layers) previews the rooms a plan has without a location; an existing location
          whose title matches a room is linked to it (it takes the room’s id, or names the room as its shape when a
          location on another floor has that id) rather than added twice, and groups of rooms or tiny marks are skipped.
        </p>
      </section>
      <section id="after" className="legal__section">
        <h2>5. {SECTIONS[4].heading}</h2>
        <p>
          The new map is a test map. Check it in the editor, then replace the Mapplic embed on your site with the embed
          code from Publish.
        </p>
      </section>
    </>
  );
}
