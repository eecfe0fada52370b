import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Detection } from '@fenestra/shared';
import { DetectionLine } from './detection-line';

const detection = (overrides: Partial<Detection>): Detection => ({
  object: 'Casement window crank handle',
  category: 'hardware',
  material: 'zinc',
  finish: 'white',
  confidence: 0.87,
  keyFeatures: [],
  userConfirmedObject: null,
  status: 'done',
  visibleText: null,
  ...overrides,
});

describe('detection line', () => {
  it.each([
    [0.87, '87%', 'high'],
    [0.7, '70%', 'medium'],
    [0.4, '40%', 'low'],
    // At SPEC's thresholds the colour follows the raw value and the percent is rounded down, so they agree.
    [0.595, '59%', 'low'],
    [0.6, '60%', 'medium'],
    [0.795, '79%', 'medium'],
    [0.8, '80%', 'high'],
    [0.29, '29%', 'low'],
  ])('shows confidence %s as %s, level %s, in words and not only in colour', (confidence, percent, level) => {
    const { container } = render(<DetectionLine detection={detection({ confidence })} />);
    expect(screen.getByText('Casement window crank handle')).toBeInTheDocument();
    expect(screen.getByText(percent)).toBeInTheDocument();
    expect(screen.getByText(`Confidence ${percent} (${level})`)).toBeInTheDocument();
    expect(container.querySelector('[data-level]')).toHaveAttribute('data-level', level);
  });

  it.each([
    ['none', 'Not identified'],
    ['off', 'Not identified'],
    ['queued', 'Identifying…'],
    ['failed', 'Detection failed'],
  ] as const)('reads the grey state of status %s as %s', (status, words) => {
    const { container } = render(<DetectionLine detection={detection({ object: null, confidence: null, status })} />);
    expect(screen.getByText(words)).toBeInTheDocument();
    expect(screen.queryByText(/Confidence/)).not.toBeInTheDocument();
    expect(container.querySelector('[data-level]')).toHaveAttribute('data-level', 'none');
  });

  it("prefers the staff's corrected object and says so", () => {
    render(
      <DetectionLine detection={detection({ userConfirmedObject: 'Truth operator 15-series', confidence: 0.42 })} />,
    );
    expect(screen.getByText('Truth operator 15-series')).toBeInTheDocument();
    expect(screen.queryByText('Casement window crank handle')).not.toBeInTheDocument();
    expect(screen.getByText('confirmed by staff')).toBeInTheDocument();
    expect(screen.getByText('Confidence 42% (low)')).toBeInTheDocument();
  });
});
