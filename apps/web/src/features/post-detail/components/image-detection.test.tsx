import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Detection } from '@fenestra/shared';
import { ImageDetection } from './image-detection';

const detection: Detection = {
  object: 'casement window operator',
  category: 'operator',
  material: null,
  finish: null,
  confidence: 0.57,
  keyFeatures: ['brand: Truth', 'part no. 23.10.00', 'part no. TH 23.1? (unsure)'],
  userConfirmedObject: null,
  status: 'done',
  visibleText: null,
};

describe('image detection', () => {
  it('links a part number read surely to its page and shows one with an unsure character as read, with no page', () => {
    render(
      <MemoryRouter>
        <ImageDetection detection={detection} image={{ id: 'i1', url: '/media/a.jpg', alt: '' }} staff={null} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: '23.10.00' })).toHaveAttribute('href', '/parts/231000');
    expect(screen.getAllByText('TH 23.1? (unsure)')[0]!.closest('a')).toBeNull();
    expect(screen.getByText(/^Part numbers:/)).toBeInTheDocument();
  });
});
