import { useId } from 'react';
import type { UseFormRegister } from 'react-hook-form';
import { EMAIL_PREFERENCE_KEYS, type EmailPreferences } from '@fenestra/shared';
import type { SettingsFormInput } from '../lib/settings-form';

// Which notifications each switch covers (DESIGN.md 'Email for each notification type').
const PREFERENCES: Record<keyof EmailPreferences, { label: string; detail: string }> = {
  mentions: { label: 'Mentions', detail: 'Someone mentions you with @username.' },
  replies: { label: 'Replies to my questions', detail: 'A new reply on your question, or your reply is pinned.' },
  approved: { label: 'My question approved', detail: 'A moderator publishes your question.' },
  denied: { label: 'My question denied', detail: 'A moderator denies your question, with the reason.' },
  solved: { label: 'My question solved', detail: 'A question you asked or bookmarked is marked solved.' },
  banned: { label: 'Account banned', detail: 'Your account is banned, with the reason.' },
};

/** The six email notification checkboxes. */
export function EmailPreferenceFields({ register }: { register: UseFormRegister<SettingsFormInput> }) {
  const idPrefix = useId();
  return (
    <fieldset>
      <legend className="sr-only">Email me when</legend>
      <ul className="grid gap-3 sm:grid-cols-2">
        {EMAIL_PREFERENCE_KEYS.map((key) => {
          const id = `${idPrefix}-${key}`;
          return (
            <li key={key} className="flex items-start gap-3 rounded-md border border-border p-3">
              <input
                id={id}
                type="checkbox"
                aria-describedby={`${id}-detail`}
                className="mt-0.5 size-4 shrink-0 cursor-pointer accent-primary"
                {...register(`emailPreferences.${key}`)}
              />
              <div className="min-w-0">
                <label htmlFor={id} className="cursor-pointer text-sm font-medium text-fg">
                  {PREFERENCES[key].label}
                </label>
                <p id={`${id}-detail`} className="text-xs text-muted">
                  {PREFERENCES[key].detail}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
