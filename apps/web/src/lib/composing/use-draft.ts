import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { DRAFT_LIMITS, draftHasText, draftStorageKey, draftTargetKey, type DraftFields } from '@fenestra/shared';
import { discardDraft, getDraft, saveDraft, type DraftTarget } from './drafts';

interface StoredDraft<F> {
  fields: F;
  savedAt: string;
}

/** A form's fields without the version an edit started from: the stored text on a newer version is no draft. */
const textOf = (fields: DraftFields) => JSON.stringify({ ...fields, version: undefined });

/**
 * Worth keeping: some text, and not the form as it opened (an edit opens with the stored text). An edit just saved
 * is drawn once more with the saved reply's new version while its dialog closes: the same text is not a draft.
 */
const worthKeeping = (typed: DraftFields, empty: DraftFields) => draftHasText(typed) && textOf(typed) !== textOf(empty);

function readStored<F>(key: string): StoredDraft<F> | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as StoredDraft<F>) : null;
  } catch {
    return null;
  }
}

/**
 * Keeps what a member types in a form (issue 25 'Drafts'): in this browser at once, on the server a few seconds
 * after typing pauses, so a reload or another device loses nothing. On opening, the newer of the two comes back
 * (`restored` is then true: the form says 'Draft restored' and offers Discard). `clear` is for after posting (the
 * server drops its copy in the same transaction). `empty` is the form as it opens: nothing for a new question or
 * reply, the stored text (and its version) for an edit; a form back at it keeps no draft.
 */
export function useDraft<F extends DraftFields>(options: {
  memberId: string | null;
  target: DraftTarget;
  fields: F;
  apply: (fields: F) => void;
  empty: F;
}) {
  const { memberId, target, fields, apply, empty } = options;
  const key = memberId ? draftStorageKey(memberId, target) : null;
  const targetKey = draftTargetKey(target);
  // The target as last drawn (its key says when it changes).
  const targetRef = useRef(target);
  useLayoutEffect(() => {
    targetRef.current = target;
  });
  const emptySerialized = JSON.stringify(empty);
  const emptyRef = useRef(empty);
  useLayoutEffect(() => {
    emptyRef.current = empty;
  });
  const [restored, setRestored] = useState(false);
  // Nothing is saved before the stored draft had its chance to come back (the empty form would overwrite it).
  const ready = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const applyRef = useRef(apply);
  useLayoutEffect(() => {
    applyRef.current = apply;
  });

  useEffect(() => {
    ready.current = false;
    if (!key) return;
    let live = true;
    const local = readStored<F>(key);
    const serverTarget = targetRef.current;
    // This browser's copy at once (the next tick), then the server's when it is newer (another device's).
    void Promise.resolve()
      .then(() => {
        if (!live) return;
        if (local && worthKeeping(local.fields, emptyRef.current)) {
          applyRef.current(local.fields);
          setRestored(true);
        }
        ready.current = true;
        return getDraft<F>(serverTarget);
      })
      .then((remote) => {
        if (!live || !remote || !worthKeeping(remote.fields, emptyRef.current)) return;
        if (local && Date.parse(local.savedAt) >= Date.parse(remote.updatedAt)) return;
        applyRef.current(remote.fields);
        localStorage.setItem(key, JSON.stringify({ fields: remote.fields, savedAt: remote.updatedAt }));
        setRestored(true);
      })
      .catch(() => {});
    return () => {
      live = false;
      clearTimeout(timer.current);
    };
  }, [key, targetKey]);

  const serialized = JSON.stringify(fields);
  useEffect(() => {
    if (!key || !ready.current) return;
    const stored = readStored<F>(key);
    if (stored && JSON.stringify(stored.fields) === serialized) return;
    const hasText = worthKeeping(fields, emptyRef.current);
    if (hasText) localStorage.setItem(key, JSON.stringify({ fields, savedAt: new Date().toISOString() }));
    else localStorage.removeItem(key);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const at = targetRef.current;
      (hasText ? saveDraft(at, fields) : discardDraft(at)).catch(() => {});
    }, DRAFT_LIMITS.saveAfterMs);
    // `fields` and `target` are read through `serialized` and `key`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, serialized, emptySerialized]);

  const forget = useCallback(() => {
    clearTimeout(timer.current);
    if (key) localStorage.removeItem(key);
    setRestored(false);
  }, [key]);

  /** Discard: the form empties and both copies go. */
  const discard = useCallback(() => {
    forget();
    applyRef.current(emptyRef.current);
    if (memberId) discardDraft(targetRef.current).catch(() => {});
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [forget, memberId, targetKey]);

  return { restored, discard, clear: forget, dismissNotice: () => setRestored(false) };
}
