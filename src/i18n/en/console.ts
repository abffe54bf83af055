/** English strings of the console area (keys `console.*`). */
export const console = {
} as const;
