import { useId, useState, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { toastIfEmailUnconfirmed } from '../../../lib/confirm-email';
import {
  askSchema,
  LIMITS,
  MSG,
  TOPIC_LABELS,
  TOPICS,
  type AskInput,
  type QuestionDraftFields,
  type QuestionEditDraftFields,
} from '@fenestra/shared';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { MarkdownField } from '../../../components/composing/markdown-field';
import { DraftNotice } from '../../../components/composing/draft-notice';
import { useDraft } from '../../../lib/composing/use-draft';
import { useMe } from '../../../lib/session';
import { paths } from '../../../config/paths';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { toastValidationError } from '../../../lib/validation-toast';
import { useCreatePost } from '../api/create-post';
import { useMediaUploads } from '../../../lib/media/use-media-uploads';
import { MediaDropZone } from '../../../components/media/media-drop-zone';
import { MediaPreviews } from '../../../components/media/media-previews';
import { DiscardEditConfirm } from '../../../components/composing/discard-edit-confirm';
import { DraftPhotoAdvice } from './draft-photo-advice';
import { PhotoTips } from './photo-tips';
import { TagsField } from './tags-field';
import { UploadProgressList } from '../../../components/media/upload-progress-list';

const fields = ['topic', 'title', 'description', 'tags'] as const;
type Field = (typeof fields)[number];
const isField = (name: string | undefined): name is Field => (fields as readonly (string | undefined)[]).includes(name);

/** Describes a field by its hint and, when there is one, its error. */
const describedBy = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

/** What an edit sends besides the form's fields: the stored photos kept, the new uploads, the video. */
export interface EditedMedia {
  keepImageIds: string[];
  imageUploadIds: string[];
  keepVideo: boolean;
  videoUploadId: string | null;
}

/** Editing a stored question with the same form: its fields, photos and video, and how it is saved. */
export interface QuestionEdit {
  postId: string;
  initial: AskInput;
  /** The version the edit started from (a draft of the edit keeps it, and brings it back with its text). */
  version: number;
  setVersion(version: number): void;
  /** Back to the question (Cancel: after asking when something was changed). */
  leave(): void;
  images: { id: string; url: string; alt: string }[];
  video: { url: string; thumbnailUrl: string | null } | null;
  submitLabel: string;
  /** Saves, says so and moves on; a refusal is thrown (a 409 is the route's to show: see `conflict`). */
  save(question: AskInput, media: EditedMedia): Promise<void>;
  /** Above the button: the notice that the question changed meanwhile, with its reload (the typed text stays). */
  conflict?: ReactNode;
}

interface AskFormProps {
  /** Drawn under the title as it is typed (the route shows similar questions there). */
  renderAfterTitle?: (draft: { title: string; description: string }) => ReactNode;
  edit?: QuestionEdit;
}

export function AskForm({ renderAfterTitle, edit }: AskFormProps = {}) {
  const navigate = useNavigate();
  const createPost = useCreatePost();
  // The stored photos and video an edit keeps (what the author removes leaves with the save).
  const [removedIds, setRemovedIds] = useState<ReadonlySet<string>>(new Set());
  const [videoRemoved, setVideoRemoved] = useState(false);
  const keptImages = edit?.images.filter((image) => !removedIds.has(image.id)) ?? [];
  const keptVideo = edit?.video && !videoRemoved ? edit.video : null;
  const media = useMediaUploads({ stored: { images: keptImages.length, videos: keptVideo ? 1 : 0 } });
  const id = useId();
  const form = useForm({
    resolver: zodResolver(askSchema),
    defaultValues: edit?.initial ?? { topic: undefined, title: '', description: '', tags: [] },
  });
  const { errors, isSubmitting } = form.formState;
  const title = useWatch({ control: form.control, name: 'title' }) ?? '';
  const description = useWatch({ control: form.control, name: 'description' }) ?? '';
  const tags = useWatch({ control: form.control, name: 'tags' }) ?? [];
  const topic = useWatch({ control: form.control, name: 'topic' }) ?? '';
  const { me } = useMe();
  // Asking keeps one draft per member, an edit one per question (with the version it started from): the fields as
  // typed, not the files. An edit's form as it opened is no draft.
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const typed = { topic, title, description, tags };
  const opened = edit
    ? {
        topic: edit.initial.topic ?? '',
        title: edit.initial.title,
        description: edit.initial.description,
        tags: edit.initial.tags,
      }
    : { topic: '', title: '', description: '', tags: [] };
  const draft = useDraft<QuestionDraftFields | QuestionEditDraftFields>({
    memberId: me?.id ?? null,
    target: edit ? { editPostId: edit.postId } : 'question',
    fields: edit ? { ...typed, version: edit.version } : typed,
    apply: (restored) => {
      const topicTyped = (TOPICS as readonly string[]).includes(restored.topic)
        ? (restored.topic as AskInput['topic'])
        : undefined;
      form.reset({ topic: topicTyped, title: restored.title, description: restored.description, tags: restored.tags });
      if (edit && 'version' in restored) edit.setVersion(restored.version);
    },
    empty: edit ? { ...opened, version: edit.version } : opened,
  });

  /** Cancel an edit: at once when nothing was changed, else after asking (the draft goes either way). */
  function cancelEdit() {
    if (JSON.stringify(typed) !== JSON.stringify(opened)) {
      setConfirmingCancel(true);
      return;
    }
    draft.discard();
    edit?.leave();
  }
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
    if (error instanceof ApiError && isField(error.field))
      form.setError(error.field, { message: error.message }, { shouldFocus: true });
    if (toastIfEmailUnconfirmed(error)) return;
    toast.error(edit ? MSG.failedEdit : MSG.failedSubmit, { description: errorMessage(error) });
  }

  const onSubmit = form.handleSubmit(
    async (question) => {
      if (edit) {
        try {
          await edit.save(question, {
            keepImageIds: keptImages.map((image) => image.id),
            imageUploadIds: media.images.map((image) => image.id),
            keepVideo: Boolean(keptVideo),
            videoUploadId: media.video?.file.id ?? null,
          });
          draft.clear();
        } catch (error) {
          if (!(error instanceof ApiError && error.status === 409)) await showFailure(error);
        }
        return;
      }
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
      draft.clear();
      toast.success(MSG.questionSubmitted);
      await navigate(paths.home);
    },
    () => toastValidationError(askSchema, form.getValues()),
  );

  const descriptionLength = description.length;
  const descriptionOver = descriptionLength > LIMITS.description.max;

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label={edit ? MSG.editQuestion : 'Ask a Question'}>
      <Card className="space-y-6 p-5 sm:p-6">
        {draft.restored && <DraftNotice onDiscard={draft.discard} />}
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
          <MarkdownField
            id={`${id}-description`}
            rows={7}
            placeholder="Where is the part fitted, roughly how old is the window or door, any brand or numbers stamped on it, and what have you tried?"
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={describedBy(
              ids.descriptionHint,
              ids.descriptionCount,
              errors.description && ids.descriptionError,
            )}
            value={description}
            onChange={(next) =>
              form.setValue('description', next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })
            }
          />
          <div className="flex items-start justify-between gap-3 text-xs text-muted">
            <p id={ids.descriptionHint}>At least {LIMITS.description.min} characters.</p>
            <p
              id={ids.descriptionCount}
              className={cn('shrink-0 tabular-nums', descriptionOver && 'font-medium text-danger')}
            >
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
          onChange={(next) =>
            form.setValue('tags', next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })
          }
          error={errors.tags?.message ?? errors.tags?.find?.((tag) => tag?.message)?.message}
        />

        <section aria-labelledby={ids.mediaHeading} className="space-y-3">
          <div className="flex items-baseline gap-2">
            <h2 id={ids.mediaHeading} className="text-sm font-medium text-fg">
              Photos and video
            </h2>
            <span className="text-xs text-muted">Optional</span>
          </div>
          {(keptImages.length > 0 || keptVideo) && (
            <ul aria-label="Stored photos and video" className="flex flex-wrap gap-3">
              {keptImages.map((image) => (
                <li key={image.id} className="relative">
                  <img
                    src={image.url}
                    alt={image.alt}
                    className="size-24 rounded-md border border-border object-cover"
                  />
                  <button
                    type="button"
                    aria-label={`Remove ${image.alt}`}
                    onClick={() => setRemovedIds((ids) => new Set(ids).add(image.id))}
                    className="absolute -top-2 -right-2 cursor-pointer rounded-full border border-border bg-surface p-1 text-fg shadow-sm hover:bg-surface-muted"
                  >
                    <X className="size-3.5" aria-hidden />
                  </button>
                </li>
              ))}
              {keptVideo && (
                <li className="relative">
                  {keptVideo.thumbnailUrl ? (
                    <img
                      src={keptVideo.thumbnailUrl}
                      alt="Video"
                      className="size-24 rounded-md border border-border object-cover"
                    />
                  ) : (
                    <span className="flex size-24 items-center justify-center rounded-md border border-border text-sm text-muted">
                      Video
                    </span>
                  )}
                  <button
                    type="button"
                    aria-label="Remove the video"
                    onClick={() => setVideoRemoved(true)}
                    className="absolute -top-2 -right-2 cursor-pointer rounded-full border border-border bg-surface p-1 text-fg shadow-sm hover:bg-surface-muted"
                  >
                    <X className="size-3.5" aria-hidden />
                  </button>
                </li>
              )}
            </ul>
          )}
          <MediaDropZone onFiles={media.addFiles} />
          <UploadProgressList uploads={media.pending} />
          <MediaPreviews
            images={media.images}
            video={media.video}
            removing={media.removing}
            onRemoveImage={(imageId) => void media.removeImage(imageId)}
            onRemoveVideo={() => void media.removeVideo()}
          />
          {!edit && (
            <DraftPhotoAdvice
              images={media.images}
              title={title}
              description={description}
              onAddPhoto={(file) => media.addFiles([file])}
            />
          )}
          <PhotoTips />
        </section>

        {edit?.conflict}
        {confirmingCancel && (
          <DiscardEditConfirm
            onKeep={() => setConfirmingCancel(false)}
            onDiscard={() => {
              draft.discard();
              edit?.leave();
            }}
          />
        )}
        <div className="flex flex-col-reverse items-stretch gap-3 border-t border-border pt-5 sm:flex-row sm:items-center sm:justify-end">
          <p aria-live="polite" className="text-sm text-muted sm:mr-auto">
            {media.busy ? 'Waiting for uploads to finish...' : ''}
          </p>
          {edit && (
            <Button variant="secondary" size="lg" onClick={cancelEdit}>
              Cancel
            </Button>
          )}
          <Button type="submit" size="lg" disabled={media.busy || isSubmitting}>
            {isSubmitting ? 'Submitting...' : (edit?.submitLabel ?? 'Submit Question')}
          </Button>
        </div>
      </Card>
    </form>
  );
}
