import { useId, useState, type FormEvent } from 'react';
import {
  accentContrastProblem,
  SITE_SETTINGS,
  SITE_SETTINGS_LIMITS,
  type FooterLink,
  type SaveSiteSettings,
  type SiteSettingKey,
  type SiteSettingsAnswer,
} from '@fenestra/shared';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useSaveSiteSettings } from '../api/save-site-settings';
import { uploadSitePicture } from '../api/upload-site-picture';

type NumberKey =
  Extract<SiteSettingKey, `rateLimit${string}` | `trust${string}`> | 'flagHideThreshold' | 'trustedFlagWeight';
type SwitchKey = 'autoApproveTrusted' | 'requireEmailVerification';
const SWITCH_KEYS: SwitchKey[] = ['autoApproveTrusted', 'requireEmailVerification'];
const RATE_LIMIT_KEYS: NumberKey[] = [
  'rateLimitAuth',
  'rateLimitUploads',
  'rateLimitPosts',
  'rateLimitReplies',
  'rateLimitPreviews',
  'rateLimitOverrides',
  'rateLimitWindowSeconds',
];
const FLAG_KEYS: NumberKey[] = ['flagHideThreshold', 'trustedFlagWeight'];
/** What the trust job asks for each level (issue 26), in the order the rule reads. */
const TRUST_KEYS: { level: string; keys: NumberKey[] }[] = [
  {
    level: 'Member (level 1)',
    keys: ['trustMemberQuestions', 'trustMemberReplies', 'trustMemberDays', 'trustFlagFreeDays'],
  },
  {
    level: 'Trusted (level 2)',
    keys: [
      'trustTrustedQuestions',
      'trustTrustedReplies',
      'trustTrustedHelpfulMarks',
      'trustTrustedAcceptedAnswers',
      'trustTrustedDays',
    ],
  },
];
const NUMBER_KEYS: NumberKey[] = [...RATE_LIMIT_KEYS, ...FLAG_KEYS, ...TRUST_KEYS.flatMap((group) => group.keys)];

interface Draft {
  siteName: string;
  siteDescription: string;
  accentColor: string;
  footerLinks: FooterLink[];
  numbers: Record<NumberKey, string>;
  switches: Record<SwitchKey, boolean>;
}

const draftOf = ({ settings }: SiteSettingsAnswer): Draft => ({
  siteName: settings.siteName,
  siteDescription: settings.siteDescription,
  accentColor: settings.accentColor ?? '',
  footerLinks: settings.footerLinks,
  numbers: Object.fromEntries(NUMBER_KEYS.map((key) => [key, String(settings[key])])) as Record<NumberKey, string>,
  switches: {
    autoApproveTrusted: settings.autoApproveTrusted,
    requireEmailVerification: settings.requireEmailVerification,
  },
});

/** Only what differs from what is saved: the server logs each change with its before and after. */
function changesOf(draft: Draft, saved: SiteSettingsAnswer): SaveSiteSettings {
  const s = saved.settings;
  const out: Record<string, unknown> = {};
  if (draft.siteName !== s.siteName) out.siteName = draft.siteName;
  if (draft.siteDescription !== s.siteDescription) out.siteDescription = draft.siteDescription;
  if ((draft.accentColor.trim() || null) !== s.accentColor) out.accentColor = draft.accentColor.trim() || null;
  if (JSON.stringify(draft.footerLinks) !== JSON.stringify(s.footerLinks)) out.footerLinks = draft.footerLinks;
  for (const key of SWITCH_KEYS) if (draft.switches[key] !== s[key]) out[key] = draft.switches[key];
  for (const key of NUMBER_KEYS)
    if (draft.numbers[key] !== String(s[key])) out[key] = draft.numbers[key].trim() === '' ? '' : draft.numbers[key];
  for (const key of Object.keys(saved.fixedByEnv)) delete out[key];
  return out as SaveSiteSettings;
}

/** 'Set by SITE_NAME in the environment' under a field the environment fixes. */
const fixedHint = (answer: SiteSettingsAnswer, key: SiteSettingKey, hint?: string) =>
  answer.fixedByEnv[key]
    ? `Set by ${answer.fixedByEnv[key]} in the environment; change it there.`
    : (hint ?? SITE_SETTINGS[key].hint);

/** /admin/settings: the site's name, look, footer links and rate limits, saved together. */
export function SiteSettingsForm({ answer }: { answer: SiteSettingsAnswer }) {
  const [draft, setDraft] = useState(() => draftOf(answer));
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);
  const save = useSaveSiteSettings();
  const fixed = (key: SiteSettingKey) => Boolean(answer.fixedByEnv[key]);
  const errorFor = (key: string) => (error?.field?.startsWith(key) ? error.message : undefined);

  /** A whole number setting of the rate-limit, flags and trust cards (a function, not a component: typing keeps its focus). */
  const numberField = (setting: NumberKey) => (
    <FormField
      key={setting}
      label={SITE_SETTINGS[setting].label}
      type="number"
      inputMode="numeric"
      min={1}
      value={draft.numbers[setting]}
      disabled={fixed(setting)}
      hint={fixedHint(answer, setting)}
      error={errorFor(setting)}
      onChange={(e) => setDraft({ ...draft, numbers: { ...draft.numbers, [setting]: e.target.value } })}
    />
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    const changes = changesOf(draft, answer);
    if (Object.keys(changes).length === 0) {
      toast.success('Nothing to save: the settings are as shown');
      return;
    }
    await send(changes);
  }

  async function send(changes: SaveSiteSettings) {
    setError(null);
    try {
      const saved = await save.mutateAsync(changes);
      setDraft(draftOf(saved));
      toast.success('Site settings saved');
    } catch (err) {
      const field = err instanceof ApiError ? err.field : undefined;
      setError({ field, message: errorMessage(err) });
    }
  }

  return (
    <form onSubmit={submit} className="space-y-6" noValidate>
      {error && !error.field && (
        <p role="alert" className="rounded-md border border-danger px-3 py-2 text-sm text-danger">
          {error.message}
        </p>
      )}
      <Card className="space-y-5 p-5">
        <h2 className="text-lg font-semibold">Site</h2>
        <FormField
          label={SITE_SETTINGS.siteName.label}
          value={draft.siteName}
          maxLength={SITE_SETTINGS_LIMITS.siteName}
          disabled={fixed('siteName')}
          hint={fixedHint(answer, 'siteName', 'In the header, page titles and emails.')}
          error={errorFor('siteName')}
          onChange={(e) => setDraft({ ...draft, siteName: e.target.value })}
        />
        <FormField
          label={SITE_SETTINGS.siteDescription.label}
          value={draft.siteDescription}
          maxLength={SITE_SETTINGS_LIMITS.siteDescription}
          disabled={fixed('siteDescription')}
          hint={fixedHint(answer, 'siteDescription', 'In the footer and the page descriptions.')}
          error={errorFor('siteDescription')}
          onChange={(e) => setDraft({ ...draft, siteDescription: e.target.value })}
        />
        <AccentField
          answer={answer}
          value={draft.accentColor}
          error={errorFor('accentColor')}
          onChange={(accentColor) => setDraft({ ...draft, accentColor })}
        />
        <PictureField answer={answer} kind="logo" busy={save.isPending} onSave={send} />
        <PictureField answer={answer} kind="favicon" busy={save.isPending} onSave={send} />
      </Card>

      <Card className="space-y-4 p-5">
        <h2 className="text-lg font-semibold">Footer links</h2>
        <FooterLinksField
          links={draft.footerLinks}
          error={errorFor('footerLinks')}
          onChange={(footerLinks) => setDraft({ ...draft, footerLinks })}
        />
      </Card>

      <Card className="space-y-4 p-5">
        <div>
          <h2 className="text-lg font-semibold">Rate limits</h2>
          <p className="text-sm text-muted">
            Requests one address (replies and corrections: one member) may make in each window. Applied at once on every
            instance.
          </p>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">{RATE_LIMIT_KEYS.map(numberField)}</div>
      </Card>

      <Card className="space-y-4 p-5">
        <div>
          <h2 className="text-lg font-semibold">Trust and flags</h2>
          <p className="text-sm text-muted">How new members are let in, and when flags hide what members reported.</p>
        </div>
        {SWITCH_KEYS.map((key) => (
          <SwitchField
            key={key}
            setting={key}
            checked={draft.switches[key]}
            disabled={fixed(key)}
            hint={fixedHint(answer, key)}
            onChange={(on) => setDraft({ ...draft, switches: { ...draft.switches, [key]: on } })}
          />
        ))}
        <div className="grid gap-4 sm:grid-cols-2">{FLAG_KEYS.map(numberField)}</div>
      </Card>

      <Card className="space-y-4 p-5">
        <div>
          <h2 className="text-lg font-semibold">Trust levels</h2>
          <p className="text-sm text-muted">
            What the hourly trust job asks of a member for each level. Leader is given by staff in User Management.
          </p>
        </div>
        {TRUST_KEYS.map((group) => (
          <fieldset key={group.level} className="space-y-3">
            <legend className="text-sm font-semibold">{group.level}</legend>
            <div className="grid gap-4 sm:grid-cols-2">{group.keys.map(numberField)}</div>
          </fieldset>
        ))}
      </Card>

      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save settings'}
      </Button>
    </form>
  );
}

function AccentField(props: {
  answer: SiteSettingsAnswer;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const { answer, value, error, onChange } = props;
  const id = useId();
  const fixed = Boolean(answer.fixedByEnv.accentColor);
  // The sample shows a colour only once it would be accepted (its white text must itself be readable).
  const usable = /^#[0-9a-fA-F]{6}$/.test(value) && accentContrastProblem(value) === null;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{SITE_SETTINGS.accentColor.label}</Label>
      <div className="flex items-center gap-3">
        <Input
          id={id}
          value={value}
          placeholder="#1d4ed8"
          className="max-w-40 font-mono"
          disabled={fixed}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, error ? errorId : ''].join(' ').trim()}
          onChange={(e) => onChange(e.target.value)}
        />
        <span
          aria-hidden
          className="inline-flex h-9 items-center rounded-md px-3 text-sm font-medium text-white"
          style={{ backgroundColor: usable ? value : 'var(--primary)' }}
        >
          Button
        </span>
        {value && !fixed && (
          <Button type="button" variant="ghost" size="sm" onClick={() => onChange('')}>
            Use the default blue
          </Button>
        )}
      </div>
      <p id={hintId} className="text-xs text-muted">
        {fixedHint(answer, 'accentColor')}
      </p>
      {error && (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

const PICTURE = {
  logo: { key: 'logoUrl', label: 'Logo', hint: 'Shown in the header at 28 px: a square PNG, JPEG or WebP.' },
  favicon: { key: 'faviconUrl', label: 'Favicon', hint: 'The browser tab’s icon: a square image, 256 px or less.' },
} as const;

/** A logo or favicon: uploaded (stored like an avatar) and saved at once; replacing or removing leaves no file. */
function PictureField(props: {
  answer: SiteSettingsAnswer;
  kind: 'logo' | 'favicon';
  busy: boolean;
  onSave: (changes: SaveSiteSettings) => Promise<void>;
}) {
  const { answer, kind, busy, onSave } = props;
  const info = PICTURE[kind];
  const current = answer.settings[info.key];
  const id = useId();
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function choose(file: File | undefined) {
    if (!file) return;
    setProblem(null);
    setUploading(true);
    try {
      const upload = await uploadSitePicture(file, kind);
      await onSave({ [kind]: { uploadId: upload.id } });
    } catch (err) {
      setProblem(errorMessage(err));
    } finally {
      setUploading(false);
    }
  }

  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{info.label}</Label>
      <div className="flex flex-wrap items-center gap-3">
        {current ? (
          <img
            src={current}
            alt={`Current ${info.label.toLowerCase()}`}
            className="size-10 rounded-md border border-border object-contain"
          />
        ) : (
          <span className="text-sm text-muted">{kind === 'logo' ? 'The drawn window' : 'The built-in icon'}</span>
        )}
        <input
          id={id}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          disabled={busy || uploading}
          aria-describedby={`${id}-hint`}
          className="text-sm file:mr-3 file:rounded-md file:border file:border-border-strong file:bg-surface file:px-3 file:py-1.5 file:text-sm file:text-fg"
          onChange={(e) => {
            void choose(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        {current && (
          <Button
            type="button"
            variant="secondary"
            size="sm"
            disabled={busy || uploading}
            onClick={() => void onSave({ [kind]: null })}
          >
            Remove {info.label.toLowerCase()}
          </Button>
        )}
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted">
        {uploading ? 'Uploading…' : info.hint}
      </p>
      {problem && (
        <p role="alert" className="text-sm text-danger">
          {problem}
        </p>
      )}
    </div>
  );
}

function FooterLinksField(props: { links: FooterLink[]; error?: string; onChange: (links: FooterLink[]) => void }) {
  const { links, error, onChange } = props;
  const set = (index: number, link: FooterLink) => onChange(links.map((l, i) => (i === index ? link : l)));
  return (
    <div className="space-y-3">
      <p className="text-sm text-muted">
        Shown before Privacy Policy and Terms: an http(s) address, or a path here such as /resources/videos.
      </p>
      {links.map((link, index) => (
        <div key={index} className="grid items-end gap-3 sm:grid-cols-[1fr_2fr_auto]">
          <FormField
            label={`Link ${index + 1} label`}
            value={link.label}
            maxLength={SITE_SETTINGS_LIMITS.footerLabel}
            onChange={(e) => set(index, { ...link, label: e.target.value })}
          />
          <FormField
            label={`Link ${index + 1} address`}
            value={link.url}
            onChange={(e) => set(index, { ...link, url: e.target.value })}
          />
          <Button
            type="button"
            variant="secondary-danger"
            onClick={() => onChange(links.filter((_, i) => i !== index))}
          >
            Remove
          </Button>
        </div>
      ))}
      {links.length < SITE_SETTINGS_LIMITS.footerLinks && (
        <Button
          type="button"
          variant="secondary"
          size="sm"
          onClick={() => onChange([...links, { label: '', url: '' }])}
        >
          Add a link
        </Button>
      )}
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

function SwitchField(props: {
  setting: SwitchKey;
  checked: boolean;
  disabled: boolean;
  hint?: string;
  onChange: (on: boolean) => void;
}) {
  const { setting, checked, disabled, hint, onChange } = props;
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-4 accent-[var(--primary)]"
        checked={checked}
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(e) => onChange(e.target.checked)}
      />
      <div>
        <Label htmlFor={id}>{SITE_SETTINGS[setting].label}</Label>
        {hint && (
          <p id={`${id}-hint`} className="text-xs text-muted">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}
