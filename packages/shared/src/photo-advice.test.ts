import { describe, expect, it } from 'vitest';
import { PHOTO_ADVICE_TEXT, photoAdvice } from './photo-advice.js';

const image = (
  over: Partial<{
    status: 'queued' | 'done' | 'none' | 'failed' | 'off';
    object: string | null;
    keyFeatures: string[];
  }> = {},
) => ({
  detection: { status: 'none' as const, object: null, userConfirmedObject: null, keyFeatures: [], ...over },
});

describe('photo advice', () => {
  it('asks for what settles the part family the words suggest, once every photo was read and none settled it', () => {
    expect(
      photoAdvice({ title: 'Casement operator stripped', description: 'Cranks freely.', images: [image()] }),
    ).toEqual({
      family: 'casement operator',
      text: PHOTO_ADVICE_TEXT.body(
        'casement operator',
        'the stamp under the arm (open the window fully and look beneath the operator arm)',
      ),
    });
    expect(photoAdvice({ title: 'Sash lock will not turn', description: '', images: [image()] })?.family).toBe(
      'sash lock',
    );
    expect(
      photoAdvice({ title: 'Patio door drags', description: 'The roller seems worn.', images: [image()] })?.family,
    ).toBe('patio door roller');
    expect(photoAdvice({ title: 'What is this?', description: 'Found it.', images: [image()] })).toEqual({
      family: null,
      text: PHOTO_ADVICE_TEXT.bodyGeneral,
    });
  });

  it('says nothing while a photo is being read, or once one names a part or a sure part number', () => {
    const post = { title: 'Casement operator', description: '' };
    expect(photoAdvice({ ...post, images: [] })).toBeNull();
    expect(photoAdvice({ ...post, images: [image(), image({ status: 'queued' })] })).toBeNull();
    expect(
      photoAdvice({ ...post, images: [image({ status: 'done', object: 'casement window operator' })] }),
    ).toBeNull();
    expect(photoAdvice({ ...post, images: [image({ keyFeatures: ['part no. 23.10.00'] })] })).toBeNull();
    expect(photoAdvice({ ...post, images: [image({ keyFeatures: ['part no. 23.1? (unsure)'] })] })?.family).toBe(
      'casement operator',
    );
  });
});
