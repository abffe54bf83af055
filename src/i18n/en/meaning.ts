/** English strings of the meaning area (keys `meaning.*`). */
export const meaning = {
} as const;
