/** English strings of the tokens area (keys `tokens.*`). */
export const tokens = {
} as const;
