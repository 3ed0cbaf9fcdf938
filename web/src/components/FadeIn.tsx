import { Children, isValidElement, type CSSProperties, type ElementType, type ReactNode } from 'react';
import { PAGE_FADE_S } from '@mapnest/shared/constants';

export interface FadeInProps {
  children: ReactNode;
  /** Seconds before the fade starts. */
  delay?: number;
  /** Seconds the fade lasts (the 0.2 s page fade by default). */
  duration?: number;
  as?: ElementType;
  className?: string;
}

/** Fades its content in once when mounted; no motion when the user prefers reduced motion (CSS). */
export function FadeIn({ children, delay = 0, duration = PAGE_FADE_S, as: Tag = 'div', className }: FadeInProps) {
  const style = { '--fade-duration': `${duration}s`, '--fade-delay': `${delay}s` } as CSSProperties;
  return (
    <Tag className={['fade-in', className].filter(Boolean).join(' ')} style={style}>
      {children}
    </Tag>
  );
}

export interface FadeInStaggerProps {
  children: ReactNode;
  /** Seconds between one child's fade and the next. */
  step?: number;
  as?: ElementType;
  itemAs?: ElementType;
  className?: string;
  itemClassName?: string;
}

/** Fades each child in turn, for grids and lists. */
export function FadeInStagger({
  children,
  step = 0.06,
  as: Tag = 'div',
  itemAs = 'div',
  className,
  itemClassName,
}: FadeInStaggerProps) {
  return (
    <Tag className={className}>
      {Children.toArray(children).map((child, i) => (
        <FadeIn
          key={isValidElement(child) && child.key != null ? child.key : i}
          as={itemAs}
          delay={i * step}
          duration={PAGE_FADE_S * 2}
          className={itemClassName}
        >
          {child}
        </FadeIn>
      ))}
    </Tag>
  );
}
