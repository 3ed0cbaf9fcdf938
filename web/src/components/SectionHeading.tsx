import type { ReactNode } from 'react';

export interface SectionHeadingProps {
  title: ReactNode;
  eyebrow?: string;
  subtitle?: ReactNode;
  as?: 'h1' | 'h2' | 'h3';
  align?: 'start' | 'center';
  id?: string;
}

/** The section heading: optional eyebrow, the heading, optional subtitle. */
export function SectionHeading({
  title,
  eyebrow,
  subtitle,
  as: Heading = 'h2',
  align = 'start',
  id,
}: SectionHeadingProps) {
  return (
    <div className={`section-heading section-heading--${align}`}>
      {eyebrow && <p className="section-heading__eyebrow">{eyebrow}</p>}
      <Heading id={id} className="section-heading__title">
        {title}
      </Heading>
      {subtitle && <p className="section-heading__subtitle">{subtitle}</p>}
    </div>
  );
}
