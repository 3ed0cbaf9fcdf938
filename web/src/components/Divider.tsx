import type { ReactNode } from 'react';

/** A divider, with optional text in the middle ('or'). */
export function Divider({ children }: { children?: ReactNode }) {
  if (!children) return <hr className="divider" />;
  return (
    <div className="divider divider--text" role="separator">
      <span className="divider__text">{children}</span>
    </div>
  );
}
