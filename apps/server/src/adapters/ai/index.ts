import { localProvider } from './local.js';
import { offProvider } from './off.js';
import { openAiProvider, type OpenAiOptions } from './openai.js';
import type { AiProvider, AiProviderName } from './provider.js';

export * from './provider.js';

export interface AiSettings {
  provider: AiProviderName;
  openai: OpenAiOptions | null;
  /** The provider's own time limit for one photo (the local one's; the remote one's is in `openai`). */
  timeoutSeconds?: number;
  /** Photos a remote provider reads at once. */
  concurrency?: number;
}

/** The configured provider (AI_PROVIDER): local by default, openai with its endpoint, or off. */
export function createAiProvider(settings: AiSettings): AiProvider {
  if (settings.provider === 'off') return offProvider();
  if (settings.provider === 'openai') {
    if (!settings.openai) throw new Error('AI_PROVIDER=openai needs AI_BASE_URL and AI_API_KEY');
    return openAiProvider({ ...settings.openai, concurrency: settings.concurrency });
  }
  return localProvider({ timeLimitSeconds: settings.timeoutSeconds });
}
