import { photoAdvice, type UploadedFile } from '@fenestra/shared';
import { PhotoAdviceBox } from '../../../components/media/photo-advice-box';
import { useDraftDetections } from '../api/draft-detection';

/**
 * Right after a photo is uploaded on the ask form, once the AI has read every photo there and found neither a part
 * nor a part number: what to photograph next for the family the question's words suggest, and 'Add a photo', which
 * adds it to the form's photos (read in turn).
 */
export function DraftPhotoAdvice({
  images,
  title,
  description,
  onAddPhoto,
}: {
  images: UploadedFile[];
  title: string;
  description: string;
  onAddPhoto: (file: File) => void;
}) {
  const readings = useDraftDetections(
    images.map((image) => image.id),
    { title, description },
  );
  // Until every photo has an answer, nothing is said.
  if (readings.some((r) => !r.data)) return null;
  const advice = photoAdvice({ title, description, images: readings.map((r) => ({ detection: r.data! })) });
  return advice ? <PhotoAdviceBox text={advice.text} onFile={onAddPhoto} /> : null;
}
