import { toast } from '../../../lib/toast';
import { PencilLine, RotateCcw } from 'lucide-react';
import { DETECTION_TEXT, type Detection } from '@fenestra/shared';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useRetryDetection } from '../api/retry-detection';
import { DetectionLine } from './detection-line';
import { OverrideDetectionDialog } from './override-detection-dialog';

const T = DETECTION_TEXT;

interface ImageDetectionProps {
  detection: Detection;
  image: { id: string; url: string; alt: string };
  /** Present when the viewer may override detections (its own flag); the post they are on. */
  staff: { postId: string } | null;
}

/** Under an image: what the AI read (object, confidence, and its details), and for staff Override and Retry. */
export function ImageDetection({ detection, image, staff }: ImageDetectionProps) {
  const details: [string, string][] = [
    [T.category, detection.category ?? ''],
    [T.material, detection.material ?? ''],
    [T.finish, detection.finish ?? ''],
    [T.keyFeatures, detection.keyFeatures.join(', ')],
    [T.visibleText, detection.visibleText ?? ''],
  ].filter((entry): entry is [string, string] => Boolean(entry[1]));

  return (
    <div className="space-y-1">
      <DetectionLine detection={detection} />
      {details.length > 0 && (
        <details className="text-xs">
          <summary className="cursor-pointer text-muted hover:text-fg">{T.detailsHeading}</summary>
          <dl className="mt-1 space-y-0.5">
            {details.map(([term, value]) => (
              <div key={term}>
                <dt className="inline font-medium">{term}: </dt>
                <dd className="inline break-words whitespace-pre-line">{value}</dd>
              </div>
            ))}
          </dl>
        </details>
      )}
      {staff && <StaffControls detection={detection} image={image} postId={staff.postId} />}
    </div>
  );
}

function StaffControls({ detection, image, postId }: { detection: Detection; image: ImageDetectionProps['image']; postId: string }) {
  const retry = useRetryDetection(postId);
  const onRetry = async () => {
    try {
      await retry.mutateAsync(image.id);
      toast.success(T.retryQueued);
    } catch (failure) {
      toast.error(T.retryFailed, { description: errorMessage(failure) });
    }
  };
  return (
    <div className="flex flex-wrap gap-1.5">
      <OverrideDetectionDialog
        postId={postId}
        imageId={image.id}
        imageUrl={image.url}
        imageAlt={image.alt}
        detection={detection}
        trigger={(
          <Button variant="secondary" size="sm" aria-label={`${T.overrideButton}: ${image.alt}`}>
            <PencilLine className="size-3.5" aria-hidden />
            {T.overrideButton}
          </Button>
        )}
      />
      {detection.status === 'failed' && (
        <Button variant="secondary" size="sm" disabled={retry.isPending} onClick={() => void onRetry()} aria-label={`${T.retry}: ${image.alt}`}>
          <RotateCcw className="size-3.5" aria-hidden />
          {retry.isPending ? T.retrying : T.retry}
        </Button>
      )}
    </div>
  );
}
