import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface LinkedCardProps {
  title: string;
  /** Internal paths ('/pricing') use the router; anything else is a plain link. */
  to: string;
  image: { src: string; alt?: string; width?: number; height?: number };
  description?: ReactNode;
  /** Small label above the title. */
  eyebrow?: string;
  headingLevel?: 'h2' | 'h3';
}

/** The linked card: an image and a title, the whole card clickable through one link. */
export function LinkedCard({ title, to, image, description, eyebrow, headingLevel: Heading = 'h3' }: LinkedCardProps) {
  const internal = to.startsWith('/') && !to.startsWith('//');
  return (
    <article className="card-link">
      <img
        className="card-link__image"
        src={image.src}
        alt={image.alt ?? ''}
        width={image.width}
        height={image.height}
        loading="lazy"
        decoding="async"
      />
      <div className="card-link__body">
        {eyebrow && <p className="card-link__eyebrow">{eyebrow}</p>}
        <Heading className="card-link__title">
          {internal ? (
            <Link to={to} className="card-link__link">
              {title}
            </Link>
          ) : (
            <a href={to} className="card-link__link">
              {title}
            </a>
          )}
        </Heading>
        {description && <div className="card-link__text">{description}</div>}
      </div>
    </article>
  );
}
