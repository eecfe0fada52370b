import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '@fenestra/shared';
import { MediaDropZone } from './media-drop-zone';

describe('the media picker', () => {
  it("offers the phone's camera ('Take a photo', capture) and hands its photo to the same upload path", async () => {
    const onFiles = vi.fn();
    render(<MediaDropZone kind="photos" onFiles={onFiles} />);
    const camera = screen.getByLabelText(MSG.takePhoto);
    expect(camera).toHaveAttribute('capture', 'environment');
    expect(camera).toHaveAttribute('accept', 'image/*');
    // One photo a shot: the camera input takes no `multiple`; the picker beside it still does.
    expect(camera).not.toHaveAttribute('multiple');
    expect(screen.getByLabelText('Add photos')).toHaveAttribute('multiple');
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'camera.jpg', { type: 'image/jpeg' });
    await userEvent.upload(camera, photo);
    expect(onFiles).toHaveBeenCalledWith([photo]);
  });
});
