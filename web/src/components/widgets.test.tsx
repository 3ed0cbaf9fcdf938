import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { CheckList } from './CheckList';
import { Divider } from './Divider';
import { FadeIn, FadeInStagger } from './FadeIn';
import { LinkedCard } from './LinkedCard';
import { SectionHeading } from './SectionHeading';
import { Select } from './Select';
import { Spinner } from './Spinner';

afterEach(cleanup);

const inRouter = (element: ReactNode) =>
  render(<RouterProvider router={createMemoryRouter([{ path: '/', element }])} />);

describe('small widgets', () => {
  it('LinkedCard links its title and shows the image', () => {
    inRouter(
      <LinkedCard
        title="Retail"
        to="/case-study/retail"
        image={{ src: '/img/retail.svg', alt: 'Mall' }}
        description="Store finders"
      />,
    );
    expect(screen.getByRole('link', { name: 'Retail' }).getAttribute('href')).toBe('/case-study/retail');
    expect(screen.getByRole('img', { name: 'Mall' }).getAttribute('src')).toBe('/img/retail.svg');
    expect(screen.getByText('Store finders')).toBeTruthy();
  });

  it('LinkedCard uses a plain link for external addresses', () => {
    inRouter(<LinkedCard title="Docs" to="https://docs.example.com/" image={{ src: '/x.svg' }} />);
    expect(screen.getByRole('link', { name: 'Docs' }).getAttribute('href')).toBe('https://docs.example.com/');
  });

  it('CheckList renders one check-icon bullet per item', () => {
    const { container } = render(<CheckList items={['Cloud map hosting', 'Automatic updates']} />);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Cloud map hosting',
      'Automatic updates',
    ]);
    expect(container.querySelectorAll('svg.checklist__icon[aria-hidden="true"]')).toHaveLength(2);
  });

  it('Spinner is a status with a readable label', () => {
    render(<Spinner label="Saving" />);
    expect(screen.getByRole('status').textContent).toBe('Saving');
  });

  it('SectionHeading renders eyebrow, heading level and subtitle', () => {
    render(<SectionHeading as="h3" eyebrow="FAQ" title="Questions" subtitle="Answers" />);
    expect(screen.getByRole('heading', { level: 3, name: 'Questions' })).toBeTruthy();
    expect(screen.getByText('FAQ')).toBeTruthy();
    expect(screen.getByText('Answers')).toBeTruthy();
  });

  it('Divider is a separator, with optional text', () => {
    const { rerender } = render(<Divider />);
    expect(screen.getByRole('separator').tagName).toBe('HR');
    rerender(<Divider>or</Divider>);
    expect(screen.getByRole('separator').textContent).toBe('or');
  });

  it('Select labels a native select, with placeholder and error', () => {
    render(
      <Select
        label="Topic"
        value=""
        placeholder="Choose"
        options={[{ value: 'a', label: 'A' }]}
        error="Choose a topic."
        onChange={() => {}}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Topic' });
    expect((select as HTMLSelectElement).value).toBe('');
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(select.getAttribute('aria-describedby')).toBe(screen.getByText('Choose a topic.').id);
  });

  it('FadeIn and FadeInStagger set the fade duration and delays', () => {
    const { container } = render(
      <>
        <FadeIn delay={0.5}>one</FadeIn>
        <FadeInStagger step={0.1}>
          <span>a</span>
          <span>b</span>
        </FadeInStagger>
      </>,
    );
    const faded = Array.from(container.querySelectorAll<HTMLElement>('.fade-in'));
    expect(faded.map((el) => el.style.getPropertyValue('--fade-delay'))).toEqual(['0.5s', '0s', '0.1s']);
    expect(faded[0]!.style.getPropertyValue('--fade-duration')).toBe('0.2s');
  });
});
