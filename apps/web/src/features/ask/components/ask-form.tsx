import { useId, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { askSchema, LIMITS, MSG, TOPIC_LABELS, TOPICS } from '@fenestra/shared';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { Textarea } from '../../../components/ui/textarea';
import { paths } from '../../../config/paths';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { toastValidationError } from '../../../lib/validation-toast';
import { useCreatePost } from '../api/create-post';
import { useMediaUploads } from '../../../lib/media/use-media-uploads';
import { MediaDropZone } from '../../../components/media/media-drop-zone';
import { MediaPreviews } from '../../../components/media/media-previews';
import { PhotoTips } from './photo-tips';
import { TagsField } from './tags-field';
import { UploadProgressList } from '../../../components/media/upload-progress-list';

const fields = ['topic', 'title', 'description', 'tags'] as const;
type Field = (typeof fields)[number];
const isField = (name: string | undefined): name is Field => (fields as readonly (string | undefined)[]).includes(name);

/** Describes a field by its hint and, when there is one, its error. */
const describedBy = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

interface AskFormProps {
  /** Drawn under the title as it is typed (the route shows similar questions there). */
  renderAfterTitle?: (draft: { title: string; description: string }) => ReactNode;
}

export function AskForm({ renderAfterTitle }: AskFormProps = {}) {
  const navigate = useNavigate();
  const createPost = useCreatePost();
  const media = useMediaUploads();
  const id = useId();
  const form = useForm({
    resolver: zodResolver(askSchema),
    defaultValues: { topic: undefined, title: '', description: '', tags: [] },
  });
  const { errors, isSubmitting } = form.formState;
  const title = useWatch({ control: form.control, name: 'title' }) ?? '';
  const description = useWatch({ control: form.control, name: 'description' }) ?? '';
  const tags = useWatch({ control: form.control, name: 'tags' }) ?? [];
  const ids = {
    topicError: `${id}-topic-error`,
    descriptionHint: `${id}-description-hint`,
    descriptionCount: `${id}-description-count`,
    descriptionError: `${id}-description-error`,
    mediaHeading: `${id}-media`,
  };

  async function showFailure(error: unknown) {
    if (error instanceof ApiError && error.status === 401) {
      toast.error(MSG.signInToSubmit);
      await navigate(paths.auth);
      return;
    }
    // A 400 names the field at fault: show the message there as well.
    if (error instanceof ApiError && isField(error.field)) form.setError(error.field, { message: error.message }, { shouldFocus: true });
    toast.error(MSG.failedSubmit, { description: errorMessage(error) });
  }

  const onSubmit = form.handleSubmit(
    async (question) => {
      try {
        await createPost.mutateAsync({
          ...question,
          imageUploadIds: media.images.map((image) => image.id),
          videoUploadId: media.video?.file.id ?? null,
        });
      } catch (error) {
        await showFailure(error);
        return;
      }
      toast.success(MSG.questionSubmitted);
      await navigate(paths.home);
    },
    () => toastValidationError(askSchema, form.getValues()),
  );

  const descriptionLength = description.length;
  const descriptionOver = descriptionLength > LIMITS.description.max;

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Ask a Question">
      <Card className="space-y-6 p-5 sm:p-6">
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-topic`}>Topic</Label>
          <NativeSelect
            id={`${id}-topic`}
            aria-invalid={errors.topic ? true : undefined}
            aria-describedby={describedBy(errors.topic && ids.topicError)}
            {...form.register('topic')}
          >
            <option value="">Select a topic</option>
            {TOPICS.map((topic) => (
              <option key={topic} value={topic}>
                {TOPIC_LABELS[topic]}
              </option>
            ))}
          </NativeSelect>
          {errors.topic && (
            <p id={ids.topicError} className="text-sm text-danger">
              {errors.topic.message}
            </p>
          )}
        </div>

        <FormField
          label="Title"
          placeholder="e.g. Casement window handle snapped: what is this part called?"
          hint={`Be specific. ${LIMITS.title.min}-${LIMITS.title.max} characters.`}
          autoComplete="off"
          error={errors.title?.message}
          {...form.register('title')}
        />
        {renderAfterTitle?.({ title, description })}

        <div className="space-y-1.5">
          <Label htmlFor={`${id}-description`}>Description</Label>
          <Textarea
            id={`${id}-description`}
            rows={7}
            placeholder="Where is the part fitted, roughly how old is the window or door, any brand or numbers stamped on it, and what have you tried?"
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={describedBy(ids.descriptionHint, ids.descriptionCount, errors.description && ids.descriptionError)}
            {...form.register('description')}
          />
          <div className="flex items-start justify-between gap-3 text-xs text-muted">
            <p id={ids.descriptionHint}>At least {LIMITS.description.min} characters.</p>
            <p id={ids.descriptionCount} className={cn('shrink-0 tabular-nums', descriptionOver && 'font-medium text-danger')}>
              {descriptionLength}/{LIMITS.description.max}
            </p>
          </div>
          {errors.description && (
            <p id={ids.descriptionError} className="text-sm text-danger">
              {errors.description.message}
            </p>
          )}
        </div>

        <TagsField
          tags={tags}
          onChange={(next) => form.setValue('tags', next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })}
          error={errors.tags?.message ?? errors.tags?.find?.((tag) => tag?.message)?.message}
        />

        <section aria-labelledby={ids.mediaHeading} className="space-y-3">
          <div className="flex items-baseline gap-2">
            <h2 id={ids.mediaHeading} className="text-sm font-medium text-fg">
              Photos and video
            </h2>
            <span className="text-xs text-muted">Optional</span>
          </div>
          <MediaDropZone onFiles={media.addFiles} />
          <UploadProgressList uploads={media.pending} />
          <MediaPreviews
            images={media.images}
            video={media.video}
            removing={media.removing}
            onRemoveImage={(imageId) => void media.removeImage(imageId)}
            onRemoveVideo={() => void media.removeVideo()}
          />
          <PhotoTips />
        </section>

        <div className="flex flex-col-reverse items-stretch gap-3 border-t border-border pt-5 sm:flex-row sm:items-center sm:justify-end">
          <p aria-live="polite" className="text-sm text-muted sm:mr-auto">
            {media.busy ? 'Waiting for uploads to finish...' : ''}
          </p>
          <Button type="submit" size="lg" disabled={media.busy || isSubmitting}>
            {isSubmitting ? 'Submitting...' : 'Submit Question'}
          </Button>
        </div>
      </Card>
    </form>
  );
}
