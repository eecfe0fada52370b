import { useId } from 'react';
import type { UseFormRegister } from 'react-hook-form';
import { DIGEST_FREQUENCIES, EMAIL_PREFERENCE_KEYS, WHAT_IS_NEW_TEXT, type EmailPreferences } from '@fenestra/shared';
import { NativeSelect } from '../../../components/ui/native-select';
import type { SettingsFormInput } from '../lib/settings-form';
import { PreferenceSwitch } from './preference-switch';

// Which notifications each switch covers (DESIGN.md 'Email for each notification type').
export const PREFERENCES: Record<keyof EmailPreferences, { label: string; detail: string }> = {
  mentions: { label: 'Mentions', detail: 'Someone mentions you with @username.' },
  replies: { label: 'Replies to my questions', detail: 'A new reply on your question, or your reply is pinned.' },
  approved: { label: 'My question approved', detail: 'A moderator publishes your question.' },
  denied: { label: 'My question denied', detail: 'A moderator denies your question, with the reason.' },
  solved: { label: 'My question solved', detail: 'A question you asked or bookmarked is marked solved.' },
  banned: { label: 'Account banned', detail: 'Your account is banned, with the reason.' },
  accepted: { label: 'My answer accepted', detail: 'The asker accepts your reply as the answer.' },
};

/** The email notification checkboxes, one per preference, and the digest's frequency (issue 25). */
export function EmailPreferenceFields({ register }: { register: UseFormRegister<SettingsFormInput> }) {
  const idPrefix = useId();
  return (
    <fieldset>
      <legend className="sr-only">Email me when</legend>
      <ul className="grid gap-3 sm:grid-cols-2">
        {EMAIL_PREFERENCE_KEYS.map((key) => (
          <PreferenceSwitch
            key={key}
            id={`${idPrefix}-${key}`}
            label={PREFERENCES[key].label}
            detail={PREFERENCES[key].detail}
            {...register(`emailPreferences.${key}`)}
          />
        ))}
      </ul>
      <div className="mt-4 max-w-sm space-y-1.5">
        <label htmlFor={`${idPrefix}-digest`} className="text-sm font-medium text-fg">
          {WHAT_IS_NEW_TEXT.digestLabel}
        </label>
        <p id={`${idPrefix}-digest-detail`} className="text-xs text-muted">
          {WHAT_IS_NEW_TEXT.digestDetail}. {WHAT_IS_NEW_TEXT.digestDefault}
        </p>
        <NativeSelect id={`${idPrefix}-digest`} aria-describedby={`${idPrefix}-digest-detail`} {...register('digest')}>
          {DIGEST_FREQUENCIES.map((frequency) => (
            <option key={frequency} value={frequency}>
              {WHAT_IS_NEW_TEXT.digestOptions[frequency]}
            </option>
          ))}
        </NativeSelect>
      </div>
    </fieldset>
  );
}
