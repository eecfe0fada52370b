import { toast } from '../../../lib/toast';
import { PencilLine, RotateCcw } from 'lucide-react';
import { Link } from 'react-router';
import { DETECTION_TEXT, type Detection } from '@fenestra/shared';
import { paths } from '../../../config/paths';
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

  // The part numbers it read surely ('part no. 23.10.00'), each with its page (decision 034); those with a character
  // it could not read surely beside them as read ('TH 23.1? (unsure)'), with no page (decision 042).
  const read = detection.keyFeatures
    .map((feature) => /^part no\. (.+)$/i.exec(feature)?.[1])
    .filter((number): number is string => Boolean(number));
  const partNumbers = read.filter((number) => !/\(unsure\)$/.test(number));
  const unsureNumbers = read.filter((number) => /\(unsure\)$/.test(number));

  return (
    <div className="space-y-1">
      <DetectionLine detection={detection} />
      {read.length > 0 && (
        <p className="text-xs">
          Part number{read.length > 1 ? 's' : ''}:{' '}
          {partNumbers.map((number, i) => (
            <span key={number}>
              {i > 0 && ', '}
              <Link to={paths.part(number)} className="font-mono text-link underline underline-offset-2">
                {number}
              </Link>
            </span>
          ))}
          {unsureNumbers.map((number, i) => (
            <span key={number}>
              {(partNumbers.length > 0 || i > 0) && ', '}
              <span className="font-mono">{number}</span>
            </span>
          ))}
        </p>
      )}
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

function StaffControls({
  detection,
  image,
  postId,
}: {
  detection: Detection;
  image: ImageDetectionProps['image'];
  postId: string;
}) {
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
        trigger={
          <Button variant="secondary" size="sm" aria-label={`${T.overrideButton}: ${image.alt}`}>
            <PencilLine className="size-3.5" aria-hidden />
            {T.overrideButton}
          </Button>
        }
      />
      {detection.status === 'failed' && (
        <Button
          variant="secondary"
          size="sm"
          disabled={retry.isPending}
          onClick={() => void onRetry()}
          aria-label={`${T.retry}: ${image.alt}`}
        >
          <RotateCcw className="size-3.5" aria-hidden />
          {retry.isPending ? T.retrying : T.retry}
        </Button>
      )}
    </div>
  );
}
