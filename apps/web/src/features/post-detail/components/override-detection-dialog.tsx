import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from '../../../lib/toast';
import { TriangleAlert } from 'lucide-react';
import {
  DETECTION_LIMITS,
  DETECTION_TEXT,
  confidencePercent,
  overrideDetectionSchema,
  type Detection,
} from '@fenestra/shared';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { cn } from '../../../lib/cn';
import { overrideErrorMessage, useOverrideDetection } from '../api/override-detection';

interface OverrideDetectionDialogProps {
  postId: string;
  imageId: string;
  imageUrl: string;
  imageAlt: string;
  detection: Detection;
  /** The button that opens the dialog; focus returns to it on Cancel or Escape. */
  trigger: ReactNode;
}

const T = DETECTION_TEXT;

/** Staff correct the object an image shows (SPEC section 2 'Override Image Detection dialog'); saving regenerates its embedding. */
export function OverrideDetectionDialog({
  postId,
  imageId,
  imageUrl,
  imageAlt,
  detection,
  trigger,
}: OverrideDetectionDialogProps) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const override = useOverrideDetection(postId);
  const fieldId = useId();
  const errorId = `${fieldId}-error`;

  const blank = name.trim().length === 0;
  const tooLong = name.trim().length > DETECTION_LIMITS.objectName;
  const error = tooLong ? T.objectTooLong : submitted && blank ? T.objectRequired : null;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setName('');
      setSubmitted(false);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const parsed = overrideDetectionSchema.safeParse({ imageId, userConfirmedObject: name });
    if (!parsed.success) {
      if (blank) toast.error(T.objectRequiredTitle, { description: T.objectRequired });
      else toast.error(T.objectTooLong);
      return;
    }
    const before = detection.userConfirmedObject ?? detection.object ?? T.notIdentified;
    try {
      const result = await override.mutateAsync(parsed.data);
      toast.success(T.successTitle, { description: T.successBody(before, result.newDetection.object) });
      onOpenChange(false);
    } catch (failure) {
      toast.error(T.failureTitle, { description: overrideErrorMessage(failure) });
    }
  };

  const facts: [string, ReactNode][] = [
    [T.detectedObject, detection.object ?? T.none],
    [T.confidence, detection.confidence === null ? T.none : `${confidencePercent(detection.confidence)}%`],
    [T.category, detection.category ?? T.none],
    [T.material, detection.material ?? T.none],
    [T.keyFeatures, detection.keyFeatures.length ? detection.keyFeatures.join(', ') : T.none],
    [T.previousOverride, detection.userConfirmedObject ?? T.none],
  ];

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent title={T.dialogTitle} className="max-w-lg">
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
          <div className="flex gap-4">
            <img
              src={imageUrl}
              alt={`${T.preview}: ${imageAlt}`}
              className="size-24 shrink-0 rounded-md border border-border object-cover"
            />
            <section aria-label={T.currentDetection} className="min-w-0 flex-1">
              <h3 className="text-sm font-semibold">{T.currentDetection}</h3>
              <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
                {facts.map(([term, value]) => (
                  <div key={term} className="contents">
                    <dt className="text-muted">{term}</dt>
                    <dd className="min-w-0 break-words">{value}</dd>
                  </div>
                ))}
              </dl>
            </section>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={fieldId}>{T.correctedLabel}</Label>
            <input
              id={fieldId}
              value={name}
              onChange={(event) => setName(event.target.value)}
              required
              autoComplete="off"
              placeholder={T.correctedPlaceholder}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className={cn(
                'block h-9 w-full rounded-md border border-border-strong bg-surface px-3 text-sm text-fg placeholder:text-muted shadow-xs',
                'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring',
                'aria-invalid:border-danger',
              )}
            />
            {error && (
              <p id={errorId} className="text-sm text-danger">
                {error}
              </p>
            )}
          </div>
          <p className="flex items-start gap-2 rounded-md bg-surface-muted p-3 text-sm">
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            {T.warning}
          </p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary">{T.cancel}</Button>
            </DialogClose>
            <Button type="submit" disabled={override.isPending}>
              {override.isPending ? T.regenerating : T.regenerate}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
