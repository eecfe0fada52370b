import { NOTHING_DETECTED, type AiProvider } from './provider.js';

/** AI_PROVIDER=off: nothing is detected or embedded; images show the grey state. */
export function offProvider(): AiProvider {
  return {
    name: 'off',
    detectionModel: null,
    embeddingModel: null,
    detect: async () => NOTHING_DETECTED,
    embed: async () => [],
    close: async () => {},
  };
}
