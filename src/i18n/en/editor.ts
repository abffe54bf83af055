/** English strings of the editor area (keys `editor.*`). */
export const editor = {
} as const;
