import { useSyncExternalStore } from 'react';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { PHOTO_ADVICE_TEXT, photoAdvice, type PostDetail, type ReplyPage } from '@fenestra/shared';
import { PhotoAdviceBox } from '../../../components/media/photo-advice-box';
import { errorMessage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useMe } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useAddPhoto } from '../api/add-photo';

const T = PHOTO_ADVICE_TEXT;

/**
 * For the question's author, once its photos (and the photos the author added as replies) were read and gave
 * neither a part nor a part number: what to photograph next for the part family the question's words suggest,
 * and 'Add a photo' (added through the question's edit, so the AI reads it like the others).
 */
export function PhotoAdviceCard({ post }: { post: PostDetail }) {
  const data = useLoadedReplies(post.id);
  const replyPhotos = (data?.pages ?? [])
    .flatMap((page) => page.replies)
    .filter((reply) => post.author.id !== null && reply.author.id === post.author.id)
    .flatMap((reply) => reply.images.flatMap((image) => (image.detection ? [{ detection: image.detection }] : [])));
  const advice = photoAdvice({ ...post, images: [...post.images, ...replyPhotos] });
  return advice ? <ForTheAuthor post={post} text={advice.text} /> : null;
}

/**
 * The replies the page below has loaded, read from the query cache and followed as it changes: this card never
 * fetches them, nor sets options on their (infinite) query.
 */
function useLoadedReplies(postId: string): InfiniteData<ReplyPage> | undefined {
  const client = useQueryClient();
  const read = () => client.getQueryData<InfiniteData<ReplyPage>>(queryKeys.replies.of(postId));
  // The same on the server (the first load is drawn there, decision 013).
  return useSyncExternalStore((changed) => client.getQueryCache().subscribe(changed), read, read);
}

function ForTheAuthor({ post, text }: { post: PostDetail; text: string }) {
  const { me } = useMe();
  return me && post.author.id === me.id ? <AdviceCard post={post} text={text} /> : null;
}

function AdviceCard({ post, text }: { post: PostDetail; text: string }) {
  const add = useAddPhoto(post);
  const onFile = async (file: File) => {
    try {
      await add.mutateAsync(file);
      toast.success(T.added);
    } catch (err) {
      toast.error(T.failed, { description: errorMessage(err) });
    }
  };
  return <PhotoAdviceBox text={text} busy={add.isPending} onFile={onFile} />;
}
