/** The landing hero's illustration: a mall directory as a visitor would see it embedded on a website. */

const PIN = 'M0 0c-6.6 0-12 5.2-12 11.7C-12 20.4 0 30 0 30s12-9.6 12-18.3C12 5.2 6.6 0 0 0Z';

function Pin({ x, y, color = '#4338ca', scale = 1 }: { x: number; y: number; color?: string; scale?: number }) {
  // (x, y) is the pin's tip.
  return (
    <g transform={`translate(${x} ${y - 30 * scale}) scale(${scale})`}>
      <path d={PIN} fill={color} stroke="#fff" strokeWidth={2} />
      <circle cx={0} cy={11.5} r={4.5} fill="#fff" />
    </g>
  );
}

const directory = [
  { name: 'Coffee & Co.', meta: 'Level 1 · Food', color: '#ea580c', active: true },
  { name: 'Northwind Books', meta: 'Level 1 · Books', color: '#4338ca' },
  { name: 'Atelier Shoes', meta: 'Level 1 · Fashion', color: '#db2777' },
  { name: 'Green Grocer', meta: 'Level 1 · Food', color: '#16a34a' },
  { name: 'Pixel Games', meta: 'Level 2 · Tech', color: '#0284c7' },
];

export function HeroMap() {
  return (
    <svg className="hero-map" viewBox="0 0 560 400" role="img" aria-labelledby="hero-map-title" fontFamily="system-ui, sans-serif">
      <title id="hero-map-title">An interactive mall directory embedded on a website: a searchable store list, a floor plan with pins and a route to the selected store.</title>
      <defs>
        <filter id="hero-shadow" x="-20%" y="-20%" width="140%" height="160%">
          <feDropShadow dx="0" dy="6" stdDeviation="8" floodColor="#0f172a" floodOpacity="0.15" />
        </filter>
        <clipPath id="hero-clip">
          <rect width="560" height="400" rx="16" />
        </clipPath>
      </defs>
      <g clipPath="url(#hero-clip)">
        <rect width="560" height="400" fill="#fff" />
        {/* Browser bar */}
        <rect width="560" height="36" fill="#f8fafc" />
        <line x1="0" y1="36" x2="560" y2="36" stroke="#e2e8f0" />
        <circle cx="20" cy="18" r="5" fill="#fca5a5" />
        <circle cx="36" cy="18" r="5" fill="#fcd34d" />
        <circle cx="52" cy="18" r="5" fill="#86efac" />
        <rect x="80" y="9" width="220" height="18" rx="9" fill="#fff" stroke="#e2e8f0" />
        <text x="94" y="22" fontSize="10" fill="#64748b">
          yourmall.com/directory
        </text>

        {/* Directory */}
        <line x1="160" y1="36" x2="160" y2="400" stroke="#e2e8f0" />
        <rect x="14" y="50" width="132" height="28" rx="6" fill="#f1f5f9" />
        <circle cx="28" cy="63" r="4.5" fill="none" stroke="#64748b" strokeWidth="1.5" />
        <line x1="31.5" y1="66.5" x2="35" y2="70" stroke="#64748b" strokeWidth="1.5" strokeLinecap="round" />
        <text x="42" y="68" fontSize="11" fill="#64748b">
          Search stores
        </text>
        {['All', 'Food', 'Fashion'].map((label, i) => (
          <g key={label} transform={`translate(${14 + i * 44} 88)`}>
            <rect width={i === 2 ? 48 : 40} height="18" rx="9" fill={i === 0 ? '#4338ca' : '#f1f5f9'} />
            <text x={i === 2 ? 24 : 20} y="12.5" fontSize="9.5" fontWeight="600" textAnchor="middle" fill={i === 0 ? '#fff' : '#475569'}>
              {label}
            </text>
          </g>
        ))}
        {directory.map((item, i) => (
          <g key={item.name} transform={`translate(8 ${116 + i * 46})`}>
            {item.active && <rect width="144" height="40" rx="8" fill="#eef2ff" />}
            <circle cx="16" cy="20" r="5" fill={item.color} />
            <text x="30" y="17" fontSize="11" fontWeight="600" fill="#0f172a">
              {item.name}
            </text>
            <text x="30" y="31" fontSize="9.5" fill="#64748b">
              {item.meta}
            </text>
          </g>
        ))}

        {/* Map */}
        <rect x="160" y="36" width="400" height="364" fill="#f1f5f9" />
        <rect x="182" y="62" width="356" height="312" rx="14" fill="#fff" stroke="#cbd5e1" strokeWidth="2" />
        <rect x="184" y="196" width="352" height="40" fill="#f8fafc" />
        <rect x="340" y="64" width="40" height="308" fill="#f8fafc" />
        <rect x="192" y="72" width="66" height="114" rx="6" fill="#e0e7ff" />
        <rect x="264" y="72" width="66" height="114" rx="6" fill="#fed7aa" stroke="#ea580c" strokeWidth="2" />
        <rect x="390" y="72" width="138" height="54" rx="6" fill="#dcfce7" />
        <rect x="390" y="132" width="66" height="54" rx="6" fill="#fce7f3" />
        <rect x="462" y="132" width="66" height="54" rx="6" fill="#e0f2fe" />
        <rect x="192" y="246" width="138" height="56" rx="6" fill="#fef3c7" />
        <rect x="192" y="308" width="90" height="56" rx="6" fill="#e0e7ff" />
        <rect x="288" y="308" width="42" height="56" rx="6" fill="#e2e8f0" />
        <rect x="390" y="246" width="138" height="118" rx="6" fill="#ede9fe" />
        <text x="459" y="282" fontSize="10" fontWeight="600" textAnchor="middle" fill="#5b21b6">
          Department store
        </text>

        {/* Floor switcher */}
        {['L1', 'L2', 'L3'].map((label, i) => (
          <g key={label} transform={`translate(${184 + i * 30} 42)`}>
            <rect width="26" height="16" rx="8" fill={i === 0 ? '#4338ca' : '#fff'} stroke={i === 0 ? '#4338ca' : '#cbd5e1'} />
            <text x="13" y="11.5" fontSize="9" fontWeight="700" textAnchor="middle" fill={i === 0 ? '#fff' : '#475569'}>
              {label}
            </text>
          </g>
        ))}

        {/* Route from "you are here" to the selected store */}
        <path d="M360 350V216H297V190" fill="none" stroke="#ea580c" strokeWidth="3" strokeDasharray="6 6" strokeLinecap="round" />
        <circle cx="360" cy="350" r="12" fill="#4338ca" opacity="0.18" />
        <circle cx="360" cy="350" r="6" fill="#4338ca" stroke="#fff" strokeWidth="2.5" />
        <rect x="372" y="372" width="74" height="18" rx="9" fill="#fff" stroke="#c7d2fe" />
        <text x="409" y="385" fontSize="9.5" fontWeight="600" textAnchor="middle" fill="#3730a3">
          You are here
        </text>

        <Pin x={225} y={130} />
        <Pin x={500} y={116} color="#16a34a" />
        <Pin x={237} y={340} />
        <Pin x={459} y={322} color="#7c3aed" />
        <Pin x={297} y={134} color="#ea580c" scale={1.2} />

        {/* Popup */}
        <g filter="url(#hero-shadow)">
          <rect x="318" y="86" width="156" height="82" rx="10" fill="#fff" />
        </g>
        <text x="332" y="108" fontSize="12.5" fontWeight="700" fill="#0f172a">
          Coffee &amp; Co.
        </text>
        <text x="332" y="124" fontSize="9.5" fill="#64748b">
          Level 1 · Open until 8 pm
        </text>
        <rect x="332" y="136" width="72" height="22" rx="6" fill="#4338ca" />
        <text x="368" y="151" fontSize="10" fontWeight="600" textAnchor="middle" fill="#fff">
          Directions
        </text>

        {/* Zoom */}
        <g transform="translate(504 306)">
          <rect width="26" height="48" rx="6" fill="#fff" stroke="#cbd5e1" />
          <line x1="6" y1="24" x2="20" y2="24" stroke="#e2e8f0" />
          <path d="M13 7v10M8 12h10M8 36h10" stroke="#334155" strokeWidth="1.8" strokeLinecap="round" />
        </g>
      </g>
      <rect x="0.5" y="0.5" width="559" height="399" rx="15.5" fill="none" stroke="#e2e8f0" />
    </svg>
  );
}
