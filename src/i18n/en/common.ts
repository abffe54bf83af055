/** Strings several widgets share (copy buttons, the engine badge, take-home). */
export const common = {
  'common.copy': 'Copy',
} as const;
