import { Share2 } from 'lucide-react';
import { toast } from '../../../lib/toast';
import { MSG } from '@fenestra/shared';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';

/** Copies the post's shareable address (SPEC: /post/{id} is also the shareable link). */
export function ShareButton({ postId }: { postId: string }) {
  const share = async () => {
    try {
      if (!navigator.clipboard) throw new Error('Clipboard unavailable');
      await navigator.clipboard.writeText(`${window.location.origin}${paths.post(postId)}`);
      toast.success(MSG.linkCopied);
    } catch {
      toast.error(MSG.failedCopy);
    }
  };
  return (
    <Button variant="secondary" onClick={() => void share()}>
      <Share2 className="size-4" aria-hidden />
      Share
    </Button>
  );
}
