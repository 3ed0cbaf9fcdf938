/** Icons the maps screens need beyond the shared set (24 px grid, currentColor, decorative). */
import { Svg, type IconProps } from '../../components/Icons';

export const PlusIcon = (p: IconProps) => (
  <Svg size={18} {...p}>
    <path d="M12 5v14M5 12h14" />
  </Svg>
);

export const MoreIcon = (p: IconProps) => (
  <Svg size={18} {...p}>
    <circle cx="5" cy="12" r="1.2" fill="currentColor" />
    <circle cx="12" cy="12" r="1.2" fill="currentColor" />
    <circle cx="19" cy="12" r="1.2" fill="currentColor" />
  </Svg>
);

export const PencilIcon = (p: IconProps) => (
  <Svg size={18} {...p}>
    <path d="M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16v4Z" />
    <path d="m13.5 6.5 4 4" />
  </Svg>
);

export const CopyIcon = (p: IconProps) => (
  <Svg size={18} {...p}>
    <rect x="9" y="9" width="11" height="11" rx="2" />
    <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
  </Svg>
);

export const TrashIcon = (p: IconProps) => (
  <Svg size={18} {...p}>
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
  </Svg>
);

export const OpenIcon = (p: IconProps) => (
  <Svg size={18} {...p}>
    <path d="M14 4h6v6M20 4l-9 9" />
    <path d="M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
  </Svg>
);

export const RestoreIcon = (p: IconProps) => (
  <Svg size={18} {...p}>
    <path d="M3 12a9 9 0 1 0 3-6.7L3 8" />
    <path d="M3 3v5h5" />
  </Svg>
);

export const TagIcon = (p: IconProps) => (
  <Svg size={18} {...p}>
    <path d="M3 12V4a1 1 0 0 1 1-1h8l9 9-9 9-9-9Z" />
    <circle cx="7.5" cy="7.5" r="1.5" />
  </Svg>
);

export const BlankMapIcon = (p: IconProps) => (
  <Svg size={18} {...p}>
    <path d="m3 6 6-3 6 3 6-3v15l-6 3-6-3-6 3V6Z" />
    <path d="M9 3v15M15 6v15" />
  </Svg>
);

export const MapPlaceholderArt = () => (
  <svg viewBox="0 0 160 100" aria-hidden="true" focusable="false" className="map-thumb__art">
    <rect width="160" height="100" fill="currentColor" opacity="0.06" />
    <path d="M0 70 40 52l36 14 40-22 44 16v40H0Z" fill="currentColor" opacity="0.08" />
    <path
      d="M22 20h40v26H22zM70 14h30v20H70zM108 24h32v28h-32z"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      opacity="0.25"
    />
    <path d="M80 58c0-6 5-10 10-10s10 4 10 10c0 8-10 16-10 16s-10-8-10-16Z" fill="currentColor" opacity="0.35" />
    <circle cx="90" cy="58" r="3.5" fill="#fff" />
  </svg>
);

export const KeyIcon = (p: IconProps) => (
  <Svg size={18} {...p}>
    <circle cx="8" cy="15" r="4" />
    <path d="m10.8 12.2 8.2-8.2M16 7l3 3M14 9l2 2" />
  </Svg>
);

export const ChartIcon = (p: IconProps) => (
  <Svg size={18} {...p}>
    <path d="M4 4v16h16" />
    <path d="m7 15 4-4 3 3 5-6" />
  </Svg>
);
