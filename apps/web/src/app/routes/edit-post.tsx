import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { MSG, isStaffRole } from '@fenestra/shared';
import { PageHeading } from '../../components/ui/page-heading';
import { Loading } from '../../components/ui/loading';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api-client';
import { useMe } from '../../lib/session';
import { toast } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AskForm } from '../../features/ask/components/ask-form';
import { usePost } from '../../features/post-detail/api/get-post';
import { useEditPost } from '../../features/editing/api/edit-post';
import { EditConflictNotice } from '../../features/editing/components/edit-conflict-notice';

/** /post/:id/edit: the ask form filled with the question (its author, or staff); a denied one is resubmitted. */
export function EditPostRoute() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { me } = useMe();
  const post = usePost(id);
  const edit = useEditPost(id);
  // The version the form's text was based on (a live update of the post does not move it: that is the conflict);
  // a reload after a conflict moves it on, the typed text stays; a restored draft of the edit brings back its own.
  const [baseVersion, setBaseVersion] = useState<number | null>(null);
  if (baseVersion === null && post.data) setBaseVersion(post.data.version);
  const [conflict, setConflict] = useState(false);
  useDocumentTitle(MSG.editQuestion);

  if (post.isPending) return <Loading />;
  if (post.isError) return <p className="text-muted">{MSG.postNotFound}</p>;
  const question = post.data;
  if (!me || (me.id !== question.author.id && !isStaffRole(me.role))) {
    return <p className="text-muted">{MSG.cannotEditPost}</p>;
  }
  const version = baseVersion ?? question.version;
  const resubmit = question.status === 'denied' && me.id === question.author.id;

  async function reload() {
    const fresh = await post.refetch();
    if (fresh.data) setBaseVersion(fresh.data.version);
    setConflict(false);
  }

  return (
    <section className="mx-auto max-w-3xl">
      <PageHeading title={resubmit ? MSG.editAndResubmit : MSG.editQuestion}>
        {resubmit
          ? `Denied: ${question.denialReason ?? ''}. Fix what the moderator asked for, then send it back for review.`
          : 'Fix a typo, add what you have learned, or change the photos.'}
      </PageHeading>
      <AskForm
        edit={{
          postId: id,
          version,
          setVersion: setBaseVersion,
          leave: () => void navigate(paths.post(id)),
          initial: {
            topic: question.topic,
            title: question.title,
            description: question.description,
            tags: question.tags,
          },
          images: question.images.map((image) => ({ id: image.id, url: image.url, alt: image.alt })),
          video: question.video ? { url: question.video.url, thumbnailUrl: question.video.thumbnailUrl } : null,
          submitLabel: resubmit ? MSG.editAndResubmit : MSG.saveChanges,
          conflict: conflict ? <EditConflictNotice busy={post.isFetching} onReload={() => void reload()} /> : null,
          async save(fields, media) {
            try {
              const result = await edit.mutateAsync({ ...fields, ...media, version });
              toast.success(result.message);
              await navigate(paths.post(id));
            } catch (error) {
              if (error instanceof ApiError && error.status === 409 && error.code === 'EDIT_CONFLICT')
                setConflict(true);
              throw error;
            }
          },
        }}
      />
    </section>
  );
}
